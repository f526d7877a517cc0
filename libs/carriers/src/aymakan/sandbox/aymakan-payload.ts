import { isRecord, num, SandboxParty, str } from '../../shared/sandbox';

/** Laravel's validation messages by field, as Aymakan answers a 422. */
export type AymakanErrors = Record<string, string[]>;

export interface AymakanBooking {
  reference?: string;
  description?: string;
  serviceType: string;
  codSar: number;
  pieces: number;
  weightKg: number;
  collection: SandboxParty;
  delivery: SandboxParty;
}

const add = (errors: AymakanErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};
const words = (field: string) => field.replace(/_/g, ' ');
/** Aymakan takes numbers or digit strings for phones and postcodes. */
const text = (value: unknown) => (typeof value === 'number' ? String(value) : str(value));

function readParty(body: Record<string, unknown>, side: 'delivery' | 'collection', errors: AymakanErrors): SandboxParty {
  for (const part of ['name', 'city', 'address', 'country', 'phone']) {
    if (!text(body[`${side}_${part}`])) add(errors, `${side}_${part}`, `The ${words(`${side}_${part}`)} field is required.`);
  }
  const phone = text(body[`${side}_phone`]);
  if (phone && !/^\d{7,15}$/.test(phone)) add(errors, `${side}_phone`, `The ${words(`${side}_phone`)} must be digits only.`);
  const email = str(body[`${side}_email`]);
  if (email && !/^[^@\s]+@[^@\s]+$/.test(email))
    add(errors, `${side}_email`, `The ${words(`${side}_email`)} must be a valid email address.`);
  const national = isRecord(body[`${side}_national_address`]) ? (body[`${side}_national_address`] as Record<string, unknown>) : undefined;
  return {
    name: text(body[`${side}_name`]),
    phone,
    line1: text(body[`${side}_address`]),
    city: text(body[`${side}_city`]) ?? '',
    region: text(body[`${side}_neighbourhood`]),
    country: (text(body[`${side}_country`]) ?? '').toUpperCase(),
    postal_code: text(body[`${side}_postcode`]),
    short_address: national ? str(national.short_code)?.toUpperCase() : undefined,
  };
}

/** POST /v2/shipping/create (and each shipment of a bulk create), checked the way Aymakan checks it. */
export function readAymakanShipping(body: unknown, reverse = false): { booking?: AymakanBooking; errors: AymakanErrors } {
  const errors: AymakanErrors = {};
  if (!isRecord(body)) return { errors: { requested_by: ['The requested by field is required.'] } };
  if (!text(body.requested_by)) add(errors, 'requested_by', 'The requested by field is required.');
  const declared = num(body.declared_value);
  if (declared === undefined || declared < 0) add(errors, 'declared_value', 'The declared value field is required.');
  const delivery = readParty(body, 'delivery', errors);
  const collection = readParty(body, 'collection', errors);
  const pieces = num(body.pieces);
  if (pieces === undefined || !Number.isInteger(pieces) || pieces < 1) add(errors, 'pieces', 'The pieces must be at least 1.');
  const isCod = num(body.is_cod) === 1 || body.is_cod === true;
  const cod = body.cod_amount === undefined || body.cod_amount === null ? 0 : num(body.cod_amount);
  if (isCod && (cod === undefined || cod <= 0)) add(errors, 'cod_amount', 'The cod amount field is required when is cod is 1.');
  const weight = body.weight === undefined || body.weight === null ? 0 : num(body.weight);
  if (weight === undefined || weight < 0) add(errors, 'weight', 'The weight must be a number.');
  // A reverse pickup names the products going back (required there).
  if (reverse && (!Array.isArray(body.products) || body.products.length === 0)) add(errors, 'products', 'The products field is required.');
  const serviceType = str(body.service_type) ?? (reverse ? 'RVP' : 'ONP');
  if (!['ONP', 'DOC', 'SDD', 'RVP', 'EXH', 'LOC', 'BLK', 'PLT', 'IPX', 'EPX'].includes(serviceType)) {
    add(errors, 'service_type', 'The selected service type is invalid.');
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    booking: {
      reference: text(body.reference),
      description: str(body.delivery_description),
      serviceType,
      codSar: isCod ? cod! : 0,
      pieces: pieces!,
      weightKg: weight!,
      collection,
      delivery,
    },
  };
}
