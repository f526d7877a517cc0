import { Vocabulary } from '../../shared/sandbox';

/**
 * Aymakan status codes and their English descriptions, one per status the simulator reports,
 * written from Aymakan's documentation (docs/carriers/aymakan.md), not from the adapter's status
 * map. Two entries carry a reason after the code: Aymakan reports an address problem as
 * not-delivered (AY-0006) with the reason in words, and a weight update as an event of its own;
 * the routes write the code Aymakan would (the part before the colon) and the words.
 */
export const AYMAKAN_VOCABULARY: Vocabulary = {
  LABEL_GENERATED: { code: 'AY-0001', text: 'Shipment is created at collection point' },
  PICKED_UP: { code: 'AY-0002', text: 'Shipment was collected from collection point' },
  AT_ORIGIN_HUB: { code: 'AY-0003', text: 'Shipment is received at hub' },
  IN_TRANSIT: { code: 'AY-0009', text: 'Shipment is in transit' },
  OUT_FOR_DELIVERY: { code: 'AY-0004', text: 'Shipment is out for its final destination.' },
  DELIVERED: { code: 'AY-0005', text: 'Shipment is delivered to customer' },
  EXCEPTION_FAILED_DELIVERY_ATTEMPT: { code: 'AY-0006', text: 'Shipment was not delivered. - customer not answering' },
  EXCEPTION_ADDRESS_ISSUE: { code: 'AY-0006:ADDRESS', text: 'Shipment was not delivered. - incorrect address' },
  EXCEPTION_WEIGHT_MISMATCH: { code: 'WEIGHT_UPDATE', text: 'Shipment weight is updated' },
  EXCEPTION_CARRIER_DELAY: { code: 'AY-0032', text: 'Shipment is pending - Future Delivery' },
  RETURN_TO_ORIGIN: { code: 'AY-0059', text: 'Processing for RTO' },
  RETURNED: { code: 'AY-0008', text: 'Shipment is returned to shipper' },
  CANCELLED: { code: 'AY-0011', text: 'Shipment is cancelled' },
};

/** The Arabic descriptions Aymakan gives beside the English ones (description_ar). */
export const AYMAKAN_ARABIC_TEXT: Readonly<Record<string, string>> = {
  'AY-0001': 'تم إصدار بوليصة شحن لدى الشركة الشاحنة',
  'AY-0002': 'تم إستلام الشحنة من الشركة الشاحنة',
  'AY-0003': 'أستلمت الشحنة في مركز التوزيع',
  'AY-0009': 'الشحنة في الطريق',
  'AY-0004': 'الشحنة خارجة للتوصيل للوجهة النهائية',
  'AY-0005': 'تم توصيل الشحنة',
  'AY-0006': 'تمت المحاولة لتوصيل الشحنة، لم يتم توصيل الشحنة',
  'AY-0006:ADDRESS': 'لم يتم توصيل الشحنة - العنوان غير صحيح',
  WEIGHT_UPDATE: 'تم تحديث وزن الشحنة',
  'AY-0032': 'الشحنة معلقة - مؤجل',
  'AY-0059': 'جاري الإرجاع إلى المصدر',
  'AY-0008': 'أعيدت الشحنة إلى الشاحن',
  'AY-0011': 'ألغيت الشحنة',
};
