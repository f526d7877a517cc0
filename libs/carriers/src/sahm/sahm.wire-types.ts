/** Sahm Express API v2 payloads, as the carrier documents them. */

export interface SahmAddress {
  contact_name?: string;
  phone?: string;
  street?: string;
  city: string;
  region?: string;
  country_code: string;
  postal_code?: string;
  national_address?: { short_code?: string; additional_number?: string };
}

export interface SahmMoney {
  amount_minor: number;
  currency: 'SAR';
}

export interface SahmPackage {
  weight: { value: number; unit: 'kg' };
  dimensions: { length: number; width: number; height: number; unit: 'cm' };
}

export interface SahmCreateShipmentRequest {
  service: string;
  external_id: string;
  merchant_reference?: string;
  shipper: SahmAddress;
  consignee: SahmAddress;
  packages: SahmPackage[];
  declared_value?: SahmMoney;
  cash_on_delivery?: SahmMoney;
}

export interface SahmShipment {
  id: string;
  tracking_number: string;
  service: string;
  status: string;
  created_at: string;
}

/** GET /v2/shipments?external_id=… */
export interface SahmShipmentList {
  data: SahmShipment[];
  has_more: boolean;
}

export interface SahmPayoutLine {
  tracking_number: string;
  amount: SahmMoney;
}

export interface SahmPayout {
  id: string;
  reference: string;
  paid_at: string;
  total: SahmMoney;
  lines: SahmPayoutLine[];
}

export interface SahmPayoutPage {
  payouts: SahmPayout[];
  next_cursor: string;
  has_more: boolean;
}

export interface SahmTrackingEvent {
  id: string;
  tracking_number: string;
  status: string;
  description?: string | null;
  location?: { city?: string | null; city_ar?: string | null } | null;
  occurred_at: string;
  details?: { measured_weight_kg?: number; cash_collected?: SahmMoney; delivery_proof?: SahmDeliveryProof } | null;
}

/** On a DELIVERED event: how the courier confirmed the hand-over (its app's confirmation step). */
export interface SahmDeliveryProof {
  type?: 'otp' | 'signature' | 'photo' | string | null;
  receiver_name?: string | null;
  photo_url?: string | null;
}

export interface SahmTrackingPage {
  events: SahmTrackingEvent[];
  next_cursor: string | null;
}

export interface SahmErrorBody {
  error?: { code?: string; message?: string; details?: { field: string; issue: string }[] };
}

/** POST /v2/pickups: a courier collection; times are Riyadh wall-clock HH:MM. */
export interface SahmPickupRequest {
  reference: string;
  pickup_date: string;
  ready_time: string;
  close_time: string;
  address: SahmAddress;
  tracking_numbers: string[];
  parcel_count: number;
}

export interface SahmPickup {
  id: string;
  reference: string;
  status: 'scheduled' | 'cancelled';
  pickup_date: string;
  ready_time: string;
  close_time: string;
  tracking_numbers: string[];
  created_at: string;
}
