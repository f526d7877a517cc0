import { CarrierRejectedError } from '@lgw/kernel';
import { checkAnswer, credentialsRefused, HttpAnswer, joinUrl, readJson, readJsonIfAny, sendHttp } from '../shared/carrier-http';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import { aramexCredentialsRefused, aramexRefusal } from './aramex.mapper';
import { AramexSettings } from './aramex.settings';
import {
  AramexAnswer,
  AramexCalculateRateAnswer,
  AramexCalculateRateRequest,
  AramexCancelPickupRequest,
  AramexCreatePickupAnswer,
  AramexCreatePickupRequest,
  AramexCreateShipmentsAnswer,
  AramexCreateShipmentsRequest,
  AramexPrintLabelAnswer,
  AramexPrintLabelRequest,
  AramexTrackShipmentsAnswer,
  AramexTrackShipmentsRequest,
} from './aramex.wire-types';

const CARRIER = 'aramex';
const SHIPPING = '/ShippingAPI.V2/Shipping/Service_1_0.svc/json';
const TRACKING = '/ShippingAPI.V2/Tracking/Service_1_0.svc/json';
const RATES = '/ShippingAPI.V2/RateCalculator/Service_1_0.svc/json';

/**
 * HTTP to Aramex's Shipping Services API and nothing else: no mapping, no retries. Every call
 * is a JSON POST whose body carries ClientInfo; Aramex answers its own refusals with HTTP 200
 * and `HasErrors`, which this client turns into the same errors as an HTTP refusal.
 */
export class AramexClient {
  constructor(private readonly settings: Pick<AramexSettings, 'baseUrl'>) {}

  createShipments(body: AramexCreateShipmentsRequest, signal: AbortSignal): Promise<AramexCreateShipmentsAnswer> {
    return this.post(`${SHIPPING}/CreateShipments`, body, signal);
  }

  printLabel(body: AramexPrintLabelRequest, signal: AbortSignal): Promise<AramexPrintLabelAnswer> {
    return this.post(`${SHIPPING}/PrintLabel`, body, signal);
  }

  createPickup(body: AramexCreatePickupRequest, signal: AbortSignal): Promise<AramexCreatePickupAnswer> {
    return this.post(`${SHIPPING}/CreatePickup`, body, signal);
  }

  cancelPickup(body: AramexCancelPickupRequest, signal: AbortSignal): Promise<AramexAnswer> {
    return this.post(`${SHIPPING}/CancelPickup`, body, signal);
  }

  trackShipments(body: AramexTrackShipmentsRequest, signal: AbortSignal): Promise<AramexTrackShipmentsAnswer> {
    return this.post(`${TRACKING}/TrackShipments`, body, signal);
  }

  calculateRate(body: AramexCalculateRateRequest, signal: AbortSignal): Promise<AramexCalculateRateAnswer> {
    return this.post(`${RATES}/CalculateRate`, body, signal);
  }

  /** The label document a LabelURL points to (Aramex's report server), as its bytes. */
  async download(url: string, signal: AbortSignal): Promise<Buffer> {
    const answer = await sendHttp({ method: 'GET', url, signal, headers: { accept: 'application/pdf' } });
    return checkAnswer(CARRIER, answer, (refused) => `label download refused (HTTP ${refused.status})`).body;
  }

  private async post<T extends AramexAnswer>(path: string, body: unknown, signal: AbortSignal): Promise<T> {
    const answer = await sendHttp({
      method: 'POST',
      url: joinUrl(this.settings.baseUrl, path),
      signal,
      body: JSON.stringify(body),
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
    const refusal = (refused: HttpAnswer) =>
      aramexRefusal(readJsonIfAny<unknown>(refused) ?? refused.body.toString('utf8').slice(0, 500)) ?? `HTTP ${refused.status}`;
    const parsed = readJson<T>(checkAnswer(CARRIER, answer, refusal));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new CarrierTransportError('malformed answer (not an object)');
    if (parsed.HasErrors === true) {
      if (aramexCredentialsRefused(parsed)) throw credentialsRefused(CARRIER);
      throw new CarrierRejectedError(CARRIER, aramexRefusal(parsed) ?? 'refused without a notification');
    }
    return parsed;
  }
}
