import { createHash } from 'node:crypto';
import { AddressProps } from '@lgw/kernel';
import { CarrierBooking, CarrierBookingRequest, CarrierPickupRequest, CarrierTrackingEvent } from '@lgw/carrier-access';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import { sumKg } from '../shared/units';
import { ARAMEX_STATUS_MAP, aramexUpdateKey } from './aramex.status-map';
import { AramexAccount } from './aramex.settings';
import {
  AramexAnswer,
  AramexCalculateRateAnswer,
  AramexCalculateRateRequest,
  AramexClientInfo,
  AramexContact,
  AramexCreatePickupRequest,
  AramexCreateShipmentsAnswer,
  AramexCreateShipmentsRequest,
  AramexPartyAddress,
  AramexShipmentDetails,
  AramexShipmentLabel,
  AramexTrackingResult,
  AramexTransaction,
} from './aramex.wire-types';

/** Gateway service level → Aramex ProductGroup / ProductType. */
const ARAMEX_PRODUCTS: Readonly<Record<string, { group: 'DOM' | 'EXP'; type: string }>> = {
  aramex_domestic_express: { group: 'DOM', type: 'ONP' },
};

export function toAramexProduct(serviceCode: string): { group: 'DOM' | 'EXP'; type: string } | undefined {
  return ARAMEX_PRODUCTS[serviceCode];
}

/** The version string of the API the manual describes; Source identifies the calling integration. */
export function toClientInfo(account: AramexAccount): AramexClientInfo {
  return {
    UserName: account.username,
    Password: account.password,
    Version: 'v1.0',
    AccountNumber: account.accountNumber,
    AccountPin: account.accountPin,
    AccountEntity: account.accountEntity,
    AccountCountryCode: account.accountCountryCode,
    Source: 24,
  };
}

export function transaction(reference1 = ''): AramexTransaction {
  return { Reference1: reference1, Reference2: '', Reference3: '', Reference4: '', Reference5: '' };
}

/** .NET JSON date of an instant: `/Date(<UTC ms>+0300)/`, written in Riyadh's offset. */
export function toAramexDate(at: Date): string {
  return `/Date(${at.getTime()}+0300)/`;
}

/**
 * `/Date(1788954720000+0200)/` → the instant. The milliseconds are UTC whatever the offset (the
 * offset only says where it was written); anything else is unreadable → null.
 */
export function parseAramexDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value.trim());
  if (!match) return null;
  const at = new Date(Number(match[1]));
  return Number.isNaN(at.getTime()) ? null : at;
}

const digitsPlus = (phone: string | undefined) => (phone ?? '').replace(/[^\d+]/g, '');

export function toAramexAddress(address: AddressProps): AramexPartyAddress {
  return {
    Line1: address.line1 ?? address.short_address ?? address.city,
    Line2: address.line1 && address.short_address ? address.short_address : '',
    Line3: address.region ?? '',
    City: address.city,
    StateOrProvinceCode: '',
    PostCode: address.postal_code ?? '',
    CountryCode: address.country.toUpperCase(),
  };
}

export function toAramexContact(address: AddressProps): AramexContact {
  const phone = digitsPlus(address.phone);
  return {
    Department: '',
    PersonName: address.name ?? '',
    Title: '',
    CompanyName: address.name ?? '',
    PhoneNumber1: phone,
    PhoneNumber1Ext: '',
    PhoneNumber2: '',
    PhoneNumber2Ext: '',
    FaxNumber: '',
    CellPhone: phone,
    EmailAddress: '',
    Type: '',
  };
}

const money = (halalas: number) => ({ CurrencyCode: 'SAR', Value: Math.round(halalas) / 100 });

function shipmentDetails(
  product: { group: 'DOM' | 'EXP'; type: string },
  parcels: CarrierBookingRequest['parcels'],
  codHalalas: number,
  description: string,
): AramexShipmentDetails {
  const cod = codHalalas > 0;
  return {
    Dimensions: null,
    ActualWeight: { Unit: 'KG', Value: sumKg(parcels.map((p) => p.weight_kg)) },
    ChargeableWeight: null,
    DescriptionOfGoods: description,
    GoodsOriginCountry: 'SA',
    NumberOfPieces: parcels.length,
    ProductGroup: product.group,
    ProductType: product.type,
    PaymentType: 'P',
    PaymentOptions: '',
    CustomsValueAmount: null,
    CashOnDeliveryAmount: cod ? money(codHalalas) : null,
    InsuranceAmount: null,
    CashAdditionalAmount: null,
    CashAdditionalAmountDescription: '',
    CollectAmount: null,
    // CODS: the courier collects CashOnDeliveryAmount at the door.
    Services: cod ? 'CODS' : '',
    Items: [],
  };
}

function party(address: AddressProps, accountNumber: string) {
  return {
    Reference1: '',
    Reference2: '',
    AccountNumber: accountNumber,
    PartyAddress: toAramexAddress(address),
    Contact: toAramexContact(address),
  };
}

/** The same request gives the same body but for ShippingDateTime / DueDate (Aramex does not dedupe: never retried). */
export function toAramexCreateShipments(
  request: CarrierBookingRequest,
  product: { group: 'DOM' | 'EXP'; type: string },
  account: AramexAccount,
  now: Date,
): AramexCreateShipmentsRequest {
  return {
    ClientInfo: toClientInfo(account),
    LabelInfo: ARAMEX_LABEL,
    Shipments: [
      {
        // Reference1 carries the gateway's shipment id, Reference2 the merchant's own reference.
        Reference1: request.shipmentId,
        Reference2: request.reference ?? '',
        Reference3: '',
        Shipper: party(request.origin, account.accountNumber),
        Consignee: party(request.destination, ''),
        ThirdParty: null,
        ShippingDateTime: toAramexDate(now),
        DueDate: toAramexDate(new Date(now.getTime() + 2 * 86_400_000)),
        Comments: '',
        PickupLocation: 'Reception',
        OperationsInstructions: '',
        AccountingInstrcutions: '',
        Details: shipmentDetails(product, request.parcels, request.codAmountHalalas ?? 0, request.reference ?? 'Merchandise'),
        Attachments: [],
        ForeignHAWB: '',
        TransportType: 0,
        PickupGUID: '',
        Number: null,
        ScheduledDelivery: null,
      },
    ],
    Transaction: transaction(request.shipmentId),
  };
}

/** The waybill report the gateway asks for: 9201 in PDF bytes (RPT), so no second fetch is needed. */
export const ARAMEX_LABEL = { ReportID: 9201, ReportType: 'RPT' } as const;

/** Tracking number and carrier reference: the AWB Aramex gave the shipment (Shipments[].ID). */
export function fromAramexCreateShipments(answer: AramexCreateShipmentsAnswer): CarrierBooking {
  const shipment = answer.Shipments?.[0];
  const awb = typeof shipment?.ID === 'string' ? shipment.ID.trim() : '';
  // An answer we cannot read is no answer: the outcome stays unknown rather than guessed.
  if (!awb) throw new CarrierTransportError('malformed answer (shipment without an ID)');
  return { trackingNumber: awb, carrierReference: awb };
}

/** The PDF bytes of a ShipmentLabel when it carries them inline; null when it carries a link only. */
export function aramexLabelBytes(label: AramexShipmentLabel | null | undefined): Buffer | null {
  const contents = label?.LabelFileContents;
  if (Array.isArray(contents) && contents.length > 0 && contents.every((b) => Number.isInteger(b) && b >= 0 && b < 256)) {
    return Buffer.from(contents);
  }
  if (typeof contents === 'string' && contents.length > 0) return Buffer.from(contents, 'base64');
  return null;
}

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The updates of one waybill, oldest first. Aramex gives updates no id: an event's id is derived
 * from what identifies the update (AWB, code, problem, time, place), the same on every read.
 */
export function fromAramexTracking(awb: string, results: readonly AramexTrackingResult[]): CarrierTrackingEvent[] {
  const events: CarrierTrackingEvent[] = [];
  for (const result of results) {
    const occurredAt = parseAramexDate(result.UpdateDateTime);
    const code = typeof result.UpdateCode === 'string' ? result.UpdateCode.trim() : '';
    if (!occurredAt || !code) continue;
    const key = aramexUpdateKey(code, result.ProblemCode?.trim());
    const mapped = ARAMEX_STATUS_MAP.map(key);
    const place = result.UpdateLocation?.trim();
    const eventId = createHash('sha256')
      .update([awb, key, result.UpdateDateTime, place ?? ''].join('\u0000'))
      .digest('hex')
      .slice(0, 32);
    const gross = numberOf(result.GrossWeight);
    const kg = gross !== undefined && /^lb/i.test(result.WeightUnit ?? '') ? gross * 0.45359237 : gross;
    events.push({
      trackingNumber: awb,
      eventId,
      carrierStatus: key,
      status: mapped?.status ?? null,
      ...(mapped?.exceptionType ? { exceptionType: mapped.exceptionType } : {}),
      ...(place ? { locationEn: place } : {}),
      occurredAt,
      // A weight discrepancy update carries the weight Aramex found on the scale.
      ...(mapped?.exceptionType === 'WEIGHT_MISMATCH' && kg !== undefined && kg > 0
        ? { measuredWeightKg: Math.round(kg * 1000) / 1000 }
        : {}),
    });
  }
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}

export function toAramexCalculateRate(
  origin: AddressProps,
  destination: AddressProps,
  parcels: CarrierBookingRequest['parcels'],
  product: { group: 'DOM' | 'EXP'; type: string },
  codHalalas: number,
  account: AramexAccount,
): AramexCalculateRateRequest {
  return {
    ClientInfo: toClientInfo(account),
    Transaction: transaction(),
    OriginAddress: toAramexAddress(origin),
    DestinationAddress: toAramexAddress(destination),
    ShipmentDetails: shipmentDetails(product, parcels, codHalalas, 'Merchandise'),
    PreferredCurrencyCode: 'SAR',
  };
}

/**
 * The price before VAT in halalas: TotalAmountBeforeTax of RateDetails, else TotalAmount less its
 * TaxAmount, else TotalAmount (an account quoted without tax). An answer without a readable SAR
 * amount is no answer.
 */
export function fromAramexCalculateRate(answer: AramexCalculateRateAnswer): number {
  const total = answer.TotalAmount;
  const readable = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
  if (!total || !readable(total.Value) || total.CurrencyCode !== 'SAR') {
    throw new CarrierTransportError('malformed answer (rate without a SAR TotalAmount)');
  }
  const details = answer.RateDetails;
  const beforeTax = readable(details?.TotalAmountBeforeTax)
    ? details.TotalAmountBeforeTax
    : readable(details?.TaxAmount)
      ? total.Value - details.TaxAmount
      : total.Value;
  return Math.round(beforeTax * 100);
}

/** A Riyadh wall-clock time on a Riyadh date, as the instant Aramex wants it. */
export function riyadhInstant(date: string, hhmm: string): Date {
  return new Date(`${date}T${hhmm}:00+03:00`);
}

export function toAramexCreatePickup(
  request: CarrierPickupRequest,
  product: { group: 'DOM' | 'EXP'; type: string },
  account: AramexAccount,
): AramexCreatePickupRequest {
  const from = riyadhInstant(request.date, request.window.from);
  const to = riyadhInstant(request.date, request.window.to);
  return {
    ClientInfo: toClientInfo(account),
    LabelInfo: null,
    Pickup: {
      PickupAddress: toAramexAddress(request.address),
      PickupContact: toAramexContact(request.address),
      PickupLocation: 'Reception',
      PickupDate: toAramexDate(from),
      ReadyTime: toAramexDate(from),
      LastPickupTime: toAramexDate(to),
      ClosingTime: toAramexDate(to),
      Comments: '',
      // Reference1: the gateway's pickup id, which Aramex keeps with the collection.
      Reference1: request.reference,
      Reference2: '',
      Vehicle: '',
      Shipments: null,
      PickupItems: [
        {
          ProductGroup: product.group,
          ProductType: product.type,
          NumberOfShipments: request.trackingNumbers.length,
          PackageType: 'Box',
          Payment: 'P',
          ShipmentWeight: { Unit: 'KG', Value: 0.5 * request.parcelCount },
          ShipmentVolume: null,
          NumberOfPieces: request.parcelCount,
          CashAmount: null,
          ExtraCharges: null,
          ShipmentDimensions: null,
          Comments: '',
        },
      ],
      Status: 'Ready',
      ExistingShipments: request.trackingNumbers.map((Number) => ({
        Number,
        OriginEntity: account.accountEntity,
        ProductGroup: product.group,
      })),
      Branch: '',
      RouteCode: '',
    },
    Transaction: transaction(request.reference),
  };
}

/** The notifications of an answer and of its shipments, as "CODE: message" joined. */
export function aramexRefusal(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const answer = body as AramexCreateShipmentsAnswer & { Message?: unknown };
  const notes = [...(answer.Notifications ?? []), ...(answer.Shipments ?? []).flatMap((s) => s?.Notifications ?? [])].filter(
    (n) => n && (typeof n.Message === 'string' || typeof n.Code === 'string'),
  );
  if (notes.length > 0) return notes.map((n) => [n.Code, n.Message].filter(Boolean).join(': ')).join('; ');
  // A WCF fault (an HTTP 500) carries only Message.
  return typeof answer.Message === 'string' && answer.Message.trim() ? answer.Message.trim() : undefined;
}

/** ERR01 and ERR02 are Aramex's "ClientInfo" refusals: the account's credentials, not the request. */
export function aramexCredentialsRefused(answer: AramexAnswer): boolean {
  return (answer.Notifications ?? []).some((n) => /^ERR0?[12]$/i.test(n?.Code ?? '') || /^ClientInfo\b/i.test(n?.Message ?? ''));
}
