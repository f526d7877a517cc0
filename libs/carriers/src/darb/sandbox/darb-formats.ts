/** Column layouts of Darb's files: the contract the adapter writes and reads. */
const CONSIGNEE_COLUMNS = [
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

export const ORDER_COLUMNS = [
  'order_ref',
  'tracking_number',
  'service',
  ...CONSIGNEE_COLUMNS,
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

export const ORDER_RESULT_COLUMNS = ['order_ref', 'tracking_number', 'result', 'error_code', 'error_message'] as const;
/** order_ref,tracking_number,state (BOOKED, CANCELLED or NOT_FOUND). */
export const ORDER_LOOKUP_COLUMNS = ['order_ref', 'tracking_number', 'state'] as const;

export const CANCELLATION_COLUMNS = ['tracking_number', 'reason'] as const;

export const ADDRESS_CHANGE_COLUMNS = ['tracking_number', ...CONSIGNEE_COLUMNS] as const;

export const UPDATE_RESULT_COLUMNS = ['tracking_number', 'result', 'error_code', 'error_message'] as const;

export const STATUS_FEED_COLUMNS = [
  'event_id',
  'tracking_number',
  'status_code',
  'status_description',
  'event_time',
  'city',
  'city_ar',
  'measured_weight_kg',
  'cod_collected_sar',
] as const;

/** One line per shipment paid out; a settlement is the lines sharing settlement_ref. */
export const SETTLEMENT_COLUMNS = ['settlement_seq', 'settlement_ref', 'settled_at', 'tracking_number', 'cod_sar'] as const;

export const FILE_TYPES = {
  orders: ORDER_COLUMNS,
  cancellations: CANCELLATION_COLUMNS,
  'address-changes': ADDRESS_CHANGE_COLUMNS,
} as const;

export type DarbFileType = keyof typeof FILE_TYPES;

export const TRACKING_PREFIX = 'DRB';
export const TRACKING_DIGITS = 14;
export const DARB_SERVICE = 'STD';

/** The daily collection list: one row per parcel; every row of a list names the same collection. */
export const COLLECTION_LIST_COLUMNS = [
  'collection_ref',
  'collection_date',
  'window_start',
  'window_end',
  'tracking_number',
  'pickup_city',
  'pickup_short_address',
  'pickup_phone',
] as const;

export const COLLECTION_RESULT_COLUMNS = ['collection_ref', 'collection_number', 'state', 'error_message'] as const;
