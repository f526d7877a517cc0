import {
  CarrierBooking,
  CarrierBookingFound,
  CarrierBookingRequest,
  CarrierPickupFound,
  CarrierPickupOperations,
  CarrierPort,
  CarrierRemittancePage,
  CarrierTrackingEvent,
  PassthroughResponse,
} from '@lgw/carrier-access';
import { CarrierOperationNotSupportedError, CarrierRejectedError } from '@lgw/kernel';
import { CarrierCallGuard } from '../shared/carrier-call-guard';
import { chunk } from '../shared/text';
import { AymakanClient } from './aymakan.client';
import {
  fromAymakanShipment,
  fromAymakanTracking,
  fromAymakanWebhook,
  isAymakanCancelled,
  isAymakanWebhook,
  toAymakanReversePickup,
  toAymakanService,
  toAymakanShipping,
} from './aymakan.mapper';
import { AymakanSettings } from './aymakan.settings';
import { aymakanSlotFor, fromAymakanPickups, toAymakanPickup } from './aymakan-pickup.mapper';
import { AymakanShipment } from './aymakan.wire-types';

/** AWBs per GET /v2/shipping/track/{ids} (comma-separated in the path: kept well under URL limits). */
const TRACKING_BATCH = 30;
/** Pages of the account's collections read to find one by reference (newest first: a lost answer is recent). */
const PICKUP_PAGES = 3;
/** An AWB waiting for its collection ("AWB created at origin"). */
const AWAITING_COLLECTION = 'AY-0001';

/** Aymakan API v2 (docs/carriers/aymakan.md). */
export class AymakanAdapter implements CarrierPort {
  readonly code = 'aymakan';

  constructor(
    private readonly client: AymakanClient,
    private readonly guard: CarrierCallGuard,
  ) {}

  static create(settings: AymakanSettings): AymakanAdapter {
    return new AymakanAdapter(new AymakanClient(settings), new CarrierCallGuard('aymakan', settings.resilience));
  }

  get circuit() {
    return this.guard.circuit;
  }

  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    const service = toAymakanService(request.serviceCode);
    if (!service) throw new CarrierRejectedError(this.code, `unknown service level ${request.serviceCode}`);
    // Not retried: a lost answer is learnt by the reference instead (recovery; a reverse pickup keeps it too).
    if (request.returnOf) {
      const body = toAymakanReversePickup(request, service);
      const answer = await this.guard.run('book return', (signal) => this.client.createReversePickup(body, signal), { idempotent: false });
      return fromAymakanShipment(answer.data?.shipping);
    }
    const body = toAymakanShipping(request, service);
    const answer = await this.guard.run('book', (signal) => this.client.createShipping(body, signal), { idempotent: false });
    return fromAymakanShipment(answer.shipping);
  }

  /**
   * POST /v2/shipping/cancel, which Aymakan accepts while the shipment is only created (AY-0001).
   * A shipment Aymakan shows cancelled already is cancelled: a repeated cancel resolves.
   */
  async cancel(trackingNumber: string): Promise<void> {
    try {
      await this.guard.run('cancel', (signal) => this.client.cancel(trackingNumber, signal), { idempotent: true });
    } catch (error) {
      if (!(error instanceof CarrierRejectedError)) throw error;
      const [shipment] = await this.guard.run('cancel check', (signal) => this.client.track([trackingNumber], signal), {
        idempotent: true,
      });
      if (shipment && isAymakanCancelled(latestCode(shipment.tracking_info ?? [], shipment.status))) return;
      throw error;
    }
  }

  /** Aymakan's own AWB document: the PDF behind the link it gives for the shipment, byte for byte. */
  async fetchLabel(trackingNumber: string): Promise<Buffer> {
    return this.guard.run('label', async (signal) => this.client.document(await this.client.awbUrl(trackingNumber, signal), signal), {
      idempotent: true,
    });
  }

  async findBookingByReference(gatewayReference: string): Promise<CarrierBookingFound | null> {
    const shipments = await this.guard.run('find booking', (signal) => this.client.byReference(gatewayReference, signal), {
      idempotent: true,
    });
    const found = shipments.find((s) => s.reference === gatewayReference) ?? shipments[0];
    if (!found?.tracking_number) return null;
    const awb = String(found.tracking_number);
    return {
      trackingNumber: awb,
      carrierReference: awb,
      cancelled: isAymakanCancelled(latestCode(found.tracking_info ?? [], found.status)),
    };
  }

  async fetchTracking(trackingNumbers: readonly string[]): Promise<CarrierTrackingEvent[]> {
    const events: CarrierTrackingEvent[] = [];
    for (const batch of chunk([...new Set(trackingNumbers)], TRACKING_BATCH)) {
      const shipments = await this.guard.run('tracking', (signal) => this.client.track(batch, signal), { idempotent: true });
      for (const shipment of Array.isArray(shipments) ? shipments : []) events.push(...fromAymakanTracking(shipment));
    }
    return events;
  }

  /** What Aymakan pushed to the connection's webhook URL, as tracking events; null when the body is not its payload. */
  readPush(body: unknown): CarrierTrackingEvent[] | null {
    return isAymakanWebhook(body) ? fromAymakanWebhook(body) : null;
  }

  /** Aymakan's API offers no consignee change after booking. */
  async updateDestination(): Promise<void> {
    throw new CarrierOperationNotSupportedError(this.code, 'destination update');
  }

  /** Aymakan's API publishes no cash-on-delivery payout feed. */
  async fetchRemittances(): Promise<CarrierRemittancePage> {
    throw new CarrierOperationNotSupportedError(this.code, 'cash-on-delivery payout feed');
  }

  async passthrough(): Promise<PassthroughResponse> {
    throw new CarrierOperationNotSupportedError(this.code, 'passthrough');
  }

  /**
   * Collections (docs/carriers/aymakan.md, pickups): pickup_request/create in the day's open slot
   * that holds the window asked for. Aymakan counts the parcels and names none, so the gateway
   * first checks that the account holds each one and that it waits for collection.
   */
  readonly pickups: CarrierPickupOperations = {
    schedulePickup: async (request) => {
      await this.checkAwaitingCollection(request.trackingNumbers);
      const existing = await this.findPickup(request.reference);
      if (existing && !existing.cancelled) return { confirmationNumber: existing.confirmationNumber };
      const slots = await this.guard.run('pickup slots', (signal) => this.client.timeSlots(request.date, signal), { idempotent: true });
      const slot = aymakanSlotFor(slots, request.window);
      if (!slot) {
        const open = Object.values(slots).join(', ') || 'none';
        throw new CarrierRejectedError(
          this.code,
          `no collection slot on ${request.date} holds ${request.window.from}-${request.window.to} (open slots: ${open})`,
        );
      }
      // Not retried: a lost answer is learnt from the account's list by the reference instead.
      const created = await this.guard.run(
        'schedule pickup',
        (signal) => this.client.createPickup(toAymakanPickup(request, slot), signal),
        {
          idempotent: false,
        },
      );
      return { confirmationNumber: String(created.id) };
    },
    cancelPickup: async (confirmationNumber) => {
      const id = Number(confirmationNumber);
      if (!Number.isSafeInteger(id)) throw new CarrierRejectedError(this.code, `not an Aymakan pickup request: ${confirmationNumber}`);
      // "Already cancelled" is a cancel that happened: a repeated cancel resolves.
      await this.guard.run('cancel pickup', (signal) => this.client.cancelPickup(id, signal), { idempotent: true });
    },
    findPickupByReference: (reference) => this.findPickup(reference),
  };

  private async findPickup(reference: string): Promise<CarrierPickupFound | null> {
    for (let page = 1; page <= PICKUP_PAGES; page++) {
      const { pickups, lastPage } = await this.guard.run('find pickup', (signal) => this.client.pickups(page, signal), {
        idempotent: true,
      });
      const found = fromAymakanPickups(pickups, reference);
      if (found) return found;
      if (page >= lastPage) break;
    }
    return null;
  }

  private async checkAwaitingCollection(awbs: readonly string[]): Promise<void> {
    const held = new Map<string, AymakanShipment>();
    for (const batch of chunk([...new Set(awbs)], TRACKING_BATCH)) {
      const shipments = await this.guard.run('pickup check', (signal) => this.client.track(batch, signal), { idempotent: true });
      for (const shipment of shipments) held.set(String(shipment.tracking_number), shipment);
    }
    const missing = awbs.filter((awb) => !held.has(awb));
    const moved = awbs.filter((awb) => {
      const shipment = held.get(awb);
      return shipment !== undefined && latestCode(shipment.tracking_info ?? [], shipment.status) !== AWAITING_COLLECTION;
    });
    const problems = [
      missing.length > 0 ? `not on this account: ${missing.join(', ')}` : '',
      moved.length > 0 ? `not waiting for collection: ${moved.join(', ')}` : '',
    ].filter(Boolean);
    if (problems.length > 0) throw new CarrierRejectedError(this.code, problems.join('; '));
  }
}

/** The newest entry's code (tracking_info is newest first), else the shipment's status. */
function latestCode(info: readonly { status_code: string; created_at: string }[], status: string | null | undefined): string {
  const newest = [...info].sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  return newest?.status_code ?? status ?? '';
}
