import { CarrierDefinition } from '../shared/carrier-definition';
import { DOMESTIC_STATUSES } from '../shared/status-map';
import { DarbAdapter } from './darb.adapter';
import { darbRefusal } from './darb.mapper';
import { DARB_SANDBOX_API_KEY, resolveDarbSettings } from './darb.settings';
import { DARB_STATUS_MAP } from './darb.status-map';

export const DARB_CARRIER: CarrierDefinition = {
  descriptor: {
    code: 'darb',
    name_en: 'Darb Logistics',
    name_ar: 'درب للخدمات اللوجستية',
    integration_type: 'csv_batch',
    coverage_countries: ['SA'],
    service_levels: [
      {
        code: 'darb_land_domestic',
        name_en: 'Darb Domestic Ground',
        name_ar: 'درب البري المحلي',
        mode: 'land',
        transit_days: { min: 2, max: 5 },
        lanes: ['domestic'],
        cash_on_delivery: true,
      },
    ],
    // File exchange only: there is no native JSON API to forward to.
    capabilities: {
      // The simulated carrier tracks the shipment by one number; the gateway numbers its pieces (docs/adr/0087).
      pieces: { max: 20, numbering: 'gateway' },
      passthrough: false,
      // Collections Saturday to Thursday (Friday off), Riyadh time.
      // Customer returns travel back on these service levels.
      returns: { services: ['darb_land_domestic'] },
      pickups: { collectionDays: [6, 0, 1, 2, 3, 4], hours: { from: '10:00', to: '22:00' } },
    },
  },
  settings: {
    liveBaseUrl: 'https://api.darb.example',
    credentials: { apiKey: DARB_SANDBOX_API_KEY },
    tuning: ['rangeSize', 'bulkOrdersPerFile', 'bulkFilesInFlight'],
  },
  // Darb gives each merchant account one X-Api-Key for its file API.
  connection: {
    fields: { apiKey: { label_en: 'Darb API key', label_ar: 'مفتاح واجهة درب', charset: 'token', min_length: 12, max_length: 128 } },
  },
  wire: { idempotentBooking: true, eventTimeResolutionMs: 1000, refusal: darbRefusal },
  tracking: { statuses: DOMESTIC_STATUSES, statusMap: DARB_STATUS_MAP },
  simulator: async () => (await import('./sandbox/darb.simulator')).DARB_SIMULATOR,
  create: (context) => DarbAdapter.create(resolveDarbSettings({}, context)),
};
