/** Bahr Freight web service payloads (JSON flavour of their SOAP-era contract). */

export interface BahrCredentials {
  UserName: string;
  Password: string;
}

export interface BahrParty {
  ContactName?: string;
  Phone?: string;
  AddressLine1?: string;
  City: string;
  Region?: string;
  CountryCode: string;
  PostCode?: string;
  AdditionalNo?: string;
  ShortAddress?: string;
}

export interface BahrPiece {
  /** Whole grams: Bahr refuses fractions. */
  WeightGrams: number;
  LengthCm: number;
  WidthCm: number;
  HeightCm: number;
}

export interface BahrWaybill {
  GatewayRef: string;
  ClientReference?: string;
  ProductCode: string;
  /** dd/MM/yyyy HH:mm, Riyadh time. */
  ShipDate: string;
  Shipper: BahrParty;
  Consignee: BahrParty;
  Pieces: BahrPiece[];
  /** Decimal strings with 2 places, e.g. "150.00". */
  DeclaredValue?: string;
  CodAmount?: string;
  Currency: 'SAR';
}

export interface BahrFault {
  FaultCode: string;
  FaultString: string;
}

export interface BahrEnvelope<T> {
  Envelope: {
    Header?: { MessageId?: string; Timestamp?: string };
    Body: T | null;
    Fault: BahrFault | null;
  };
}

export interface BahrCreateWaybillResult {
  WaybillNumber: string;
  BookingRef: string;
  Status: number;
}

/** FindWaybill: the waybill created with a GatewayRef, if any. */
export interface BahrFindWaybillResult {
  Found: boolean;
  GatewayRef: string;
  WaybillNumber?: string;
  BookingRef?: string;
  Cancelled?: boolean;
}

export interface BahrTrackingEvent {
  SeqNo: number;
  StatusCode: number | string;
  StatusText?: string;
  /** dd/MM/yyyy HH:mm, Riyadh time. */
  EventDate: string;
  Location?: string | null;
  LocationAr?: string | null;
  WeightGrams?: number | null;
  /** Cash taken at the door on delivery, a decimal string in SAR ("125.50"). */
  CodCollected?: string | null;
  /** Delivery events: the proof the courier took, a one-letter code (O one-time code, S signature, P photo). */
  PodType?: string | null;
  /** Delivery events: who signed or took the parcel, as the courier wrote it. */
  ReceiverName?: string | null;
  /** Delivery events: the link to the proof photo. */
  PodImageUrl?: string | null;
}

export interface BahrRemittanceLine {
  WaybillNumber: string;
  /** SAR, "x.xx". */
  Amount: string;
}

export interface BahrRemittance {
  SeqNo: number;
  RemittanceNo: string;
  /** dd/MM/yyyy HH:mm, Riyadh time. */
  RemitDate: string;
  Currency: string;
  TotalAmount: string;
  Lines: BahrRemittanceLine[];
}

export interface BahrRemittanceList {
  Remittances: BahrRemittance[];
  MoreAvailable: boolean;
}

export interface BahrTrackingResult {
  WaybillNumber: string;
  Found: boolean;
  Events: BahrTrackingEvent[];
}

export interface BahrTrackingHistory {
  Results: BahrTrackingResult[];
}

/** CreatePickup's Pickup element; times dd/MM/yyyy HH:mm, Riyadh local. */
export interface BahrPickupRequest {
  GatewayRef: string;
  ReadyTime: string;
  LastPickupTime: string;
  Address: BahrParty;
  WaybillNumbers: string[];
  Pieces: number;
}

export interface BahrPickupResult {
  Found?: boolean;
  PickupNumber?: string;
  GatewayRef?: string;
  Status?: 'SCHEDULED' | 'CANCELLED';
}
