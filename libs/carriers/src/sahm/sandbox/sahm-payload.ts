import { isRecord, num, SandboxParcel, SandboxParty, str } from '../../shared/sandbox';

export const SAHM_SERVICES = ['EXP-DOM', 'EXP-GCC'] as const;

export interface SahmIssue {
  field: string;
  issue: string;
}

export interface SahmBooking {
  service: string;
  externalId?: string;
  merchantReference?: string;
  /** cash_on_delivery.amount_minor: Sahm counts money in minor units. */
  codAmountHalalas?: number;
  shipper: SandboxParty;
  consignee: SandboxParty;
  parcels: SandboxParcel[];
}

export function readSahmAddress(value: unknown, field: string, issues: SahmIssue[]): SandboxParty {
  if (!isRecord(value)) {
    issues.push({ field, issue: 'required' });
    return { city: '', country: '' };
  }
  const city = str(value.city);
  const country = str(value.country_code);
  if (!city) issues.push({ field: `${field}.city`, issue: 'required' });
  if (!country || !/^[A-Za-z]{2}$/.test(country)) issues.push({ field: `${field}.country_code`, issue: 'must be ISO 3166-1 alpha-2' });
  const national = isRecord(value.national_address) ? value.national_address : {};
  return {
    name: str(value.contact_name),
    phone: str(value.phone),
    line1: str(value.street),
    city: city ?? '',
    region: str(value.region),
    country: (country ?? '').toUpperCase(),
    postal_code: str(value.postal_code),
    short_address: str(national.short_code),
    additional_number: str(national.additional_number),
  };
}

function readPackages(value: unknown, issues: SahmIssue[]): SandboxParcel[] {
  if (!Array.isArray(value) || value.length === 0) {
    issues.push({ field: 'packages', issue: 'at least one package is required' });
    return [];
  }
  return value.map((pkg, i) => {
    const weight = isRecord(pkg) && isRecord(pkg.weight) ? pkg.weight : {};
    const dims = isRecord(pkg) && isRecord(pkg.dimensions) ? pkg.dimensions : {};
    const kg = num(weight.value);
    if (kg === undefined || kg <= 0 || weight.unit !== 'kg') {
      issues.push({ field: `packages[${i}].weight`, issue: 'positive value in kg required' });
    }
    const side = (name: string) => {
      const v = num(dims[name]);
      if (v === undefined || v <= 0) issues.push({ field: `packages[${i}].dimensions.${name}`, issue: 'positive value required' });
      return v ?? 0;
    };
    if (dims.unit !== 'cm') issues.push({ field: `packages[${i}].dimensions.unit`, issue: 'must be cm' });
    return { weight_kg: kg ?? 0, length_cm: side('length'), width_cm: side('width'), height_cm: side('height') };
  });
}

function checkMoney(value: unknown, field: string, issues: SahmIssue[]): void {
  if (value === undefined || value === null) return;
  const amount = isRecord(value) ? value.amount_minor : undefined;
  if (!isRecord(value) || typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0 || value.currency !== 'SAR') {
    issues.push({ field, issue: 'integer amount_minor >= 0 in SAR required' });
  }
}

export function readSahmBooking(body: unknown): { booking?: SahmBooking; issues: SahmIssue[] } {
  const issues: SahmIssue[] = [];
  if (!isRecord(body)) return { issues: [{ field: '', issue: 'JSON object required' }] };
  const service = str(body.service);
  if (!service || !(SAHM_SERVICES as readonly string[]).includes(service)) {
    issues.push({ field: 'service', issue: `one of ${SAHM_SERVICES.join(', ')}` });
  }
  const shipper = readSahmAddress(body.shipper, 'shipper', issues);
  const consignee = readSahmAddress(body.consignee, 'consignee', issues);
  const parcels = readPackages(body.packages, issues);
  checkMoney(body.declared_value, 'declared_value', issues);
  checkMoney(body.cash_on_delivery, 'cash_on_delivery', issues);
  if (issues.length > 0) return { issues };
  return {
    issues,
    booking: {
      service: service!,
      externalId: str(body.external_id),
      merchantReference: str(body.merchant_reference),
      ...(isRecord(body.cash_on_delivery) && typeof body.cash_on_delivery.amount_minor === 'number'
        ? { codAmountHalalas: body.cash_on_delivery.amount_minor }
        : {}),
      shipper,
      consignee,
      parcels,
    },
  };
}
