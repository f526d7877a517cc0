import { checkAnswer, HttpAnswer, joinUrl, readJson, readJsonIfAny, sendHttp } from '../shared/carrier-http';
import { smsaErrorMessage } from './smsa.mapper';
import { SmsaSettings } from './smsa.settings';
import { SmsaB2cShipmentRequest, SmsaC2bShipmentRequest, SmsaShipmentAnswer, SmsaStatusLookup, SmsaTracking } from './smsa.wire-types';

const CARRIER = 'smsa';

/** HTTP to SMSA's e-commerce REST API and nothing else: no mapping, no retries. Every call carries the `apikey` header. */
export class SmsaClient {
  constructor(private readonly settings: Pick<SmsaSettings, 'baseUrl' | 'apiKey'>) {}

  async createB2c(body: SmsaB2cShipmentRequest, signal: AbortSignal): Promise<SmsaShipmentAnswer> {
    return this.expectOk(await this.call('POST', '/api/shipment/b2c/new', signal, JSON.stringify(body)));
  }

  /** GET /api/shipment/b2c/query/{AWB}: the shipment as booked, its waybill files included. */
  async queryB2c(awb: string, signal: AbortSignal): Promise<SmsaShipmentAnswer> {
    return this.expectOk(await this.call('GET', `/api/shipment/b2c/query/${encodeURIComponent(awb)}`, signal));
  }

  /** POST /api/c2b/new: a customer return, answered like a B2C shipment. */
  async createC2b(body: SmsaC2bShipmentRequest, signal: AbortSignal): Promise<SmsaShipmentAnswer> {
    return this.expectOk(await this.call('POST', '/api/c2b/new', signal, JSON.stringify(body)));
  }

  /** GET /api/c2b/query/{AWB}: a C2B shipment as booked, its waybill files included. */
  async queryC2b(awb: string, signal: AbortSignal): Promise<SmsaShipmentAnswer> {
    return this.expectOk(await this.call('GET', `/api/c2b/query/${encodeURIComponent(awb)}`, signal));
  }

  async trackSingle(awb: string, signal: AbortSignal): Promise<SmsaTracking | null> {
    const answer = await this.call('GET', `/api/track/single/${encodeURIComponent(awb)}`, signal);
    if (answer.status === 404) return null;
    return this.expectOk(answer);
  }

  /** POST /api/track/bulk: a JSON array of AWBs in, an array of tracking records out (unknown AWBs left out). */
  async trackBulk(awbs: readonly string[], signal: AbortSignal): Promise<SmsaTracking[]> {
    return this.expectOk(await this.call('POST', '/api/track/bulk', signal, JSON.stringify(awbs)));
  }

  /** The shipment booked under our OrderNumber (the gateway's shipment id), or null. */
  async trackByReference(reference: string, signal: AbortSignal): Promise<SmsaTracking | null> {
    const answer = await this.call('GET', `/api/track/reference/${encodeURIComponent(reference)}`, signal);
    if (answer.status === 404) return null;
    return this.expectOk(answer);
  }

  async statusLookup(signal: AbortSignal): Promise<SmsaStatusLookup[]> {
    return this.expectOk(await this.call('GET', '/api/track/statuslookup', signal));
  }

  private call(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: string) {
    return sendHttp({
      method,
      url: joinUrl(this.settings.baseUrl, path),
      signal,
      body,
      headers: {
        accept: 'application/json',
        apikey: this.settings.apiKey,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
    });
  }

  private expectOk<T>(answer: HttpAnswer): T {
    return readJson<T>(checkAnswer(CARRIER, answer, refusalOf));
  }
}

/** SMSA's refusal in its words: the validation problem's messages, else the start of what it answered. */
function refusalOf(refused: HttpAnswer): string {
  return smsaErrorMessage(readJsonIfAny<unknown>(refused) ?? refused.body.toString('utf8').slice(0, 500), refused.status);
}
