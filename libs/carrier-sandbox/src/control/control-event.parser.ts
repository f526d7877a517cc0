import { EXCEPTION_TYPES, ExceptionType, isProofMethod, isShipmentStatus, PROOF_METHODS, ShipmentStatus } from '@lgw/kernel';
import { isRecord, SandboxProof } from '@lgw/carriers/shared/sandbox';

export interface ControlEvent {
  status?: ShipmentStatus;
  nativeCode?: string;
  occurredAt?: Date;
  locationEn?: string;
  locationAr?: string;
  measuredWeightKg?: number;
  codCollectedHalalas?: number;
  proof?: SandboxProof;
  /** One parcel of a shipment its carrier numbers per parcel (1-based); checked against the shipment by the route. */
  piece?: number;
}

export type ControlEventResult = { ok: true; event: ControlEvent } | { ok: false; field: string; reason: string };

const isExceptionType = (value: string): value is ExceptionType => (EXCEPTION_TYPES as readonly string[]).includes(value);

/**
 * Accepts a gateway status ("PICKED_UP", "EXCEPTION_CUSTOMS_HOLD"), the generic "EXCEPTION" with
 * exception_type, or a bare exception type ("FAILED_DELIVERY_ATTEMPT"): test authors write all three.
 */
export function resolveStatus(code: string, exceptionType: string | undefined): ShipmentStatus | undefined {
  const c = code.trim().toUpperCase();
  const type = exceptionType?.trim().toUpperCase();
  if (isShipmentStatus(c)) return c;
  if (c === 'EXCEPTION') return type && isExceptionType(type) ? (`EXCEPTION_${type}` as ShipmentStatus) : undefined;
  if (isExceptionType(c)) return `EXCEPTION_${c}` as ShipmentStatus;
  return undefined;
}

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export function parseControlEvent(body: unknown): ControlEventResult {
  if (!isRecord(body)) return { ok: false, field: 'body', reason: 'JSON object required' };
  const event: ControlEvent = {};

  if (body.native_code !== undefined) {
    // Lets a test make the carrier report a code outside its documented vocabulary.
    if (typeof body.native_code !== 'string' || body.native_code.trim() === '') {
      return { ok: false, field: 'native_code', reason: 'must be a non-empty string' };
    }
    event.nativeCode = body.native_code.trim();
  } else {
    if (typeof body.code !== 'string' || body.code.trim() === '') {
      return { ok: false, field: 'code', reason: 'is required' };
    }
    if (body.exception_type !== undefined && typeof body.exception_type !== 'string') {
      return { ok: false, field: 'exception_type', reason: 'must be a string' };
    }
    const status = resolveStatus(body.code, body.exception_type as string | undefined);
    if (!status) {
      const generic = body.code.trim().toUpperCase() === 'EXCEPTION';
      return generic
        ? { ok: false, field: 'exception_type', reason: `must be one of ${EXCEPTION_TYPES.join(', ')}` }
        : { ok: false, field: 'code', reason: 'is not a shipment status' };
    }
    event.status = status;
  }

  if (body.occurred_at !== undefined && body.occurred_at !== null) {
    const at = typeof body.occurred_at === 'string' ? new Date(body.occurred_at) : new Date(NaN);
    if (Number.isNaN(at.getTime())) return { ok: false, field: 'occurred_at', reason: 'must be an ISO 8601 date-time' };
    event.occurredAt = at;
  }
  event.locationEn = optionalText(body.location_en);
  event.locationAr = optionalText(body.location_ar);
  if (body.measured_weight_kg !== undefined && body.measured_weight_kg !== null) {
    const kg = body.measured_weight_kg;
    if (typeof kg !== 'number' || !Number.isFinite(kg) || kg <= 0) {
      return { ok: false, field: 'measured_weight_kg', reason: 'must be a positive number' };
    }
    event.measuredWeightKg = kg;
  }
  if (body.cod_collected_sar !== undefined && body.cod_collected_sar !== null) {
    const sar = body.cod_collected_sar;
    if (event.status !== 'DELIVERED') return { ok: false, field: 'cod_collected_sar', reason: 'is only taken with code DELIVERED' };
    if (typeof sar !== 'number' || !Number.isFinite(sar) || sar < 0 || Math.abs(Math.round(sar * 100) - sar * 100) > 1e-6) {
      return { ok: false, field: 'cod_collected_sar', reason: 'must be an amount in SAR >= 0 with at most 2 decimals' };
    }
    event.codCollectedHalalas = Math.round(sar * 100);
  }
  if (body.proof_of_delivery !== undefined && body.proof_of_delivery !== null) {
    const proof = parseProof(body.proof_of_delivery);
    if (!proof.ok) return proof;
    if (event.status !== 'DELIVERED') return { ok: false, field: 'proof_of_delivery', reason: 'is only taken with code DELIVERED' };
    event.proof = proof.proof;
  }
  if (body.piece_number !== undefined && body.piece_number !== null) {
    const piece = body.piece_number;
    if (typeof piece !== 'number' || !Number.isInteger(piece) || piece < 1) {
      return { ok: false, field: 'piece_number', reason: 'must be a whole number >= 1' };
    }
    event.piece = piece;
  }
  return { ok: true, event };
}

const MAX_PROOF_TEXT = 500;

/** `{method, received_by?, photo_url?}`: who took the parcel and how, as the carrier will report it. */
function parseProof(value: unknown): { ok: true; proof: SandboxProof } | { ok: false; field: string; reason: string } {
  if (!isRecord(value)) return { ok: false, field: 'proof_of_delivery', reason: 'must be an object' };
  if (!isProofMethod(value.method))
    return { ok: false, field: 'proof_of_delivery.method', reason: `must be one of ${PROOF_METHODS.join(', ')}` };
  for (const field of ['received_by', 'photo_url'] as const) {
    const v = value[field];
    if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > MAX_PROOF_TEXT)) {
      return { ok: false, field: `proof_of_delivery.${field}`, reason: `must be a string of at most ${MAX_PROOF_TEXT} characters` };
    }
  }
  return {
    ok: true,
    proof: {
      method: value.method,
      ...(optionalText(value.received_by) ? { receivedBy: optionalText(value.received_by) } : {}),
      ...(optionalText(value.photo_url) ? { photoUrl: optionalText(value.photo_url) } : {}),
    },
  };
}

const MAX_REMITTANCE_ITEMS = 100_000;

export type RemittanceResult =
  | { ok: true; reference?: string; accountId?: string; items: { trackingNumber: string; amountHalalas: number }[] }
  | { ok: false; field: string; reason: string };

/** `{items: [{tracking_number, amount_sar}], reference?, account_id?}`: a payout as a test seeds it. */
export function parseRemittance(body: unknown): RemittanceResult {
  if (!isRecord(body)) return { ok: false, field: 'body', reason: 'JSON object required' };
  if (body.reference !== undefined && (typeof body.reference !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(body.reference))) {
    return { ok: false, field: 'reference', reason: 'must be 1 to 64 letters, digits, dots, dashes or underscores' };
  }
  if (body.account_id !== undefined && (typeof body.account_id !== 'string' || body.account_id === '')) {
    return { ok: false, field: 'account_id', reason: "must be the id of one of the carrier's accounts" };
  }
  if (!Array.isArray(body.items) || body.items.length === 0 || body.items.length > MAX_REMITTANCE_ITEMS) {
    return { ok: false, field: 'items', reason: `must list 1 to ${MAX_REMITTANCE_ITEMS} items` };
  }
  const items: { trackingNumber: string; amountHalalas: number }[] = [];
  for (const [i, item] of body.items.entries()) {
    if (!isRecord(item) || typeof item.tracking_number !== 'string' || item.tracking_number.trim() === '') {
      return { ok: false, field: `items[${i}].tracking_number`, reason: 'is required' };
    }
    const sar = item.amount_sar;
    if (typeof sar !== 'number' || !Number.isFinite(sar) || sar < 0 || Math.abs(Math.round(sar * 100) - sar * 100) > 1e-6) {
      return { ok: false, field: `items[${i}].amount_sar`, reason: 'must be an amount in SAR >= 0 with at most 2 decimals' };
    }
    items.push({ trackingNumber: item.tracking_number.trim(), amountHalalas: Math.round(sar * 100) });
  }
  return {
    ok: true,
    items,
    ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
    ...(typeof body.account_id === 'string' ? { accountId: body.account_id } : {}),
  };
}
