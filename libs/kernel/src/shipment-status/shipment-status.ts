/**
 * The one list of shipment statuses (docs/api.md, statuses). The lifecycle groups below are
 * written once; SHIPMENT_STATUSES (the contract order) and the state machine derive from them.
 */

/** Main flow, in rank order; the customs steps exist only on cross-border shipments. */
export const MAIN_FLOW_STATUSES = [
  'CREATED',
  'LABEL_GENERATED',
  'PICKUP_SCHEDULED',
  'PICKED_UP',
  'AT_ORIGIN_HUB',
  'DEPARTED_ORIGIN',
  'IN_TRANSIT',
  'ARRIVED_DESTINATION_COUNTRY',
  'CUSTOMS_CLEARANCE',
  'CUSTOMS_CLEARED',
  'AT_DELIVERY_HUB',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
] as const;

export type MainFlowStatus = (typeof MAIN_FLOW_STATUSES)[number];

export const EXCEPTION_TYPES = ['CUSTOMS_HOLD', 'ADDRESS_ISSUE', 'WEIGHT_MISMATCH', 'FAILED_DELIVERY_ATTEMPT', 'CARRIER_DELAY'] as const;

export type ExceptionType = (typeof EXCEPTION_TYPES)[number];
export type ExceptionStatus = `EXCEPTION_${ExceptionType}`;

/** Side states: one per exception type. */
export const EXCEPTION_STATUSES: readonly ExceptionStatus[] = EXCEPTION_TYPES.map((type) => `EXCEPTION_${type}` as const);

/** The return leg, then the two ends that are neither delivery nor return. */
export const OTHER_STATUSES = ['RETURN_TO_ORIGIN', 'RETURNED', 'LOST', 'CANCELLED'] as const;

export type ShipmentStatus = MainFlowStatus | ExceptionStatus | (typeof OTHER_STATUSES)[number];

/** Every status, in the contract's order. */
export const SHIPMENT_STATUSES: readonly ShipmentStatus[] = [...MAIN_FLOW_STATUSES, ...EXCEPTION_STATUSES, ...OTHER_STATUSES];

export function isShipmentStatus(value: unknown): value is ShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

export const STATUS_LABELS: Readonly<Record<ShipmentStatus, { en: string; ar: string }>> = {
  CREATED: { en: 'Created', ar: 'تم الإنشاء' },
  LABEL_GENERATED: { en: 'Label generated', ar: 'تم إصدار البوليصة' },
  PICKUP_SCHEDULED: { en: 'Pickup scheduled', ar: 'تمت جدولة الاستلام' },
  PICKED_UP: { en: 'Picked up', ar: 'تم الاستلام' },
  AT_ORIGIN_HUB: { en: 'At origin hub', ar: 'في مركز الفرز بمدينة المصدر' },
  DEPARTED_ORIGIN: { en: 'Departed origin', ar: 'غادرت مدينة المصدر' },
  IN_TRANSIT: { en: 'In transit', ar: 'في الطريق' },
  ARRIVED_DESTINATION_COUNTRY: { en: 'Arrived in destination country', ar: 'وصلت إلى بلد الوجهة' },
  CUSTOMS_CLEARANCE: { en: 'In customs clearance', ar: 'قيد التخليص الجمركي' },
  CUSTOMS_CLEARED: { en: 'Cleared customs', ar: 'تم التخليص الجمركي' },
  AT_DELIVERY_HUB: { en: 'At delivery hub', ar: 'في مركز التوزيع' },
  OUT_FOR_DELIVERY: { en: 'Out for delivery', ar: 'خرجت للتوصيل' },
  DELIVERED: { en: 'Delivered', ar: 'تم التسليم' },
  EXCEPTION_CUSTOMS_HOLD: { en: 'Held by customs', ar: 'محتجزة لدى الجمارك' },
  EXCEPTION_ADDRESS_ISSUE: { en: 'Address issue', ar: 'مشكلة في العنوان' },
  EXCEPTION_WEIGHT_MISMATCH: { en: 'Weight mismatch', ar: 'اختلاف في الوزن' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { en: 'Delivery attempt failed', ar: 'فشلت محاولة التسليم' },
  EXCEPTION_CARRIER_DELAY: { en: 'Carrier delay', ar: 'تأخير من شركة الشحن' },
  RETURN_TO_ORIGIN: { en: 'Returning to sender', ar: 'قيد الإرجاع إلى المرسل' },
  RETURNED: { en: 'Returned to sender', ar: 'أعيدت إلى المرسل' },
  LOST: { en: 'Lost', ar: 'مفقودة' },
  CANCELLED: { en: 'Cancelled', ar: 'ملغاة' },
};
