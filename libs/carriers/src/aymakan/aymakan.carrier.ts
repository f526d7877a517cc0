import { CarrierDefinition } from '../shared/carrier-definition';
import { requiredStatuses } from '../shared/status-map';
import { AymakanAdapter } from './aymakan.adapter';
import { AYMAKAN_SLOTS } from './aymakan-pickup.mapper';
import { aymakanRefusal } from './aymakan.mapper';
import { AYMAKAN_SANDBOX_TOKEN, resolveAymakanSettings } from './aymakan.settings';
import { AYMAKAN_STATUS_MAP } from './aymakan.status-map';

/** Aymakan, on its API v2 (docs/carriers/aymakan.md). */
export const AYMAKAN_CARRIER: CarrierDefinition = {
  descriptor: {
    code: 'aymakan',
    name_en: 'Aymakan',
    name_ar: 'أي مكان',
    integration_type: 'rest',
    coverage_countries: ['SA'],
    service_levels: [
      {
        code: 'aymakan_ecommerce_domestic',
        name_en: 'Aymakan E-commerce Delivery',
        name_ar: 'أي مكان توصيل التجارة الإلكترونية',
        mode: 'express',
        transit_days: { min: 1, max: 3 },
        lanes: ['domestic'],
        cash_on_delivery: true,
        // Heavier and bulkier goods go on Aymakan's separate heavy (BLK) and pallet products.
        limits: { max_weight_kg: 30, max_length_cm: 120 },
      },
    ],
    capabilities: {
      // One AWB for the shipment, `pieces` on the booking: the gateway numbers the pieces (docs/adr/0087).
      pieces: { max: 20, numbering: 'gateway' },
      passthrough: false,
      // Aymakan's AWB: a PDF behind the link its answers carry (pdf_label).
      labels: { formats: ['pdf_4x6'] },
      // Customer returns: a reverse pickup (POST /v2/shipping/create/reverse_pickup) on the same product and rate card.
      returns: { services: ['aymakan_ecommerce_domestic'] },
      // Collections in Aymakan's time slots, by a count of parcels (docs/carriers/aymakan.md, pickups).
      // Collection days are assumed (Sunday to Thursday); the day's open slots are asked at booking.
      pickups: {
        collectionDays: [0, 1, 2, 3, 4],
        hours: { from: AYMAKAN_SLOTS.morning.from, to: AYMAKAN_SLOTS.evening.to },
        slots: [AYMAKAN_SLOTS.morning, AYMAKAN_SLOTS.afternoon, AYMAKAN_SLOTS.evening],
        parcels: 'counted',
      },
    },
  },
  settings: { liveBaseUrl: 'https://api.aymakan.net', credentials: { apiToken: AYMAKAN_SANDBOX_TOKEN }, tuning: [] },
  // One API token per Aymakan account (customer area, Integrations), sent as the raw Authorization header.
  connection: {
    fields: {
      apiToken: { label_en: 'Aymakan API token', label_ar: 'رمز واجهة أي مكان', charset: 'token', min_length: 16, max_length: 256 },
    },
  },
  offeredWithConnectionOnly: true,
  lacks: ['destination_update', 'remittance_feed', 'collected_amount', 'arabic_places', 'measured_weight'],
  // A reference already used is refused, never booked twice, but the answer is then a refusal: not retried.
  // tracking_info times are to the second.
  wire: { idempotentBooking: false, eventTimeResolutionMs: 1000, refusal: aymakanRefusal },
  tracking: {
    statuses: [...requiredStatuses(['domestic']), 'EXCEPTION_CARRIER_DELAY', 'CANCELLED'],
    statusMap: AYMAKAN_STATUS_MAP,
  },
  simulator: async () => (await import('./sandbox/aymakan.simulator')).AYMAKAN_SIMULATOR,
  create: (context) => AymakanAdapter.create(resolveAymakanSettings({}, context)),
};
