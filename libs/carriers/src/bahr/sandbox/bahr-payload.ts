import { isRecord, num, SandboxParcel, SandboxParty, str } from '../../shared/sandbox';

export const BAHR_PRODUCTS = ['LND', 'SEA'] as const;

const LEGACY_DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
const MONEY = /^\d+\.\d{2}$/;

export interface BahrBooking {
  product: string;
  gatewayRef?: string;
  clientReference?: string;
  /** Waybill.CodAmount, a decimal string in SAR. */
  codAmountHalalas?: number;
  shipper: SandboxParty;
  consignee: SandboxParty;
  parcels: SandboxParcel[];
}

export function readBahrParty(value: unknown, field: string, problems: string[]): SandboxParty {
  if (!isRecord(value)) {
    problems.push(`${field} is required`);
    return { city: '', country: '' };
  }
  const city = str(value.City);
  const country = str(value.CountryCode);
  if (!city) problems.push(`${field}.City is required`);
  if (!country || !/^[A-Z]{2}$/.test(country)) problems.push(`${field}.CountryCode must be 2 capital letters`);
  return {
    name: str(value.ContactName),
    phone: str(value.Phone),
    line1: str(value.AddressLine1),
    city: city ?? '',
    region: str(value.Region),
    country: country ?? '',
    postal_code: str(value.PostCode),
    additional_number: str(value.AdditionalNo),
    short_address: str(value.ShortAddress),
  };
}

function readPieces(value: unknown, problems: string[]): SandboxParcel[] {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push('Waybill.Pieces must hold at least one piece');
    return [];
  }
  return value.map((piece, i) => {
    const p = isRecord(piece) ? piece : {};
    const grams = p.WeightGrams;
    // The legacy system stores whole grams; anything else is refused, as the real one would.
    if (typeof grams !== 'number' || !Number.isInteger(grams) || grams <= 0) {
      problems.push(`Waybill.Pieces[${i}].WeightGrams must be a positive whole number`);
    }
    const side = (name: string) => {
      const v = num(p[name]);
      if (v === undefined || v <= 0) problems.push(`Waybill.Pieces[${i}].${name} must be positive`);
      return v ?? 0;
    };
    return {
      weight_kg: typeof grams === 'number' ? grams / 1000 : 0,
      length_cm: side('LengthCm'),
      width_cm: side('WidthCm'),
      height_cm: side('HeightCm'),
    };
  });
}

export function readBahrBooking(body: Record<string, unknown>): { booking?: BahrBooking; problems: string[] } {
  const problems: string[] = [];
  const waybill = isRecord(body.Waybill) ? body.Waybill : undefined;
  if (!waybill) return { problems: ['Waybill is required'] };
  const product = str(waybill.ProductCode);
  if (!product || !(BAHR_PRODUCTS as readonly string[]).includes(product)) {
    problems.push(`Waybill.ProductCode must be one of ${BAHR_PRODUCTS.join(', ')}`);
  }
  const shipDate = str(waybill.ShipDate);
  if (!shipDate || !LEGACY_DATE.test(shipDate)) problems.push('Waybill.ShipDate must be dd/MM/yyyy HH:mm');
  for (const field of ['DeclaredValue', 'CodAmount']) {
    const value = waybill[field];
    if (value !== undefined && (typeof value !== 'string' || !MONEY.test(value))) {
      problems.push(`Waybill.${field} must be a decimal string with 2 places`);
    }
  }
  if (waybill.Currency !== undefined && waybill.Currency !== 'SAR') problems.push('Waybill.Currency must be SAR');
  const shipper = readBahrParty(waybill.Shipper, 'Waybill.Shipper', problems);
  const consignee = readBahrParty(waybill.Consignee, 'Waybill.Consignee', problems);
  const parcels = readPieces(waybill.Pieces, problems);
  if (problems.length > 0) return { problems };
  return {
    problems,
    booking: {
      product: product!,
      gatewayRef: str(waybill.GatewayRef),
      clientReference: str(waybill.ClientReference),
      ...(typeof waybill.CodAmount === 'string' ? { codAmountHalalas: Math.round(Number(waybill.CodAmount) * 100) } : {}),
      shipper,
      consignee,
      parcels,
    },
  };
}
