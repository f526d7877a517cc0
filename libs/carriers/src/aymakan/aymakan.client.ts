import { CarrierRejectedError } from '@lgw/kernel';
import { checkAnswer, HttpAnswer, joinUrl, readJson, readJsonIfAny, sendHttp } from '../shared/carrier-http';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import { aymakanErrorMessage } from './aymakan.mapper';
import { AymakanSettings } from './aymakan.settings';
import {
  AymakanAwbAnswer,
  AymakanCreateAnswer,
  AymakanPickup,
  AymakanPickupAnswer,
  AymakanPickupListAnswer,
  AymakanPickupRequest,
  AymakanReversePickupAnswer,
  AymakanReversePickupRequest,
  AymakanShipment,
  AymakanShippingRequest,
  AymakanTimeSlotsAnswer,
  AymakanTrackAnswer,
} from './aymakan.wire-types';

const CARRIER = 'aymakan';

/** HTTP to Aymakan's API v2 and nothing else: no mapping, no retries. Every call carries the raw `Authorization: <token>` header. */
export class AymakanClient {
  constructor(private readonly settings: Pick<AymakanSettings, 'baseUrl' | 'apiToken'>) {}

  async createShipping(body: AymakanShippingRequest, signal: AbortSignal): Promise<AymakanCreateAnswer> {
    return this.expectOk(await this.call('POST', '/v2/shipping/create', signal, body));
  }

  /** POST /v2/shipping/create/reverse_pickup: a customer return, collected from the customer for the merchant. */
  async createReversePickup(body: AymakanReversePickupRequest, signal: AbortSignal): Promise<AymakanReversePickupAnswer> {
    return this.expectOk(await this.call('POST', '/v2/shipping/create/reverse_pickup', signal, body));
  }

  /** GET /v2/shipping/track/{ids}: comma-separated AWBs; "No shipments found" (422) when none is known. */
  async track(awbs: readonly string[], signal: AbortSignal): Promise<AymakanShipment[]> {
    const answer = await this.call('GET', `/v2/shipping/track/${awbs.map(encodeURIComponent).join(',')}`, signal);
    if (answer.status === 422 || answer.status === 404) return [];
    return this.expectOk<AymakanTrackAnswer>(answer).data?.shipments ?? [];
  }

  /** The shipments booked under our references, or none. */
  async byReference(reference: string, signal: AbortSignal): Promise<AymakanShipment[]> {
    const answer = await this.call('GET', `/v2/shipping/by_reference/${encodeURIComponent(reference)}`, signal);
    if (answer.status === 422 || answer.status === 404) return [];
    return this.expectOk<AymakanTrackAnswer>(answer).data?.shipments ?? [];
  }

  async cancel(awb: string, signal: AbortSignal): Promise<void> {
    this.expectOk(await this.call('POST', '/v2/shipping/cancel', signal, { tracking: awb }));
  }

  async awbUrl(awb: string, signal: AbortSignal): Promise<string> {
    const answer = this.expectOk<AymakanAwbAnswer>(await this.call('GET', `/v2/shipping/awb/tracking/${encodeURIComponent(awb)}`, signal));
    if (!answer.data?.awb_url) throw new CarrierTransportError('malformed answer (no awb_url)');
    return answer.data.awb_url;
  }

  /** The AWB document at the URL Aymakan gave: a public, unguessable link, fetched without our token. */
  async document(url: string, signal: AbortSignal): Promise<Buffer> {
    const answer = await sendHttp({ method: 'GET', url, signal, headers: { accept: 'application/pdf' } });
    checkAnswer(CARRIER, answer, (refused) => `AWB document: HTTP ${refused.status}`);
    if (answer.body.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new CarrierRejectedError(CARRIER, 'the AWB link did not answer a PDF');
    return answer.body;
  }

  /** The slots still open for collections on a day: key → label. */
  async timeSlots(date: string, signal: AbortSignal): Promise<Record<string, string>> {
    const answer = this.expectOk<AymakanTimeSlotsAnswer>(await this.call('GET', `/v2/time_slots/${encodeURIComponent(date)}`, signal));
    const slots = answer.data?.slots;
    // An empty PHP array is sent as [] where a day has no slot left.
    return slots && !Array.isArray(slots) ? slots : {};
  }

  async createPickup(body: AymakanPickupRequest, signal: AbortSignal): Promise<AymakanPickup> {
    const answer = this.expectOk<AymakanPickupAnswer>(await this.call('POST', '/v2/pickup_request/create', signal, body));
    if (typeof answer.data?.id !== 'number') throw new CarrierTransportError('malformed answer (no pickup request id)');
    return answer.data;
  }

  /** Cancels a collection; false when Aymakan says it is cancelled already. */
  async cancelPickup(id: number, signal: AbortSignal): Promise<boolean> {
    const answer = await this.call('POST', '/v2/pickup_request/cancel', signal, { pickup_request: id });
    if (answer.status === 422 && /already cancelled/i.test(aymakanErrorMessage(readJsonIfAny<unknown>(answer), 422))) return false;
    this.expectOk(answer);
    return true;
  }

  /** One page of the account's collections, newest first. */
  async pickups(page: number, signal: AbortSignal): Promise<{ pickups: AymakanPickup[]; lastPage: number }> {
    const answer = this.expectOk<AymakanPickupListAnswer>(await this.call('GET', `/v2/pickup_request/list?page=${page}`, signal));
    const list = answer.data?.pickupRequests;
    return { pickups: Array.isArray(list?.data) ? list.data : [], lastPage: list?.last_page ?? page };
  }

  private call(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: unknown) {
    return sendHttp({
      method,
      url: joinUrl(this.settings.baseUrl, path),
      signal,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        accept: 'application/json',
        // Aymakan takes the token as is: no "Bearer" scheme.
        authorization: this.settings.apiToken,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
    });
  }

  private expectOk<T>(answer: HttpAnswer): T {
    const refusal = (refused: HttpAnswer) =>
      aymakanErrorMessage(readJsonIfAny<unknown>(refused) ?? refused.body.toString('utf8').slice(0, 500), refused.status);
    return readJson<T>(checkAnswer(CARRIER, answer, refusal));
  }
}
