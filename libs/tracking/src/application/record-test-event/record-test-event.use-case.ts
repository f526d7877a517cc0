import { Inject, Injectable } from '@nestjs/common';
import { ApiMode, DomainError, ValidationError, EXCEPTION_TYPES } from '@lgw/kernel';
import { TEST_CARRIER_CONTROL, TestCarrierControlPort } from '@lgw/carrier-access';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort, shipmentOfTeam } from '@lgw/shipping';

export interface RecordTestEventCommand {
  readonly teamId: string;
  readonly mode: ApiMode;
  readonly shipmentId: string;
  readonly code: unknown;
  readonly exceptionType?: unknown;
  readonly locationEn?: unknown;
  readonly locationAr?: unknown;
}

/** The scanned shipment: the caller takes the scan in on the tracking path (SyncTrackingUseCase) and answers its tracking. */
export interface RecordedTestEvent {
  readonly shipmentId: string;
  readonly carrierCode: string;
}

const MAX_TEXT = 200;

/**
 * POST /test/shipments/{id}/events (docs/test-mode.md): the simulated carrier scans a test
 * shipment, and the gateway takes the scan in on the tracking path a live carrier's scans
 * take (status, history, webhooks, cash on delivery, returns), at once rather than at the
 * next poll: the controller runs the tracking sync for it right after. Live keys see no such route: 404 E_NOT_FOUND (docs/adr/0061).
 */
@Injectable()
export class RecordTestEventUseCase {
  constructor(
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(TEST_CARRIER_CONTROL) private readonly control: TestCarrierControlPort,
  ) {}

  async execute(command: RecordTestEventCommand): Promise<RecordedTestEvent> {
    if (command.mode !== 'test') throw new DomainError('E_NOT_FOUND');
    const shipment = await shipmentOfTeam(this.shipments, command.teamId, command.shipmentId);
    const code = text(command.code, 'code', true)!;
    const outcome = await this.control.recordEvent(shipment.carrierCode, shipment.trackingNumber, {
      code,
      exceptionType: text(command.exceptionType, 'exception_type'),
      locationEn: text(command.locationEn, 'location_en'),
      locationAr: text(command.locationAr, 'location_ar'),
    });
    if (!outcome.ok) {
      // The simulator lost the shipment (its state was reset): nothing there to scan.
      if (outcome.unknownShipment) throw new DomainError('E_NOT_FOUND');
      throw new ValidationError(outcome.field, outcome.reason, SIMULATOR_REFUSAL_AR[outcome.field] ?? SIMULATOR_REFUSAL_AR.code);
    }
    return { shipmentId: shipment.id, carrierCode: shipment.carrierCode };
  }
}

/** The simulator answers in English only; what each of the fields this route sends it can be refused for. */
const SIMULATOR_REFUSAL_AR: Record<string, string> = {
  code: 'ليس حالة يستطيع الناقل التعبير عنها',
  exception_type: `يجب أن يكون أحد أنواع الاستثناء: ${EXCEPTION_TYPES.join('، ')}`,
};

function text(value: unknown, field: string, required = false): string | undefined {
  if (value === undefined || value === null) {
    if (required) throw new ValidationError(field, 'is required', 'حقل مطلوب');
    return undefined;
  }
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_TEXT) {
    throw new ValidationError(
      field,
      `must be a non-empty string of at most ${MAX_TEXT} characters`,
      `يجب أن يكون نصاً غير فارغ لا يتجاوز ${MAX_TEXT} حرفاً`,
    );
  }
  return value.trim();
}
