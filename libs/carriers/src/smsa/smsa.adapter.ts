import {
  CarrierBooking,
  CarrierBookingFound,
  CarrierBookingRequest,
  CarrierPort,
  CarrierRemittancePage,
  CarrierTrackingEvent,
  PassthroughResponse,
  TrackedPieces,
} from '@lgw/carrier-access';
import { CarrierOperationNotSupportedError, CarrierRejectedError } from '@lgw/kernel';
import { CarrierCallGuard } from '../shared/carrier-call-guard';
import { SmsaClient } from './smsa.client';
import {
  fromSmsaShipment,
  fromSmsaTracking,
  smsaLabel,
  smsaTrackingRequests,
  toSmsaB2cRequest,
  toSmsaC2bRequest,
  toSmsaService,
} from './smsa.mapper';
import { SmsaShipmentAnswer } from './smsa.wire-types';
import { SmsaSettings } from './smsa.settings';

/** AWBs per POST /api/track/bulk. */
const TRACKING_BATCH = 50;

/** SMSA Express e-commerce REST API (docs/carriers/smsa.md). */
export class SmsaAdapter implements CarrierPort {
  readonly code = 'smsa';

  constructor(
    private readonly client: SmsaClient,
    private readonly guard: CarrierCallGuard,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static create(settings: SmsaSettings): SmsaAdapter {
    return new SmsaAdapter(new SmsaClient(settings), new CarrierCallGuard('smsa', settings.resilience));
  }

  get circuit() {
    return this.guard.circuit;
  }

  async book(request: CarrierBookingRequest): Promise<CarrierBooking> {
    const service = toSmsaService(request.serviceCode);
    if (!service) throw new CarrierRejectedError(this.code, `unknown service level ${request.serviceCode}`);
    // SMSA does not dedupe a re-sent shipment: never retried (recovery asks by OrderNumber instead, a C2B's too).
    if (request.returnOf) {
      const body = toSmsaC2bRequest(request, this.now());
      return fromSmsaShipment(await this.guard.run('book return', (signal) => this.client.createC2b(body, signal), { idempotent: false }));
    }
    const body = toSmsaB2cRequest(request, service, this.now());
    const answer = await this.guard.run('book', (signal) => this.client.createB2c(body, signal), { idempotent: false });
    return fromSmsaShipment(answer);
  }

  /**
   * SMSA has no cancel for B2C shipments (docs/adr/0076-real-carriers.md): the gateway voids the
   * shipment itself, keeps it off pickups and manifests and does not bill it; nothing is sent.
   * A customer return (C2B) is voided alike: the AWB does not say it is a C2B, so SMSA's C2B
   * cancel is not asked (docs/carriers/smsa.md).
   */
  async cancel(_trackingNumber: string): Promise<void> {
    return;
  }

  /** SMSA's own waybill document (the PDF it issued at booking), byte for byte: a B2C shipment's, else a C2B's. */
  async fetchLabel(trackingNumber: string): Promise<Buffer> {
    const answer = await this.guard.run(
      'label',
      (signal) => this.client.queryB2c(trackingNumber, signal).catch((error: unknown) => this.c2bAfterB2c(error, trackingNumber, signal)),
      { idempotent: true },
    );
    const label = smsaLabel(answer, trackingNumber);
    if (!label) throw new CarrierRejectedError(this.code, `no waybill document for AWB ${trackingNumber}`);
    return label;
  }

  /** A B2C query SMSA refused (not a B2C AWB): the same AWB as a C2B shipment. */
  private c2bAfterB2c(error: unknown, awb: string, signal: AbortSignal): Promise<SmsaShipmentAnswer> {
    if (!(error instanceof CarrierRejectedError)) throw error;
    return this.client.queryC2b(awb, signal);
  }

  async findBookingByReference(gatewayReference: string): Promise<CarrierBookingFound | null> {
    const record = await this.guard.run('find booking', (signal) => this.client.trackByReference(gatewayReference, signal), {
      idempotent: true,
    });
    if (!record?.AWB) return null;
    const cancelled = (record.Scans ?? []).some((scan) => scan.ScanType?.trim().toUpperCase() === 'CAN');
    return { trackingNumber: record.AWB, carrierReference: record.AWB, cancelled };
  }

  /** A multi-piece shipment's pieces are asked for by their own AWBs, each event tagged with its piece (docs/adr/0087). */
  async fetchTracking(trackingNumbers: readonly string[], pieces?: TrackedPieces): Promise<CarrierTrackingEvent[]> {
    const events: CarrierTrackingEvent[] = [];
    const { batches, tracked } = smsaTrackingRequests(trackingNumbers, pieces, TRACKING_BATCH);
    for (const batch of batches) {
      const records = await this.guard.run('tracking', (signal) => this.client.trackBulk(batch, signal), { idempotent: true });
      for (const record of Array.isArray(records) ? records : []) events.push(...fromSmsaTracking(record, tracked.get(record.AWB)));
    }
    return events;
  }

  /** SMSA's API offers no consignee change after booking. */
  async updateDestination(): Promise<void> {
    throw new CarrierOperationNotSupportedError(this.code, 'destination update');
  }

  /** SMSA's API publishes no cash-on-delivery payout feed (payouts are statements outside the API). */
  async fetchRemittances(): Promise<CarrierRemittancePage> {
    throw new CarrierOperationNotSupportedError(this.code, 'cash-on-delivery payout feed');
  }

  async passthrough(): Promise<PassthroughResponse> {
    throw new CarrierOperationNotSupportedError(this.code, 'passthrough');
  }
}
