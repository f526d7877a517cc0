import {
  CarrierBooking,
  CarrierBookingFound,
  CarrierBookingRequest,
  CarrierPickupOperations,
  CarrierPort,
  CarrierRate,
  CarrierRateRequest,
  CarrierRemittancePage,
  CarrierTrackingEvent,
  PassthroughResponse,
} from '@lgw/carrier-access';
import { CarrierOperationNotSupportedError, CarrierRejectedError } from '@lgw/kernel';
import { CarrierCallGuard } from '../shared/carrier-call-guard';
import { chunk } from '../shared/text';
import { AramexClient } from './aramex.client';
import {
  ARAMEX_LABEL,
  aramexLabelBytes,
  fromAramexCalculateRate,
  fromAramexCreateShipments,
  fromAramexTracking,
  toAramexCalculateRate,
  toAramexCreatePickup,
  toAramexCreateShipments,
  toAramexProduct,
  toClientInfo,
  transaction,
} from './aramex.mapper';
import { AramexAccount, AramexSettings } from './aramex.settings';

/** Waybills per TrackShipments call. */
const TRACKING_BATCH = 50;

/** Aramex Shipping Services API (docs/carriers/aramex.md). */
export class AramexAdapter implements CarrierPort {
  readonly code = 'aramex';

  constructor(
    private readonly client: AramexClient,
    private readonly account: AramexAccount,
    private readonly guard: CarrierCallGuard,
    /** CalculateRate under its own, shorter deadline: a quote waits for no slow carrier. */
    private readonly rateGuard: CarrierCallGuard,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static create(settings: AramexSettings): AramexAdapter {
    return new AramexAdapter(
      new AramexClient(settings),
      settings,
      new CarrierCallGuard('aramex', settings.resilience),
      new CarrierCallGuard('aramex', {
        ...settings.resilience,
        timeoutMs: Math.min(settings.rateTimeoutMs, settings.resilience.timeoutMs),
      }),
    );
  }

  get circuit() {
    return this.guard.circuit;
  }

  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    const product = toAramexProduct(request.serviceCode);
    if (!product) throw new CarrierRejectedError(this.code, `unknown service level ${request.serviceCode}`);
    const body = toAramexCreateShipments(request, product, this.account, this.now());
    // Aramex does not dedupe a re-sent shipment: never retried.
    const answer = await this.guard.run('book', (signal) => this.client.createShipments(body, signal), { idempotent: false });
    return fromAramexCreateShipments(answer);
  }

  /**
   * Aramex's API has no shipment cancel (docs/adr/0080-aramex.md): the gateway voids the shipment
   * itself, keeps it off pickups and manifests and does not bill it; nothing is sent.
   */
  async cancel(_trackingNumber: string): Promise<void> {
    return;
  }

  /** The waybill PDF Aramex issues for the AWB (PrintLabel), inline or behind its LabelURL, byte for byte. */
  async fetchLabel(trackingNumber: string): Promise<Buffer> {
    const body = {
      ClientInfo: toClientInfo(this.account),
      ShipmentNumber: trackingNumber,
      ProductGroup: 'DOM' as const,
      OriginEntity: this.account.accountEntity,
      LabelInfo: ARAMEX_LABEL,
      Transaction: transaction(),
    };
    return this.guard.run(
      'label',
      async (signal) => {
        const answer = await this.client.printLabel(body, signal);
        const inline = aramexLabelBytes(answer.ShipmentLabel);
        if (inline) return inline;
        const url = answer.ShipmentLabel?.LabelURL;
        if (!url) throw new CarrierRejectedError(this.code, `no waybill document for AWB ${trackingNumber}`);
        return this.client.download(url, signal);
      },
      { idempotent: true },
    );
  }

  /**
   * Aramex keeps no look-up of a shipment by the client's reference: the call proves the
   * account's credentials (TrackShipments refuses bad ClientInfo) and finds nothing, so an
   * unanswered booking is not recovered from Aramex (docs/adr/0080-aramex.md).
   */
  async findBookingByReference(gatewayReference: string): Promise<CarrierBookingFound | null> {
    await this.guard.run('find booking', (signal) => this.client.trackShipments(this.trackingBody([gatewayReference]), signal), {
      idempotent: true,
    });
    return null;
  }

  async fetchTracking(trackingNumbers: readonly string[]): Promise<CarrierTrackingEvent[]> {
    const events: CarrierTrackingEvent[] = [];
    for (const batch of chunk([...new Set(trackingNumbers)], TRACKING_BATCH)) {
      const answer = await this.guard.run('tracking', (signal) => this.client.trackShipments(this.trackingBody(batch), signal), {
        idempotent: true,
      });
      for (const entry of Array.isArray(answer.TrackingResults) ? answer.TrackingResults : []) {
        if (typeof entry?.Key !== 'string' || !Array.isArray(entry.Value)) continue;
        events.push(...fromAramexTracking(entry.Key, entry.Value));
      }
    }
    return events;
  }

  /**
   * CalculateRate: Aramex's price for these parcels on this account, before VAT, within the rate
   * deadline; a refusal is the carrier's words, a slow or failing Aramex is unavailable.
   */
  async quoteRate(request: CarrierRateRequest): Promise<CarrierRate> {
    const product = toAramexProduct(request.serviceCode);
    if (!product) throw new CarrierRejectedError(this.code, `unknown service level ${request.serviceCode}`);
    // Asked without CODS: the gateway's own cash-on-delivery fee prices collection on every quote, so Aramex's would count it twice.
    const body = toAramexCalculateRate(request.origin, request.destination, request.parcels, product, 0, this.account);
    const answer = await this.rateGuard.run('rate', (signal) => this.client.calculateRate(body, signal), { idempotent: true });
    return { amountHalalas: fromAramexCalculateRate(answer) };
  }

  /** Aramex's API offers no consignee change after booking. */
  async updateDestination(): Promise<void> {
    throw new CarrierOperationNotSupportedError(this.code, 'destination update');
  }

  /** Aramex's API publishes no cash-on-delivery payout feed (COD is settled by statement). */
  async fetchRemittances(): Promise<CarrierRemittancePage> {
    throw new CarrierOperationNotSupportedError(this.code, 'cash-on-delivery payout feed');
  }

  async passthrough(): Promise<PassthroughResponse> {
    throw new CarrierOperationNotSupportedError(this.code, 'passthrough');
  }

  /** Collections: CreatePickup with the AWBs as ExistingShipments; the GUID is what CancelPickup takes. */
  readonly pickups: CarrierPickupOperations = {
    schedulePickup: async (request) => {
      const body = toAramexCreatePickup(request, { group: 'DOM', type: 'ONP' }, this.account);
      // Aramex does not dedupe a re-sent pickup: never retried.
      const answer = await this.guard.run('schedule pickup', (signal) => this.client.createPickup(body, signal), { idempotent: false });
      const guid = answer.ProcessedPickup?.GUID;
      if (typeof guid !== 'string' || guid.trim() === '') {
        throw new CarrierRejectedError(this.code, 'the pickup answer carries no GUID');
      }
      return { confirmationNumber: guid.trim() };
    },
    cancelPickup: async (confirmationNumber) => {
      const body = {
        ClientInfo: toClientInfo(this.account),
        PickupGUID: confirmationNumber,
        Comments: 'Cancelled by the merchant',
        Transaction: transaction(),
      };
      await this.guard.run('cancel pickup', (signal) => this.client.cancelPickup(body, signal), { idempotent: true });
    },
    // Aramex has no look-up of a pickup by the client's reference (docs/adr/0080-aramex.md).
    findPickupByReference: async () => null,
  };

  private trackingBody(waybills: string[]) {
    return { ClientInfo: toClientInfo(this.account), Transaction: transaction(), Shipments: waybills, GetLastTrackingUpdateOnly: false };
  }
}
