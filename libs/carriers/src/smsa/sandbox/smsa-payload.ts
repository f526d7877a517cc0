import { isRecord, num, SandboxParcel, SandboxParty, str } from '../../shared/sandbox';

/** ASP.NET's validation problem: messages by field, as SMSA answers a 400. */
export type SmsaErrors = Record<string, string[]>;

export interface SmsaB2cBooking {
  orderNumber: string;
  contentDescription: string;
  serviceCode?: string;
  codSar: number;
  waybillType: 'PDF' | 'ZPL';
  shipper: SandboxParty;
  consignee: SandboxParty;
  parcels: SandboxParcel[];
}

const add = (errors: SmsaErrors, field: string, message: string) => {
  (errors[field] ??= []).push(message);
};

export function readSmsaAddress(value: unknown, field: string, errors: SmsaErrors): SandboxParty {
  if (!isRecord(value)) {
    add(errors, field, `The ${field} field is required.`);
    return { city: '', country: '' };
  }
  for (const name of ['ContactName', 'ContactPhoneNumber', 'City', 'AddressLine1', 'Country']) {
    if (!str(value[name])) add(errors, `${field}.${name}`, `The ${name} field is required.`);
  }
  const phone = str(value.ContactPhoneNumber);
  if (phone && !/^\d{9,15}$/.test(phone)) add(errors, `${field}.ContactPhoneNumber`, 'Phone number must contain digits only.');
  const short = str(value.ShortCode);
  if (short && !/^[A-Za-z]{4}\d{4}$/.test(short)) add(errors, `${field}.ShortCode`, 'Invalid short address code.');
  return {
    name: str(value.ContactName),
    phone,
    line1: str(value.AddressLine1),
    city: str(value.City) ?? '',
    region: str(value.District),
    country: (str(value.Country) ?? '').toUpperCase(),
    postal_code: str(value.PostalCode),
    short_address: short?.toUpperCase(),
  };
}

/**
 * POST /api/shipment/b2c/new, checked the way SMSA checks it: total Weight over Parcels pieces.
 * POST /api/c2b/new (`c2b`, a customer return) reads the same fields with PickupAddress (the
 * customer, its shipper) and ReturnToAddress (the merchant, its consignee), no COD, and a
 * DeclaredValue of at least 0.1.
 */
export function readSmsaB2c(body: unknown, kind: 'b2c' | 'c2b' = 'b2c'): { booking?: SmsaB2cBooking; errors: SmsaErrors } {
  const errors: SmsaErrors = {};
  if (!isRecord(body)) return { errors: { '': ['A non-empty request body is required.'] } };
  const [from, to] = kind === 'c2b' ? ['PickupAddress', 'ReturnToAddress'] : ['ShipperAddress', 'ConsigneeAddress'];
  const shipper = readSmsaAddress(body[from], from, errors);
  const consignee = readSmsaAddress(body[to], to, errors);
  const orderNumber = str(body.OrderNumber);
  if (!orderNumber) add(errors, 'OrderNumber', 'The OrderNumber field is required.');
  const pieces = num(body.Parcels);
  if (pieces === undefined || !Number.isInteger(pieces) || pieces < 1)
    add(errors, 'Parcels', 'Parcels must be a whole number of at least 1.');
  const weight = num(body.Weight);
  if (weight === undefined || weight <= 0) add(errors, 'Weight', 'Weight must be greater than 0.');
  const unit = body.WeightUnit;
  if (unit !== 'KG' && unit !== 'LB') add(errors, 'WeightUnit', "WeightUnit must be 'KG' or 'LB'.");
  const cod = body.CODAmount === undefined || kind === 'c2b' ? 0 : num(body.CODAmount);
  if (cod === undefined || cod < 0) add(errors, 'CODAmount', 'CODAmount must be 0 or more.');
  const declared = num(body.DeclaredValue);
  if (declared === undefined || declared < 0) add(errors, 'DeclaredValue', 'DeclaredValue is required.');
  else if (kind === 'c2b' && declared < 0.1) add(errors, 'DeclaredValue', 'DeclaredValue must be at least 0.1.');
  if (!str(body.ShipDate) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/.test(str(body.ShipDate)!)) {
    add(errors, 'ShipDate', 'ShipDate must be a date.');
  }
  if (!str(body.ShipmentCurrency)) add(errors, 'ShipmentCurrency', 'The ShipmentCurrency field is required.');
  if (!str(body.ContentDescription)) add(errors, 'ContentDescription', 'The ContentDescription field is required.');
  const waybillType = body.WaybillType ?? 'PDF';
  if (waybillType !== 'PDF' && waybillType !== 'ZPL') add(errors, 'WaybillType', "WaybillType must be 'PDF' or 'ZPL'.");
  if (Object.keys(errors).length > 0) return { errors };
  const kg = unit === 'LB' ? weight! * 0.45359237 : weight!;
  // SMSA takes one weight for the shipment: the sandbox spreads it over the pieces.
  const parcels = Array.from({ length: pieces! }, () => ({ weight_kg: kg / pieces!, length_cm: 0, width_cm: 0, height_cm: 0 }));
  return {
    errors,
    booking: {
      orderNumber: orderNumber!,
      contentDescription: str(body.ContentDescription)!,
      serviceCode: str(body.ServiceCode),
      codSar: cod!,
      waybillType: waybillType as 'PDF' | 'ZPL',
      shipper,
      consignee,
      parcels,
    },
  };
}
