import { Vocabulary } from '../../shared/sandbox';

/**
 * SMSA scan types (ScanType) and their English descriptions, one per status the simulator
 * reports; GET /api/track/statuslookup lists them with their Arabic text. Written from SMSA's
 * documentation (docs/carriers/smsa.md), not from the adapter's status map.
 */
export const SMSA_VOCABULARY: Vocabulary = {
  LABEL_GENERATED: { code: 'NEW', text: 'Shipment data received' },
  PICKUP_SCHEDULED: { code: 'PP', text: 'Pending pickup' },
  PICKED_UP: { code: 'PU', text: 'Picked up' },
  AT_ORIGIN_HUB: { code: 'AF', text: 'Arrived at facility' },
  IN_TRANSIT: { code: 'HOT', text: 'In transit between hubs' },
  OUT_FOR_DELIVERY: { code: 'OD', text: 'Out for delivery' },
  DELIVERED: { code: 'DL', text: 'Delivered' },
  EXCEPTION_ADDRESS_ISSUE: { code: 'ADR', text: 'Consignee address incomplete' },
  EXCEPTION_WEIGHT_MISMATCH: { code: 'WGT', text: 'Weight discrepancy' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { code: 'DE', text: 'Delivery attempt unsuccessful' },
  EXCEPTION_CARRIER_DELAY: { code: 'DMG', text: 'Shipment damaged, held' },
  RETURN_TO_ORIGIN: { code: 'RTO', text: 'Returned to origin' },
  RETURNED: { code: 'RTN', text: 'Returned to shipper' },
  LOST: { code: 'MISS', text: 'Shipment missing' },
  CANCELLED: { code: 'CAN', text: 'Shipment cancelled' },
};

/** The Arabic descriptions statuslookup gives beside the English ones. */
export const SMSA_ARABIC_TEXT: Readonly<Record<string, string>> = {
  NEW: 'تم استلام بيانات الشحنة',
  PP: 'بانتظار الاستلام',
  PU: 'تم الاستلام',
  AF: 'وصلت إلى المرفق',
  HOT: 'في الطريق بين المراكز',
  OD: 'خرجت للتوصيل',
  DL: 'تم التوصيل',
  ADR: 'عنوان المستلم غير مكتمل',
  WGT: 'اختلاف في الوزن',
  DE: 'محاولة توصيل غير ناجحة',
  DMG: 'الشحنة متضررة ومحتجزة',
  RTO: 'أعيدت إلى المصدر',
  RTN: 'أعيدت إلى الشاحن',
  MISS: 'الشحنة مفقودة',
  CAN: 'ألغيت الشحنة',
};
