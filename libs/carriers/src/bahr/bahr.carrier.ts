import { CarrierDefinition } from '../shared/carrier-definition';
import { EVERY_STATUS } from '../shared/status-map';
import { GCC_COUNTRIES } from '../shared/coverage';
import { BahrAdapter } from './bahr.adapter';
import { bahrRefusal } from './bahr.mapper';
import { BAHR_SANDBOX_PASSWORD, BAHR_SANDBOX_USERNAME, resolveBahrSettings } from './bahr.settings';
import { BAHR_STATUS_MAP } from './bahr.status-map';

export const BAHR_CARRIER: CarrierDefinition = {
  descriptor: {
    code: 'bahr',
    name_en: 'Bahr Freight',
    name_ar: 'بحر للشحن',
    integration_type: 'rest_legacy',
    coverage_countries: [...GCC_COUNTRIES, 'EG', 'JO', 'IN', 'PK', 'CN', 'TR', 'GB', 'US'],
    service_levels: [
      {
        code: 'bahr_land',
        name_en: 'Bahr Land Freight',
        name_ar: 'بحر الشحن البري',
        mode: 'land',
        transit_days: { min: 3, max: 7 },
        lanes: ['domestic', 'gcc'],
        cash_on_delivery: true,
      },
      {
        code: 'bahr_sea',
        name_en: 'Bahr Sea Freight',
        name_ar: 'بحر الشحن البحري',
        mode: 'sea',
        transit_days: { min: 12, max: 30 },
        lanes: ['gcc', 'international'],
      },
    ],
    capabilities: {
      // The simulated carrier tracks the shipment by one number; the gateway numbers its pieces (docs/adr/0087).
      pieces: { max: 20, numbering: 'gateway' },
      passthrough: true,
      // Collections Sunday to Thursday (Friday and Saturday off), Riyadh time.
      pickups: { collectionDays: [0, 1, 2, 3, 4], hours: { from: '09:00', to: '17:00' } },
      // Its delivery events carry PodType (O, S, P), ReceiverName and PodImageUrl.
      proofOfDelivery: { methods: ['OTP', 'SIGNATURE', 'PHOTO'] },
    },
  },
  settings: {
    liveBaseUrl: 'https://api.bahr.example',
    credentials: { username: BAHR_SANDBOX_USERNAME, password: BAHR_SANDBOX_PASSWORD },
    tuning: [],
  },
  // Bahr's web service user of the merchant's account; the account number is the shipper code.
  connection: {
    fields: {
      username: {
        label_en: 'Bahr web service user name',
        label_ar: 'اسم مستخدم خدمة بحر',
        charset: 'token',
        min_length: 3,
        max_length: 64,
        secret: false,
      },
      password: { label_en: 'Bahr web service password', label_ar: 'كلمة مرور خدمة بحر', charset: 'text', min_length: 8, max_length: 128 },
    },
    account_number: {
      required: false,
      pattern: '^[A-Z0-9]{4,12}$',
      description_en: 'a Bahr shipper code: 4 to 12 capital letters or digits',
    },
  },
  wire: { idempotentBooking: false, eventTimeResolutionMs: 60_000, refusal: bahrRefusal },
  tracking: { statuses: EVERY_STATUS, statusMap: BAHR_STATUS_MAP },
  simulator: async () => (await import('./sandbox/bahr.simulator')).BAHR_SIMULATOR,
  create: (context) => BahrAdapter.create(resolveBahrSettings({}, context)),
};
