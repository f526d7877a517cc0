import { CarrierDefinition } from '../shared/carrier-definition';
import { requiredStatuses } from '../shared/status-map';
import { SmsaAdapter } from './smsa.adapter';
import { smsaRefusal } from './smsa.mapper';
import { SMSA_SANDBOX_KEY, resolveSmsaSettings } from './smsa.settings';
import { SMSA_STATUS_MAP } from './smsa.status-map';

/** SMSA Express, on its e-commerce REST API (docs/carriers/smsa.md). */
export const SMSA_CARRIER: CarrierDefinition = {
  descriptor: {
    code: 'smsa',
    name_en: 'SMSA Express',
    name_ar: 'سمسا إكسبرس',
    integration_type: 'rest',
    coverage_countries: ['SA'],
    service_levels: [
      {
        code: 'smsa_ecommerce_domestic',
        name_en: 'SMSA E-commerce Delivery',
        name_ar: 'سمسا توصيل التجارة الإلكترونية',
        mode: 'express',
        transit_days: { min: 1, max: 3 },
        lanes: ['domestic'],
        cash_on_delivery: true,
        // SMSA's e-commerce parcel: 30 kg and 120 cm longest side per piece (docs/carriers/smsa.md).
        limits: { max_weight_kg: 30, max_length_cm: 120 },
      },
    ],
    // No collections booked through the API (SMSA's couriers call on a schedule agreed with the account),
    // no passthrough target; customer returns (C2B) are not wired yet.
    // SMSA's own waybill document is the label: a 4×6 PDF, issued at booking (docs/carriers/smsa.md).
    // Its delivery scan names who took the parcel (ReceivedBy), with no proof method.
    capabilities: {
      passthrough: false,
      labels: { formats: ['pdf_4x6'] },
      // SMSA issues an AWB and a waybill per parcel ("Parcels"): the pieces carry SMSA's numbers (docs/adr/0087).
      pieces: { max: 20, numbering: 'carrier' },
      proofOfDelivery: { methods: ['NONE'] },
      // Customer returns: a C2B shipment (POST /api/c2b/new, service EDCR), priced from the e-commerce card.
      returns: { services: ['smsa_ecommerce_domestic'] },
    },
  },
  settings: { liveBaseUrl: 'https://ecomapis.smsaexpress.com', credentials: { apiKey: SMSA_SANDBOX_KEY }, tuning: [] },
  // One API key per SMSA account, sent in the `apikey` header.
  connection: {
    fields: { apiKey: { label_en: 'SMSA API key', label_ar: 'مفتاح واجهة سمسا', charset: 'token', min_length: 16, max_length: 128 } },
  },
  offeredWithConnectionOnly: true,
  lacks: ['cancel', 'destination_update', 'remittance_feed', 'collected_amount', 'arabic_places', 'measured_weight'],
  // SMSA keeps no idempotency key; its scan times are to the second.
  wire: { idempotentBooking: false, eventTimeResolutionMs: 1000, refusal: smsaRefusal },
  tracking: {
    statuses: [...requiredStatuses(['domestic']), 'PICKUP_SCHEDULED', 'EXCEPTION_CARRIER_DELAY', 'LOST', 'CANCELLED'],
    statusMap: SMSA_STATUS_MAP,
  },
  simulator: async () => (await import('./sandbox/smsa.simulator')).SMSA_SIMULATOR,
  create: (context) => SmsaAdapter.create(resolveSmsaSettings({}, context)),
};
