import { CarrierDefinition } from '../shared/carrier-definition';
import { requiredStatuses } from '../shared/status-map';
import { AramexAdapter } from './aramex.adapter';
import { aramexRefusal } from './aramex.mapper';
import { ARAMEX_SANDBOX_ACCOUNT, resolveAramexSettings } from './aramex.settings';
import { ARAMEX_STATUS_MAP } from './aramex.status-map';

/** Aramex, on its Shipping Services API (docs/carriers/aramex.md). */
export const ARAMEX_CARRIER: CarrierDefinition = {
  descriptor: {
    code: 'aramex',
    name_en: 'Aramex',
    name_ar: 'أرامكس',
    integration_type: 'rest',
    coverage_countries: ['SA'],
    service_levels: [
      {
        code: 'aramex_domestic_express',
        name_en: 'Aramex Domestic Express',
        name_ar: 'أرامكس السريع المحلي',
        mode: 'express',
        transit_days: { min: 1, max: 3 },
        lanes: ['domestic'],
        cash_on_delivery: true,
      },
    ],
    capabilities: {
      // One AWB for the shipment, NumberOfPieces on the booking: the gateway numbers the pieces (docs/adr/0087).
      pieces: { max: 20, numbering: 'gateway' },
      passthrough: false,
      // Aramex collects on Saudi working days (Sunday to Thursday) in business hours; the account's branch agrees the slot.
      pickups: { collectionDays: [0, 1, 2, 3, 4], hours: { from: '09:00', to: '18:00' } },
      // Aramex's own waybill report (PrintLabel, report 9201) is the label: a PDF.
      labels: { formats: ['pdf_4x6'] },
      // No `returns`: the Shipping Services API has no return product or operation (docs/carriers/aramex.md).
    },
  },
  settings: {
    liveBaseUrl: 'https://ws.aramex.net',
    credentials: { ...ARAMEX_SANDBOX_ACCOUNT },
    tuning: ['rateTimeoutMs'],
  },
  // ClientInfo: the API user (an e-mail), its password, and the account's number, PIN, entity and country.
  connection: {
    fields: {
      username: {
        label_en: 'Aramex API user name',
        label_ar: 'اسم مستخدم واجهة أرامكس',
        charset: 'text',
        min_length: 3,
        max_length: 128,
        secret: false,
      },
      password: { label_en: 'Aramex API password', label_ar: 'كلمة مرور واجهة أرامكس', charset: 'text', min_length: 4, max_length: 128 },
      accountNumber: {
        label_en: 'Aramex account number',
        label_ar: 'رقم حساب أرامكس',
        charset: 'token',
        min_length: 4,
        max_length: 20,
        secret: false,
      },
      accountPin: { label_en: 'Aramex account PIN', label_ar: 'الرقم السري لحساب أرامكس', charset: 'token', min_length: 4, max_length: 20 },
      accountEntity: {
        label_en: 'Aramex account entity',
        label_ar: 'فرع حساب أرامكس',
        charset: 'token',
        min_length: 3,
        max_length: 3,
        secret: false,
      },
      accountCountryCode: {
        label_en: 'Aramex account country code',
        label_ar: 'رمز دولة حساب أرامكس',
        charset: 'token',
        min_length: 2,
        max_length: 2,
        secret: false,
      },
    },
  },
  offeredWithConnectionOnly: true,
  lacks: ['cancel', 'destination_update', 'remittance_feed', 'cod_report', 'arabic_places', 'booking_lookup', 'pickup_lookup'],
  // Aramex keeps no idempotency key; UpdateDateTime is written to the second.
  wire: { idempotentBooking: false, eventTimeResolutionMs: 1000, refusal: aramexRefusal },
  tracking: {
    statuses: [...requiredStatuses(['domestic']), 'EXCEPTION_CARRIER_DELAY'],
    statusMap: ARAMEX_STATUS_MAP,
  },
  simulator: async () => (await import('./sandbox/aramex.simulator')).ARAMEX_SIMULATOR,
  create: (context) => AramexAdapter.create(resolveAramexSettings({}, context)),
};
