import { CarrierDefinition } from '../shared/carrier-definition';
import { EVERY_STATUS } from '../shared/status-map';
import { GCC_COUNTRIES } from '../shared/coverage';
import { SahmAdapter } from './sahm.adapter';
import { sahmRefusal } from './sahm.mapper';
import { SAHM_SANDBOX_TOKEN, resolveSahmSettings } from './sahm.settings';
import { SAHM_STATUS_MAP } from './sahm.status-map';

export const SAHM_CARRIER: CarrierDefinition = {
  descriptor: {
    code: 'sahm',
    name_en: 'Sahm Express',
    name_ar: 'سهم إكسبرس',
    integration_type: 'rest',
    coverage_countries: GCC_COUNTRIES,
    service_levels: [
      {
        code: 'sahm_express_domestic',
        name_en: 'Sahm Express Domestic',
        name_ar: 'سهم السريع المحلي',
        mode: 'express',
        transit_days: { min: 1, max: 2 },
        lanes: ['domestic'],
        cash_on_delivery: true,
        // Per parcel, as Sahm publishes its courier product: not quoted (and refused at booking) beyond.
        limits: { max_weight_kg: 70, max_length_cm: 150, max_dimensions_sum_cm: 300 },
      },
      {
        code: 'sahm_express_gcc',
        name_en: 'Sahm Express GCC',
        name_ar: 'سهم السريع الخليجي',
        mode: 'express',
        transit_days: { min: 2, max: 4 },
        lanes: ['gcc'],
      },
    ],
    capabilities: {
      // The simulated carrier tracks the shipment by one number; the gateway numbers its pieces (docs/adr/0087).
      pieces: { max: 20, numbering: 'gateway' },
      passthrough: true,
      // Collections Saturday to Thursday (Friday off), Riyadh time.
      // Customer returns travel back on these service levels.
      returns: { services: ['sahm_express_domestic', 'sahm_express_gcc'] },
      pickups: { collectionDays: [6, 0, 1, 2, 3, 4], hours: { from: '08:00', to: '20:00' } },
      // Its DELIVERED events carry details.delivery_proof {type: otp|signature|photo, receiver_name, photo_url}.
      proofOfDelivery: { methods: ['OTP', 'SIGNATURE', 'PHOTO'] },
    },
  },
  settings: { liveBaseUrl: 'https://api.sahm.example', credentials: { apiToken: SAHM_SANDBOX_TOKEN }, tuning: [] },
  // Sahm issues one bearer token per merchant account (its developer portal, "API tokens").
  connection: {
    fields: { apiToken: { label_en: 'Sahm API token', label_ar: 'رمز واجهة سهم', charset: 'token', min_length: 16, max_length: 256 } },
  },
  wire: { idempotentBooking: true, eventTimeResolutionMs: 1, refusal: sahmRefusal },
  tracking: { statuses: EVERY_STATUS, statusMap: SAHM_STATUS_MAP },
  simulator: async () => (await import('./sandbox/sahm.simulator')).SAHM_SIMULATOR,
  create: (context) => SahmAdapter.create(resolveSahmSettings({}, context)),
};
