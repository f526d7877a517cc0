import { isRecord, num, SandboxParcel, SandboxParty, str } from '../../shared/sandbox';

/** One Notification of an answer, as Aramex writes it. */
export interface AramexNote {
  Code: string;
  Message: string;
}

/** ClientInfo → the credentials a sandbox account is matched on (setting names). */
export function clientCredentials(body: Record<string, unknown>): Record<string, string | undefined> {
  const info = isRecord(body.ClientInfo) ? body.ClientInfo : {};
  return {
    username: str(info.UserName),
    password: str(info.Password),
    accountNumber: str(info.AccountNumber),
    accountPin: str(info.AccountPin),
    accountEntity: str(info.AccountEntity),
    accountCountryCode: str(info.AccountCountryCode),
  };
}

/** `/Date(ms)/` or `/Date(ms+zzzz)/` → the instant; anything else undefined. */
export function readNetDate(value: unknown): Date | undefined {
  const match = typeof value === 'string' ? /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value) : null;
  return match ? new Date(Number(match[1])) : undefined;
}

/** An instant as Aramex writes it: UTC milliseconds (to the second), in Riyadh's offset. */
export function netDate(at: Date): string {
  return `/Date(${Math.floor(at.getTime() / 1000) * 1000}+0300)/`;
}

export function readPartyAddress(value: unknown, field: string, notes: AramexNote[]): SandboxParty {
  const address = isRecord(value) ? value : {};
  if (!str(address.Line1)) notes.push({ Code: 'ERR03', Message: `${field}.Line1 - Address line 1 is required` });
  if (!str(address.City)) notes.push({ Code: 'ERR04', Message: `${field}.City - City is required` });
  const country = (str(address.CountryCode) ?? '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) notes.push({ Code: 'ERR05', Message: `${field}.CountryCode - Invalid country code` });
  return {
    line1: str(address.Line1),
    city: str(address.City) ?? '',
    region: str(address.Line3),
    country,
    postal_code: str(address.PostCode),
  };
}

function readParty(value: unknown, role: 'Shipper' | 'Consignee', notes: AramexNote[]): SandboxParty {
  const party = isRecord(value) ? value : {};
  const contact = isRecord(party.Contact) ? party.Contact : {};
  if (!str(contact.PersonName)) notes.push({ Code: role === 'Consignee' ? 'ERR48' : 'ERR47', Message: `${role} name is required` });
  const phone = str(contact.PhoneNumber1);
  if (!phone || !/^\+?\d{7,15}$/.test(phone)) notes.push({ Code: 'ERR50', Message: `${role}.Contact.PhoneNumber1 - Invalid phone number` });
  return { ...readPartyAddress(party.PartyAddress, `${role}.PartyAddress`, notes), name: str(contact.PersonName), phone };
}

export interface AramexBooking {
  reference1: string;
  reference2?: string;
  productGroup: string;
  productType: string;
  codSar: number;
  shipper: SandboxParty;
  consignee: SandboxParty;
  parcels: SandboxParcel[];
}

/** One element of CreateShipments' Shipments, checked the way Aramex checks it: problems as Notifications. */
export function readAramexShipment(value: unknown): { booking?: AramexBooking; notes: AramexNote[] } {
  const notes: AramexNote[] = [];
  const shipment = isRecord(value) ? value : {};
  const shipper = readParty(shipment.Shipper, 'Shipper', notes);
  const consignee = readParty(shipment.Consignee, 'Consignee', notes);
  if (!readNetDate(shipment.ShippingDateTime)) notes.push({ Code: 'ERR10', Message: 'ShippingDateTime - Invalid date' });
  const details = isRecord(shipment.Details) ? shipment.Details : {};
  const weight = isRecord(details.ActualWeight) ? details.ActualWeight : {};
  const kg = num(weight.Value);
  const unit = str(weight.Unit)?.toUpperCase();
  if (kg === undefined || kg <= 0) notes.push({ Code: 'ERR20', Message: 'Details.ActualWeight - Weight must be greater than 0' });
  if (unit !== 'KG' && unit !== 'LB') notes.push({ Code: 'ERR21', Message: "Details.ActualWeight.Unit - Unit must be 'KG' or 'LB'" });
  const pieces = num(details.NumberOfPieces);
  if (pieces === undefined || !Number.isInteger(pieces) || pieces < 1)
    notes.push({ Code: 'ERR22', Message: 'Details.NumberOfPieces - At least 1 piece' });
  const group = str(details.ProductGroup);
  if (group !== 'DOM' && group !== 'EXP') notes.push({ Code: 'ERR23', Message: 'Details.ProductGroup - Invalid product group' });
  if (group === 'DOM' && shipper.country && consignee.country && shipper.country !== consignee.country) {
    notes.push({ Code: 'ERR24', Message: 'Details.ProductGroup - Domestic product for an international shipment' });
  }
  const services = (str(details.Services) ?? '').split(',').map((s) => s.trim().toUpperCase());
  const codMoney = isRecord(details.CashOnDeliveryAmount) ? details.CashOnDeliveryAmount : undefined;
  const codSar = codMoney ? (num(codMoney.Value) ?? -1) : 0;
  if (codSar < 0) notes.push({ Code: 'ERR30', Message: 'Details.CashOnDeliveryAmount - Invalid amount' });
  if (codSar > 0 && !services.includes('CODS'))
    notes.push({ Code: 'ERR31', Message: 'Details.Services - CODS is required with a CashOnDeliveryAmount' });
  if (services.includes('CODS') && !(codSar > 0))
    notes.push({ Code: 'ERR32', Message: 'Details.CashOnDeliveryAmount - Required with the CODS service' });
  if (codMoney && codSar > 0 && str(codMoney.CurrencyCode) !== 'SAR')
    notes.push({ Code: 'ERR33', Message: 'Details.CashOnDeliveryAmount.CurrencyCode - Invalid currency' });
  if (notes.length > 0) return { notes };
  const total = unit === 'LB' ? kg! * 0.45359237 : kg!;
  return {
    notes,
    booking: {
      reference1: str(shipment.Reference1) ?? '',
      reference2: str(shipment.Reference2),
      productGroup: group!,
      productType: str(details.ProductType) ?? 'ONP',
      codSar,
      shipper,
      consignee,
      // Aramex takes one weight for the shipment: the sandbox spreads it over the pieces.
      parcels: Array.from({ length: pieces! }, () => ({ weight_kg: total / pieces!, length_cm: 0, width_cm: 0, height_cm: 0 })),
    },
  };
}
