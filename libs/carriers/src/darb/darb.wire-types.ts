/** Darb Logistics file formats and API answers, as their integration pack describes them. */

export const DARB_ORDER_COLUMNS = [
  'order_ref',
  'tracking_number',
  'service',
  'consignee_name',
  'consignee_phone',
  'consignee_city',
  'consignee_region',
  'consignee_address',
  'consignee_short_address',
  'consignee_postal_code',
  'consignee_additional_number',
  'consignee_country',
  'shipper_name',
  'shipper_phone',
  'shipper_city',
  'shipper_short_address',
  'shipper_country',
  'pieces',
  'weight_kg',
  'length_cm',
  'width_cm',
  'height_cm',
  'cod_sar',
  'declared_value_sar',
  'merchant_ref',
] as const;

export const DARB_CANCELLATION_COLUMNS = ['tracking_number', 'reason'] as const;

export const DARB_ADDRESS_CHANGE_COLUMNS = [
  'tracking_number',
  'consignee_name',
  'consignee_phone',
  'consignee_city',
  'consignee_region',
  'consignee_address',
  'consignee_short_address',
  'consignee_postal_code',
  'consignee_additional_number',
  'consignee_country',
] as const;

export type DarbOrderRow = Record<(typeof DARB_ORDER_COLUMNS)[number], string>;
export type DarbAddressChangeRow = Record<(typeof DARB_ADDRESS_CHANGE_COLUMNS)[number], string>;

/** order_ref,tracking_number,result,error_code,error_message */
export interface DarbOrderResultRow {
  order_ref: string;
  tracking_number: string;
  result: 'ACCEPTED' | 'DUPLICATE' | 'REJECTED' | string;
  error_code: string;
  error_message: string;
}

/** order_ref,tracking_number,state: what each order_ref became (order lookup). */
export interface DarbOrderLookupRow {
  order_ref: string;
  tracking_number: string;
  state: 'BOOKED' | 'CANCELLED' | 'NOT_FOUND' | string;
}

/** tracking_number,result,error_code,error_message (cancellations and address changes) */
export interface DarbUpdateResultRow {
  tracking_number: string;
  result: 'CANCELLED' | 'ALREADY_CANCELLED' | 'UPDATED' | 'REJECTED' | string;
  error_code: string;
  error_message: string;
}

/** event_id,tracking_number,status_code,status_description,event_time,city,city_ar,measured_weight_kg */
export interface DarbStatusRow {
  event_id: string;
  tracking_number: string;
  status_code: string;
  status_description?: string;
  /** yyyy-MM-dd HH:mm:ss, Riyadh time. */
  event_time: string;
  city?: string;
  city_ar?: string;
  measured_weight_kg?: string;
  /** Cash taken at the door on delivery, SAR with 2 decimals; empty otherwise. */
  cod_collected_sar?: string;
}

export type DarbFileType = 'orders' | 'cancellations' | 'address-changes';

/** settlement_seq,settlement_ref,settled_at,tracking_number,cod_sar: one line per shipment paid out. */
export interface DarbSettlementRow {
  settlement_seq?: string;
  settlement_ref?: string;
  /** yyyy-MM-dd HH:mm:ss, Riyadh time. */
  settled_at?: string;
  tracking_number?: string;
  cod_sar?: string;
}

export interface DarbFileReceipt {
  file_id: string;
  type: DarbFileType;
  status: string;
  rows: number;
}

export interface DarbRange {
  range_id: string;
  prefix: string;
  first: number;
  last: number;
  digits: number;
  size: number;
}

export const DARB_SERVICE = 'STD';

/** The daily collection list Darb takes: one row per parcel, date YYYYMMDD, window HHMM (Riyadh). */
export const DARB_COLLECTION_COLUMNS = [
  'collection_ref',
  'collection_date',
  'window_start',
  'window_end',
  'tracking_number',
  'pickup_city',
  'pickup_short_address',
  'pickup_phone',
] as const;

export interface DarbCollectionResultRow {
  collection_ref: string;
  collection_number: string;
  state: 'SCHEDULED' | 'CANCELLED' | 'NOT_FOUND' | 'REJECTED';
  error_message: string;
}
