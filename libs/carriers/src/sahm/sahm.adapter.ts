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
import { SahmClient } from './sahm.client';
import { fromSahmEvent, fromSahmPayout, fromSahmShipment, toSahmAddress, toSahmProduct, toSahmShipmentRequest } from './sahm.mapper';
import { SahmSettings } from './sahm.settings';
import { SahmTrackingPage } from './sahm.wire-types';

const TRACKING_BATCH = 100;
/** A runaway cursor must not turn one sync into an endless loop. */
const MAX_PAGES = 1000;

/** Sahm Express (integration type rest). */
export class SahmAdapter implements CarrierPort {
  readonly code = 'sahm';

  constructor(
    private readonly client: SahmClient,
    private readonly guard: CarrierCallGuard,
  ) {}

  static create(settings: SahmSettings): SahmAdapter {
    return new SahmAdapter(new SahmClient(settings), new CarrierCallGuard('sahm', settings.resilience));
  }

  get circuit() {
    return this.guard.circuit;
  }

  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    const product = toSahmProduct(request.serviceCode);
    if (!product) throw new CarrierRejectedError(this.code, `unknown service level ${request.serviceCode}`);
    const body = toSahmShipmentRequest(request, product);
    // Sahm honours Idempotency-Key, so a retried booking cannot book twice.
    const shipment = await this.guard.run('book', (signal) => this.client.createShipment(body, request.shipmentId, signal), {
      idempotent: true,
    });
    return fromSahmShipment(shipment);
  }

  async cancel(trackingNumber: string): Promise<void> {
    // Sahm answers a repeated cancel like the first one.
    await this.guard.run('cancel', (signal) => this.client.cancelShipment(trackingNumber, signal), { idempotent: true });
  }

  async findBookingByReference(gatewayReference: string): Promise<CarrierBookingFound | null> {
    const list = await this.guard.run('find booking', (signal) => this.client.findByExternalId(gatewayReference, signal), {
      idempotent: true,
    });
    const shipment = list.data?.[0];
    return shipment ? { ...fromSahmShipment(shipment), cancelled: shipment.status === 'cancelled' } : null;
  }

  async fetchTracking(trackingNumbers: readonly string[]): Promise<CarrierTrackingEvent[]> {
    const events: CarrierTrackingEvent[] = [];
    for (const batch of chunk([...new Set(trackingNumbers)], TRACKING_BATCH)) {
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const current: string | null = cursor;
        const answer: SahmTrackingPage = await this.guard.run('tracking', (signal) => this.client.trackingPage(batch, current, signal), {
          idempotent: true,
        });
        for (const raw of answer.events ?? []) {
          const event = fromSahmEvent(raw);
          if (event) events.push(event);
        }
        cursor = answer.next_cursor;
        if (!cursor) break;
      }
    }
    return events;
  }

  /** Sahm's payout feed: JSON pages behind an opaque cursor that always says where to resume. */
  async fetchRemittances(cursor: string | null): Promise<CarrierRemittancePage> {
    const page = await this.guard.run('remittances', (signal) => this.client.payoutPage(cursor, signal), { idempotent: true });
    return {
      remittances: (page.payouts ?? []).map(fromSahmPayout).filter((r) => r !== null),
      cursor: page.next_cursor ?? cursor,
      hasMore: page.has_more === true,
    };
  }

  async updateDestination(trackingNumber: string, destination: AddressProps): Promise<void> {
    const consignee = toSahmAddress(destination);
    // Setting the same consignee twice leaves the same state: safe to retry.
    await this.guard.run('update destination', (signal) => this.client.updateConsignee(trackingNumber, consignee, signal), {
      idempotent: true,
    });
  }

  /** Collections in Sahm's JSON; `reference` makes a re-sent request answer the same collection. */
  readonly pickups: CarrierPickupOperations = {
    schedulePickup: async (request) => {
      const body = {
        reference: request.reference,
        pickup_date: request.date,
        ready_time: request.window.from,
        close_time: request.window.to,
        address: toSahmAddress(request.address),
        tracking_numbers: [...request.trackingNumbers],
        parcel_count: request.parcelCount,
      };
      const pickup = await this.guard.run('schedule pickup', (signal) => this.client.createPickup(body, signal), { idempotent: true });
      return { confirmationNumber: pickup.id };
    },
    cancelPickup: async (confirmationNumber) => {
      await this.guard.run('cancel pickup', (signal) => this.client.cancelPickup(confirmationNumber, signal), { idempotent: true });
    },
    findPickupByReference: async (reference) => {
      const list = await this.guard.run('find pickup', (signal) => this.client.findPickup(reference, signal), { idempotent: true });
      const pickup = list.data?.[0];
      return pickup ? { confirmationNumber: pickup.id, cancelled: pickup.status === 'cancelled' } : null;
    },
  };

  passthrough(rawBody: Buffer): Promise<PassthroughResponse> {
    return this.guard.runPassthrough((signal) => this.client.passthrough(rawBody, signal));
  }
}
