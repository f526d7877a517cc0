import { writeFileSync } from 'node:fs';
import { ChromiumBrowserPool, PuppeteerLabelRenderer, buildLabelHtml } from '@lgw/labels';
import type { LabelData } from '@lgw/application';
const data: LabelData = {
  shipmentId: 'shp_1', trackingNumber: 'LGW1234567890SA',
  carrier: { code: 'swift', name_en: 'Swift Express', name_ar: 'سويفت إكسبريس' },
  service: { code: 'exp-dom', name_en: 'Express Domestic', name_ar: 'سريع محلي' },
  origin: { name: 'Acme Store', line1: 'King Fahd Rd 12', city: 'Riyadh', country: 'SA', phone: '966512345678', short_address: 'RRRD2929' },
  destination: { name: 'محمد عبدالله', line1: 'شارع الأمير سلطان ٤٥', city: 'جدة', region: 'مكة المكرمة', country: 'SA', postal_code: '23423', additional_number: '4321', short_address: 'JESA3591', phone: '966501234567' },
  parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }, { weight_kg: 0.8, length_cm: 20, width_cm: 20, height_cm: 10 }],
  chargeableWeightKg: 2.5, codAmountHalalas: 123450, reference: 'ORD-2024-0001', createdAt: new Date('2025-03-14T07:22:00Z'),
};
(async () => {
  const pool = new ChromiumBrowserPool({ onEvent: (e) => console.log(e) });
  const r = new PuppeteerLabelRenderer(pool);
  writeFileSync('/tmp/label.html', buildLabelHtml(data));
  let t = performance.now();
  let pdf = await r.render(data);
  console.log('first', performance.now() - t);
  writeFileSync('/tmp/label.pdf', pdf);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) { t = performance.now(); await r.render({ ...data, trackingNumber: 'LGW' + (1000000000 + i) + 'SA' }); times.push(performance.now() - t); }
  times.sort((a, b) => a - b); console.log('median', times[15], 'max', times[29]);
  await pool.close();
})().catch((e) => { console.error(e); process.exit(1); });
