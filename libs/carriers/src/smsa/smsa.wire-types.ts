/**
 * SMSA Express e-commerce REST API payloads (ecomapis.smsaexpress.com), field names and casing as
 * SMSA documents them: PascalCase requests, camelCase shipment answers, PascalCase tracking.
 */

/** ShipperAddress / ConsigneeAddress / PickupAddress / ReturnToAddress. */
export interface SmsaAddress {
  ContactName: string;
  ContactPhoneNumber: string;
  Coordinates?: string;
  Country: string;
  District?: string;
  PostalCode?: string;
  City: string;
  AddressLine1: string;
  AddressLine2?: string;
  /** The Saudi National Address short code (4 letters + 4 digits), consignee side only. */
  ShortCode?: string;
  ConsigneeID?: string;
}

/** POST /api/shipment/b2c/new. Money in SAR (decimal), weight in KG or LB, ShipDate Riyadh local time without offset. */
export interface SmsaB2cShipmentRequest {
  ConsigneeAddress: SmsaAddress;
  ShipperAddress: SmsaAddress;
  OrderNumber: string;
  DeclaredValue: number;
  CODAmount: number;
  Parcels: number;
  ShipDate: string;
  ShipmentCurrency: string;
  SMSARetailID: string;
  WaybillType: 'PDF' | 'ZPL';
  Weight: number;
  WeightUnit: 'KG' | 'LB';
  ContentDescription: string;
  VatPaid: boolean;
  DutyPaid: boolean;
  ServiceCode?: string;
}

/**
 * POST /api/c2b/new, a customer return ("Customer to Business"): SMSA collects from PickupAddress
 * (the customer) and brings it to ReturnToAddress (the merchant). No COD; DeclaredValue at least 0.1.
 */
export interface SmsaC2bShipmentRequest extends Omit<
  SmsaB2cShipmentRequest,
  'ConsigneeAddress' | 'ShipperAddress' | 'CODAmount' | 'VatPaid' | 'DutyPaid'
> {
  PickupAddress: SmsaAddress;
  ReturnToAddress: SmsaAddress;
}

/** The answer of both: the shipment AWB and one waybill (AWB and label file, base64) per parcel. */
export interface SmsaShipmentAnswer {
  sawb: string;
  createDate: string;
  shipmentParcelsCount: number;
  waybills: { awb: string; awbFile: string }[];
}

export interface SmsaScan {
  ReceivedBy?: string | null;
  City?: string | null;
  ScanType: string;
  ScanDescription?: string | null;
  /** Local time of the scan without offset, e.g. 2025-03-01T13:15:42 … */
  ScanDateTime: string;
  /** … and its offset, e.g. +03:00. */
  ScanTimeZone?: string | null;
}

/** GET /api/track/single/{AWB}, and each element of POST /api/track/bulk. DesinationCity is SMSA's spelling. */
export interface SmsaTracking {
  AWB: string;
  Reference?: string | null;
  Pieces?: number;
  CODAmount?: number;
  ContentDesc?: string | null;
  RecipientName?: string | null;
  OriginCity?: string | null;
  OriginCountry?: string | null;
  DesinationCity?: string | null;
  DesinationCountry?: string | null;
  isDelivered?: boolean;
  Scans?: SmsaScan[] | null;
}

/** GET /api/track/statuslookup. */
export interface SmsaStatusLookup {
  Code: string;
  ScanDescEN: string;
  ScanDescAR: string;
}

/** A refusal: ASP.NET validation problem details (`errors` by field), or a plain message. */
export interface SmsaProblem {
  type?: string;
  title?: string;
  status?: number;
  errors?: Record<string, string[]>;
  message?: string;
}
