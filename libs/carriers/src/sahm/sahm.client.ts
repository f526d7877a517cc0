import { PassthroughResponse } from '@lgw/carrier-access';
import { checkAnswer, HttpAnswer, joinUrl, readJson, readJsonIfAny, sendHttp } from '../shared/carrier-http';
import { sahmErrorMessage } from './sahm.mapper';
import { SahmSettings } from './sahm.settings';
import {
  SahmAddress,
  SahmCreateShipmentRequest,
  SahmErrorBody,
  SahmShipment,
  SahmShipmentList,
  SahmPayoutPage,
  SahmPickup,
  SahmPickupRequest,
  SahmTrackingPage,
} from './sahm.wire-types';

const CARRIER = 'sahm';

/** HTTP to Sahm's API v2 and nothing else: no mapping, no retries. */
export class SahmClient {
  constructor(private readonly settings: Pick<SahmSettings, 'baseUrl' | 'apiToken'>) {}

  async createShipment(body: SahmCreateShipmentRequest, idempotencyKey: string, signal: AbortSignal): Promise<SahmShipment> {
    const answer = await this.call('POST', '/v2/shipments', signal, JSON.stringify(body), { 'idempotency-key': idempotencyKey });
    return this.expectOk<SahmShipment>(answer);
  }

  async findByExternalId(externalId: string, signal: AbortSignal): Promise<SahmShipmentList> {
    const answer = await this.call('GET', `/v2/shipments?${new URLSearchParams({ external_id: externalId })}`, signal);
    return this.expectOk<SahmShipmentList>(answer);
  }

  async cancelShipment(trackingNumber: string, signal: AbortSignal): Promise<void> {
    const answer = await this.call('POST', `/v2/shipments/${encodeURIComponent(trackingNumber)}/cancel`, signal, '{}');
    this.expectOk(answer);
  }

  async updateConsignee(trackingNumber: string, consignee: SahmAddress, signal: AbortSignal): Promise<void> {
    const answer = await this.call(
      'PATCH',
      `/v2/shipments/${encodeURIComponent(trackingNumber)}/consignee`,
      signal,
      JSON.stringify(consignee),
    );
    this.expectOk(answer);
  }

  async trackingPage(trackingNumbers: readonly string[], cursor: string | null, signal: AbortSignal): Promise<SahmTrackingPage> {
    const query = new URLSearchParams({ tracking_numbers: trackingNumbers.join(','), limit: '200' });
    if (cursor) query.set('cursor', cursor);
    const answer = await this.call('GET', `/v2/tracking?${query}`, signal);
    return this.expectOk<SahmTrackingPage>(answer);
  }

  async payoutPage(cursor: string | null, signal: AbortSignal): Promise<SahmPayoutPage> {
    const query = new URLSearchParams({ limit: '20' });
    if (cursor) query.set('cursor', cursor);
    const answer = await this.call('GET', `/v2/payouts?${query}`, signal);
    return this.expectOk<SahmPayoutPage>(answer);
  }

  async createPickup(body: SahmPickupRequest, signal: AbortSignal): Promise<SahmPickup> {
    return this.expectOk<SahmPickup>(await this.call('POST', '/v2/pickups', signal, JSON.stringify(body)));
  }

  async findPickup(reference: string, signal: AbortSignal): Promise<{ data?: SahmPickup[] }> {
    return this.expectOk(await this.call('GET', `/v2/pickups?${new URLSearchParams({ reference })}`, signal));
  }

  async cancelPickup(id: string, signal: AbortSignal): Promise<void> {
    this.expectOk(await this.call('POST', `/v2/pickups/${encodeURIComponent(id)}/cancel`, signal, '{}'));
  }

  /** Any HTTP answer is returned as is; only "no answer" throws. */
  async passthrough(rawBody: Buffer, signal: AbortSignal): Promise<PassthroughResponse> {
    const answer = await this.call('POST', '/v2/passthrough', signal, rawBody);
    return {
      status: answer.status,
      contentType: answer.headers.get('content-type') ?? 'application/json',
      body: answer.body,
    };
  }

  private call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    signal: AbortSignal,
    body?: string | Buffer,
    extra: Record<string, string> = {},
  ) {
    return sendHttp({
      method,
      url: joinUrl(this.settings.baseUrl, path),
      signal,
      body,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${this.settings.apiToken}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...extra,
      },
    });
  }

  private expectOk<T>(answer: HttpAnswer): T {
    const refusal = (refused: HttpAnswer) => sahmErrorMessage(readJsonIfAny<SahmErrorBody>(refused), refused.status);
    return readJson<T>(checkAnswer(CARRIER, answer, refusal));
  }
}
