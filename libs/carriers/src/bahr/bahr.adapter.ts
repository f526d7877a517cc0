import { AddressProps, CarrierRejectedError } from '@lgw/kernel';
import {
  CarrierBooking,
  CarrierBookingFound,
  CarrierBookingRequest,
  CarrierPickupOperations,
  CarrierPort,
  CarrierRemittancePage,
  CarrierTrackingEvent,
  PassthroughResponse,
} from '@lgw/carrier-access';
import { CarrierCallGuard } from '../shared/carrier-call-guard';
import { chunk } from '../shared/text';
import { BahrClient, BahrFaultError } from './bahr.client';
import { fromBahrEvent, fromBahrRemittance, fromBahrWaybill, toBahrParty, toBahrPickup, toBahrProduct, toBahrWaybill } from './bahr.mapper';
import { BahrSettings } from './bahr.settings';

/** Bahr's fault code for a pickup cancelled before. */
const PICKUP_ALREADY_CANCELLED = 'PK-409';

/** GetHistory accepts at most 50 waybills per call. */
const TRACKING_BATCH = 50;
const ALREADY_CANCELLED = 'WB-409';

/** Bahr Freight (integration type rest_legacy). */
export class BahrAdapter implements CarrierPort {
  readonly code = 'bahr';

  constructor(
    private readonly client: BahrClient,
    private readonly guard: CarrierCallGuard,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static create(settings: BahrSettings): BahrAdapter {
    return new BahrAdapter(new BahrClient(settings), new CarrierCallGuard('bahr', settings.resilience));
  }

  get circuit() {
    return this.guard.circuit;
  }

  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    const product = toBahrProduct(request.serviceCode);
    if (!product) throw new CarrierRejectedError(this.code, `unknown service level ${request.serviceCode}`);
    const waybill = toBahrWaybill(request, product, this.now());
    // Not retried in-request: a lost answer is settled by recovery, which finds the waybill by
    // GatewayRef (FindWaybill) rather than sending it again.
    const result = await this.guard.run('book', (signal) => this.client.createWaybill(waybill, signal), { idempotent: false });
    return fromBahrWaybill(result);
  }

  async cancel(trackingNumber: string): Promise<void> {
    // "Already cancelled" counts as done, which makes a retried cancel harmless.
    await this.guard.run(
      'cancel',
      async (signal) => {
        try {
          await this.client.cancelWaybill(trackingNumber, signal);
        } catch (error) {
          if (!(error instanceof BahrFaultError && error.faultCode === ALREADY_CANCELLED)) throw error;
        }
      },
      { idempotent: true },
    );
  }

  async findBookingByReference(gatewayReference: string): Promise<CarrierBookingFound | null> {
    const found = await this.guard.run('find booking', (signal) => this.client.findWaybill(gatewayReference, signal), {
      idempotent: true,
    });
    if (!found.Found || !found.WaybillNumber) return null;
    return { trackingNumber: String(found.WaybillNumber), carrierReference: found.BookingRef ?? '', cancelled: found.Cancelled === true };
  }

  /** Collections through Bahr's Pickup service; a re-sent GatewayRef answers the same collection. */
  readonly pickups: CarrierPickupOperations = {
    schedulePickup: async (request) => {
      const pickup = toBahrPickup(request);
      const result = await this.guard.run('schedule pickup', (signal) => this.client.createPickup(pickup, signal), { idempotent: true });
      return { confirmationNumber: String(result.PickupNumber ?? '') };
    },
    cancelPickup: async (confirmationNumber) => {
      await this.guard.run(
        'cancel pickup',
        async (signal) => {
          try {
            await this.client.cancelPickup(confirmationNumber, signal);
          } catch (error) {
            if (!(error instanceof BahrFaultError && error.faultCode === PICKUP_ALREADY_CANCELLED)) throw error;
          }
        },
        { idempotent: true },
      );
    },
    findPickupByReference: async (reference) => {
      const found = await this.guard.run('find pickup', (signal) => this.client.findPickup(reference, signal), { idempotent: true });
      if (!found.Found || !found.PickupNumber) return null;
      return { confirmationNumber: String(found.PickupNumber), cancelled: found.Status === 'CANCELLED' };
    },
  };

  async fetchTracking(trackingNumbers: readonly string[]): Promise<CarrierTrackingEvent[]> {
    const events: CarrierTrackingEvent[] = [];
    for (const batch of chunk([...new Set(trackingNumbers)], TRACKING_BATCH)) {
      const history = await this.guard.run('tracking', (signal) => this.client.trackingHistory(batch, signal), { idempotent: true });
      for (const result of history.Results ?? []) {
        if (!result.Found) continue;
        for (const raw of result.Events ?? []) {
          const event = fromBahrEvent(String(result.WaybillNumber), raw);
          if (event) events.push(event);
        }
      }
    }
    return events;
  }

  /** Bahr's remittances after the last SeqNo read: the cursor is that number. */
  async fetchRemittances(cursor: string | null): Promise<CarrierRemittancePage> {
    const after = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const list = await this.guard.run('remittances', (signal) => this.client.remittances(after, signal), { idempotent: true });
    const raw = list.Remittances ?? [];
    const last = raw.reduce((max, r) => (Number.isInteger(r.SeqNo) && r.SeqNo > max ? r.SeqNo : max), after);
    return {
      remittances: raw.map(fromBahrRemittance).filter((r) => r !== null),
      cursor: String(last),
      hasMore: list.MoreAvailable === true,
    };
  }

  async updateDestination(trackingNumber: string, destination: AddressProps): Promise<void> {
    const consignee = toBahrParty(destination);
    await this.guard.run('update destination', (signal) => this.client.amendConsignee(trackingNumber, consignee, signal), {
      idempotent: true,
    });
  }

  passthrough(rawBody: Buffer): Promise<PassthroughResponse> {
    return this.guard.runPassthrough((signal) => this.client.passthrough(rawBody, signal));
  }
}
