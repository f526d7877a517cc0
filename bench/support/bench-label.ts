import type { LabelData } from '@lgw/shipping';

/**
 * The label the label benches draw: one shipment of a Riyadh store to Jeddah, alternating an
 * Arabic and a Latin recipient, COD on two labels of three. `series` keeps each bench's tracking
 * numbers apart; `fullAddress` adds the National Address's region, postal code and additional
 * number (the single-label bench draws them; the bulk benches kept the shorter address their
 * earlier figures were taken with).
 */
export function benchLabel(i: number, series: number, fullAddress = false): LabelData {
  return {
    shipmentId: `shp_bench_${series}_${i}`,
    trackingNumber: `LGW${String(series * 1_000_000_000 + i)}SA`,
    carrier: { code: 'swift', name_en: 'Swift Express', name_ar: 'سويفت إكسبريس' },
    service: { code: 'exp-dom', name_en: 'Express Domestic', name_ar: 'سريع محلي' },
    origin: { name: 'Acme Store', line1: 'King Fahd Rd 12', city: 'Riyadh', country: 'SA', phone: '966512345678' },
    destination: {
      name: i % 2 ? 'محمد عبدالله' : 'Sara Al-Harbi',
      line1: 'شارع الأمير سلطان 45',
      city: 'جدة',
      ...(fullAddress ? { region: 'مكة المكرمة' } : {}),
      country: 'SA',
      short_address: 'JESA3591',
      ...(fullAddress ? { postal_code: '23423', additional_number: '4321' } : {}),
      phone: '966501234567',
    },
    parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }],
    chargeableWeightKg: 2.5,
    codAmountHalalas: i % 3 ? 12_345 * i : undefined,
    reference: `ORD-${i}`,
    createdAt: new Date(1_741_936_920_000 + i * 60_000),
  };
}
