import { CarrierDefinition } from '../shared/carrier-definition';
import { DarbAdapter } from './darb.adapter';
import { resolveDarbSettings } from './darb.settings';

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
      },
    ],
    // File exchange only: there is no native JSON API to forward to.
    capabilities: { passthrough: false },
  },
  settings: { credentials: ['apiKey'], tuning: ['rangeSize'] },
  wire: { idempotentBooking: true, eventTimeResolutionMs: 1000 },
  create: (context) => DarbAdapter.create(resolveDarbSettings({}, context)),
};
