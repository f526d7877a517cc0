/**
 * Aramex Shipping Services API (ShippingAPI.V2, JSON endpoints of the WCF services), field names
 * and casing as Aramex's manual and its XSDs give them: PascalCase everywhere, dates as .NET
 * `/Date(ms+zzzz)/`, errors as `HasErrors` + `Notifications`, credentials in `ClientInfo`.
 */

export interface AramexClientInfo {
  UserName: string;
  Password: string;
  Version: string;
  AccountNumber: string;
  AccountPin: string;
  AccountEntity: string;
  AccountCountryCode: string;
  Source: number;
}

export interface AramexTransaction {
  Reference1: string;
  Reference2: string;
  Reference3: string;
  Reference4: string;
  Reference5: string;
}

export interface AramexNotification {
  Code: string;
  Message: string;
}

/** What every answer carries. */
export interface AramexAnswer {
  Transaction?: AramexTransaction | null;
  Notifications?: AramexNotification[] | null;
  HasErrors?: boolean;
}

export interface AramexPartyAddress {
  Line1: string;
  Line2: string;
  Line3: string;
  City: string;
  StateOrProvinceCode: string;
  PostCode: string;
  CountryCode: string;
}

export interface AramexContact {
  Department: string;
  PersonName: string;
  Title: string;
  CompanyName: string;
  PhoneNumber1: string;
  PhoneNumber1Ext: string;
  PhoneNumber2: string;
  PhoneNumber2Ext: string;
  FaxNumber: string;
  CellPhone: string;
  EmailAddress: string;
  Type: string;
}

export interface AramexParty {
  Reference1: string;
  Reference2: string;
  AccountNumber: string;
  PartyAddress: AramexPartyAddress;
  Contact: AramexContact;
}

export interface AramexMoney {
  CurrencyCode: string;
  Value: number;
}

export interface AramexWeight {
  Unit: 'KG' | 'LB';
  Value: number;
}

export interface AramexDimensions {
  Length: number;
  Width: number;
  Height: number;
  Unit: 'CM' | 'M';
}

export interface AramexShipmentDetails {
  Dimensions: AramexDimensions | null;
  ActualWeight: AramexWeight;
  ChargeableWeight: AramexWeight | null;
  DescriptionOfGoods: string;
  GoodsOriginCountry: string;
  NumberOfPieces: number;
  /** EXP (express, international) or DOM (domestic). */
  ProductGroup: 'DOM' | 'EXP';
  /** ONP (overnight parcel) and others per product group. */
  ProductType: string;
  /** P prepaid, C collect, 3 third party. */
  PaymentType: 'P' | 'C' | '3';
  PaymentOptions: string;
  CustomsValueAmount: AramexMoney | null;
  CashOnDeliveryAmount: AramexMoney | null;
  InsuranceAmount: AramexMoney | null;
  CashAdditionalAmount: AramexMoney | null;
  CashAdditionalAmountDescription: string;
  CollectAmount: AramexMoney | null;
  /** Comma-separated service codes: CODS is cash on delivery. */
  Services: string;
  Items: unknown[];
}

export interface AramexLabelInfo {
  /** 9201 is the standard A4/4×6 waybill report; 9729 the thermal one. */
  ReportID: number;
  /** URL: a link to the PDF; RPT: the PDF's bytes in LabelFileContents. */
  ReportType: 'URL' | 'RPT';
}

export interface AramexShipment {
  Reference1: string;
  Reference2: string;
  Reference3: string;
  Shipper: AramexParty;
  Consignee: AramexParty;
  ThirdParty: AramexParty | null;
  ShippingDateTime: string;
  DueDate: string;
  Comments: string;
  PickupLocation: string;
  OperationsInstructions: string;
  AccountingInstrcutions: string;
  Details: AramexShipmentDetails;
  Attachments: unknown[];
  ForeignHAWB: string;
  TransportType: number;
  PickupGUID: string;
  Number: string | null;
  ScheduledDelivery: unknown;
}

/** POST .../Shipping/Service_1_0.svc/json/CreateShipments. */
export interface AramexCreateShipmentsRequest {
  ClientInfo: AramexClientInfo;
  LabelInfo: AramexLabelInfo;
  Shipments: AramexShipment[];
  Transaction: AramexTransaction;
}

/** ShipmentLabel: a link to the PDF, or its bytes (WCF writes a byte[] as an array of numbers; some proxies as base64). */
export interface AramexShipmentLabel {
  LabelURL?: string | null;
  LabelFileContents?: number[] | string | null;
}

export interface AramexProcessedShipment {
  ID: string | null;
  Reference1?: string | null;
  Reference2?: string | null;
  Reference3?: string | null;
  ForeignHAWB?: string | null;
  HasErrors: boolean;
  Notifications?: AramexNotification[] | null;
  ShipmentLabel?: AramexShipmentLabel | null;
  ShipmentDetails?: unknown;
  ShipmentAttachments?: unknown;
}

export interface AramexCreateShipmentsAnswer extends AramexAnswer {
  Shipments?: AramexProcessedShipment[] | null;
}

/** POST .../Shipping/Service_1_0.svc/json/PrintLabel. */
export interface AramexPrintLabelRequest {
  ClientInfo: AramexClientInfo;
  ShipmentNumber: string;
  ProductGroup: 'DOM' | 'EXP';
  OriginEntity: string;
  LabelInfo: AramexLabelInfo;
  Transaction: AramexTransaction;
}

export interface AramexPrintLabelAnswer extends AramexAnswer {
  ShipmentNumber?: string | null;
  ShipmentLabel?: AramexShipmentLabel | null;
}

/** POST .../Tracking/Service_1_0.svc/json/TrackShipments. */
export interface AramexTrackShipmentsRequest {
  ClientInfo: AramexClientInfo;
  Transaction: AramexTransaction;
  Shipments: string[];
  GetLastTrackingUpdateOnly: boolean;
}

export interface AramexTrackingResult {
  WaybillNumber: string;
  UpdateCode: string;
  UpdateDescription?: string | null;
  /** .NET JSON date: /Date(1788954720000+0200)/ (UTC milliseconds, then the place's offset). */
  UpdateDateTime: string;
  UpdateLocation?: string | null;
  Comments?: string | null;
  /** A reason beside some updates, e.g. A16 (awaiting correct address) with SH033. */
  ProblemCode?: string | null;
  GrossWeight?: string | number | null;
  ChargeableWeight?: string | number | null;
  WeightUnit?: string | null;
}

export interface AramexTrackShipmentsAnswer extends AramexAnswer {
  /** One entry per known waybill: its number and its updates. */
  TrackingResults?: { Key: string; Value: AramexTrackingResult[] | null }[] | null;
  NonExistingWaybills?: string[] | null;
}

/** POST .../RateCalculator/Service_1_0.svc/json/CalculateRate. */
export interface AramexCalculateRateRequest {
  ClientInfo: AramexClientInfo;
  Transaction: AramexTransaction;
  OriginAddress: AramexPartyAddress;
  DestinationAddress: AramexPartyAddress;
  ShipmentDetails: AramexShipmentDetails;
  PreferredCurrencyCode: string;
}

export interface AramexCalculateRateAnswer extends AramexAnswer {
  TotalAmount?: AramexMoney | null;
  RateDetails?: { Amount: number; OtherAmount1: number; TotalAmountBeforeTax: number; TaxAmount: number } | null;
}

export interface AramexPickupItem {
  ProductGroup: 'DOM' | 'EXP';
  ProductType: string;
  NumberOfShipments: number;
  PackageType: string;
  Payment: 'P' | 'C' | '3';
  ShipmentWeight: AramexWeight;
  ShipmentVolume: unknown;
  NumberOfPieces: number;
  CashAmount: AramexMoney | null;
  ExtraCharges: AramexMoney | null;
  ShipmentDimensions: AramexDimensions | null;
  Comments: string;
}

export interface AramexPickup {
  PickupAddress: AramexPartyAddress;
  PickupContact: AramexContact;
  PickupLocation: string;
  PickupDate: string;
  ReadyTime: string;
  LastPickupTime: string;
  ClosingTime: string;
  Comments: string;
  Reference1: string;
  Reference2: string;
  Vehicle: string;
  Shipments: AramexShipment[] | null;
  PickupItems: AramexPickupItem[];
  Status: 'Ready' | 'Pending';
  ExistingShipments: { Number: string; OriginEntity: string; ProductGroup: 'DOM' | 'EXP' }[] | null;
  Branch: string;
  RouteCode: string;
}

/** POST .../Shipping/Service_1_0.svc/json/CreatePickup. */
export interface AramexCreatePickupRequest {
  ClientInfo: AramexClientInfo;
  LabelInfo: AramexLabelInfo | null;
  Pickup: AramexPickup;
  Transaction: AramexTransaction;
}

export interface AramexCreatePickupAnswer extends AramexAnswer {
  ProcessedPickup?: { ID: string; GUID: string; Reference1?: string | null; Reference2?: string | null } | null;
}

/** POST .../Shipping/Service_1_0.svc/json/CancelPickup. */
export interface AramexCancelPickupRequest {
  ClientInfo: AramexClientInfo;
  PickupGUID: string;
  Comments: string;
  Transaction: AramexTransaction;
}
