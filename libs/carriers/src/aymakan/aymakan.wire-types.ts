/**
 * Aymakan API v2 payloads (api.aymakan.net/v2), field names and casing as Aymakan documents
 * them: snake_case everywhere, money as decimal SAR, dates "YYYY-MM-DD HH:MM:SS" in Riyadh time
 * inside tracking_info and ISO UTC elsewhere.
 */

/** POST /v2/shipping/create, and each element of create/bulk_shipping's `shipments`. */
export interface AymakanShippingRequest {
  requested_by: string;
  declared_value: number;
  declared_value_currency?: string;
  /** The order reference; Aymakan refuses a reference already used ("has already been taken"). */
  reference?: string;
  service_type?: string;
  is_cod?: 0 | 1;
  cod_amount?: number;
  currency?: string;
  delivery_name: string;
  delivery_email?: string;
  delivery_city: string;
  delivery_address: string;
  delivery_neighbourhood?: string;
  delivery_postcode?: string;
  delivery_country: string;
  delivery_phone: string;
  delivery_description?: string;
  delivery_national_address?: { short_code: string; building_number?: string; post_code?: string; additional_number?: string };
  collection_name: string;
  collection_email?: string;
  collection_city: string;
  collection_address: string;
  collection_neighbourhood?: string;
  collection_postcode?: string;
  collection_country: string;
  collection_phone: string;
  collection_description?: string;
  weight?: number;
  length?: number;
  width?: number;
  height?: number;
  pieces: number;
  items_count?: number;
}

/** A shipment as Aymakan answers it (create, bulk create, track, by reference). */
export interface AymakanShipment {
  reference?: string | null;
  tracking_number: string;
  customer_tracking?: string | null;
  cod_amount?: number | string | null;
  delivery_city?: string | null;
  collection_city?: string | null;
  weight?: number | string | null;
  pieces?: number | null;
  status?: string | null;
  status_label?: string | null;
  reason_en?: string | null;
  reason_ar?: string | null;
  created_at?: string | null;
  is_reverse_pickup?: number;
  label?: string | null;
  /** Full URL of the AWB document (PDF). */
  pdf_label?: string | null;
  tracking_info?: AymakanTrackingInfo[] | null;
}

/** One entry of `tracking_info`, newest first. */
export interface AymakanTrackingInfo {
  status_code: string;
  description?: string | null;
  description_ar?: string | null;
  /** Riyadh wall-clock, "2019-01-23 20:25:16". */
  created_at: string;
}

/**
 * POST /v2/shipping/create/reverse_pickup: the create request's parties without a service type,
 * with the products going back (required).
 */
export interface AymakanReversePickupRequest extends Omit<AymakanShippingRequest, 'service_type' | 'delivery_national_address'> {
  products: { sku: string; qty: number; price: number }[];
}

/** The reverse pickup's answer: the shipment under `data` (its AWB starts with RP). */
export interface AymakanReversePickupAnswer {
  success: boolean;
  data?: { shipping?: AymakanShipment };
}

export interface AymakanCreateAnswer {
  success: boolean;
  shipping: AymakanShipment;
}

export interface AymakanBulkAnswer {
  success: boolean;
  message?: string;
  bulk_awb?: string;
  total_shipments?: number;
  shipments: AymakanShipment[];
}

/** GET /v2/shipping/track/{ids} and GET /v2/shipping/by_reference/{references}. */
export interface AymakanTrackAnswer {
  success: boolean;
  data: { shipments: AymakanShipment[] };
}

/** GET /v2/shipping/awb/tracking/{tracking}: the AWB document's URL. */
export interface AymakanAwbAnswer {
  success: boolean;
  data: { awb_url: string };
}

/** POST /v2/pickup_request/create: a collection from the merchant's address, in one of the day's time slots. */
export interface AymakanPickupRequest {
  /** The AWB to collect, sent only when `shipments` is 1 (Aymakan names no parcel otherwise). */
  reference?: string;
  /** "Y-m-d". */
  pickup_date: string;
  /** A key of GET /v2/time_slots/{date}'s `slots` (morning, afternoon, evening). */
  time_slot: string;
  /** A pickup city name Aymakan knows. */
  city: string;
  contact_name: string;
  contact_phone: string;
  address: string;
  /** How many shipments the courier collects. */
  shipments: number;
}

/** A collection as Aymakan answers it (create, list). */
export interface AymakanPickup {
  id: number;
  contact_name?: string | null;
  contact_phone?: string | null;
  address?: string | null;
  shipments?: number | null;
  time_slot?: string | null;
  pickup_date?: string | null;
  /** pending, processing, …, cancelled. */
  status?: string | null;
  created_at?: string | null;
}

export interface AymakanPickupAnswer {
  success: boolean;
  message?: string;
  data: AymakanPickup;
}

/** GET /v2/pickup_request/list: the account's collections, newest first, a Laravel page at a time. */
export interface AymakanPickupListAnswer {
  success: boolean;
  data: { pickupRequests: { current_page: number; last_page?: number; data: AymakanPickup[] } };
}

/** GET /v2/time_slots/{date}: the slots still open that day, key → label ("After Noon (02 PM - 06 PM)"). */
export interface AymakanTimeSlotsAnswer {
  success: boolean;
  data: { date: string; slots: Record<string, string> | unknown[] };
}

/** What Aymakan POSTs to a webhook URL on a status change (or a weight update). */
export interface AymakanWebhookPayload {
  tracking_number: string;
  reference?: string | null;
  status: string;
  status_label?: string | null;
  reason_code?: string | null;
  reason_en?: string | null;
  date_time?: string | null;
  event?: 'status_update' | 'weight_update' | string;
  weight?: string | number | null;
  cod_amount?: string | number | null;
  delivery_city?: string | null;
  tracking_info?: AymakanTrackingInfo[] | null;
}

/** A refusal: 422 `{error, message, errors: {field: [...]}}`; 401 `{error, response}`. */
export interface AymakanProblem {
  error?: boolean;
  message?: string;
  response?: string;
  errors?: Record<string, string[]> | Array<{ errors?: Record<string, string[]> }>;
}
