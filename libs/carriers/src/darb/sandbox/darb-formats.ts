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
] as const;

export const FILE_TYPES = {
  orders: ORDER_COLUMNS,
  cancellations: CANCELLATION_COLUMNS,
  'address-changes': ADDRESS_CHANGE_COLUMNS,
} as const;

export type DarbFileType = keyof typeof FILE_TYPES;

export const TRACKING_PREFIX = 'DRB';
export const TRACKING_DIGITS = 14;
export const DARB_SERVICE = 'STD';
