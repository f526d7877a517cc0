import { CarrierDescriptor } from '@lgw/domain';

const GCC = ['SA', 'AE', 'KW', 'BH', 'QA', 'OM'];

/**
 * What the gateway offers: one carrier per integration type. Prices live in rate cards
 * (libs/carriers/rate-cards), not here.
 */
export const CARRIER_CATALOGUE: readonly CarrierDescriptor[] = [
  {
    code: 'sahm',
    name_en: 'Sahm Express',
    name_ar: 'سهم إكسبرس',
    integration_type: 'rest',
    coverage_countries: GCC,
    service_levels: [
      {
        code: 'sahm_express_domestic',
        name_en: 'Sahm Express Domestic',
        name_ar: 'سهم السريع المحلي',
        mode: 'express',
        transit_days: { min: 1, max: 2 },
        lanes: ['domestic'],
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
  },
  {
    code: 'bahr',
    name_en: 'Bahr Freight',
    name_ar: 'بحر للشحن',
    integration_type: 'rest_legacy',
    coverage_countries: [...GCC, 'EG', 'JO', 'IN', 'PK', 'CN', 'TR', 'GB', 'US'],
    service_levels: [
      {
        code: 'bahr_land',
        name_en: 'Bahr Land Freight',
        name_ar: 'بحر الشحن البري',
        mode: 'land',
        transit_days: { min: 3, max: 7 },
        lanes: ['domestic', 'gcc'],
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
  },
  {
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
  },
];

export function findCarrier(code: string): CarrierDescriptor | undefined {
  return CARRIER_CATALOGUE.find((c) => c.code === code);
}
