import { ErrorCode } from './error-code';

export interface BilingualMessage {
  readonly message_en: string;
  readonly message_ar: string;
}

/** The one bilingual catalogue of error messages. English texts of docs/api.md §7 are verbatim. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, BilingualMessage>> = {
  E_UNAUTHENTICATED: {
    message_en: 'Missing or invalid API key...',
    message_ar: 'مفتاح الواجهة البرمجية مفقود أو غير صالح...',
  },
  E_VALIDATION: {
    message_en: 'Request validation failed.',
    message_ar: 'فشل التحقق من صحة الطلب.',
  },
  E_NOT_FOUND: {
    message_en: 'Resource not found.',
    message_ar: 'المورد غير موجود.',
  },
  E_QUOTE_EXPIRED: {
    message_en: 'This quote has expired. Quotes are valid for 15 minutes. Request a new rate.',
    message_ar: 'انتهت صلاحية عرض السعر. عروض الأسعار صالحة لمدة 15 دقيقة. اطلب سعراً جديداً.',
  },
  E_QUOTE_ALREADY_USED: {
    message_en: 'This quote has already been used to create a shipment. Request a new rate.',
    message_ar: 'تم استخدام عرض السعر هذا لإنشاء شحنة من قبل. اطلب سعراً جديداً.',
  },
  E_ADDRESS_NOT_NORMALISED: {
    message_en: 'Destination address is not normalised to the Saudi National Address standard.',
    message_ar: 'عنوان الوجهة غير مطابق لمعيار العنوان الوطني السعودي.',
  },
  E_NO_OPEN_DELIVERY_ISSUE: {
    message_en: 'The shipment has no open delivery issue to act on.',
    message_ar: 'لا توجد مشكلة تسليم مفتوحة لهذه الشحنة.',
  },
  E_DELIVERY_ACTION_NOT_ALLOWED: {
    message_en: 'This action is not allowed on the delivery issue now; see actions_allowed.',
    message_ar: 'هذا الإجراء غير مسموح به على مشكلة التسليم الآن؛ راجع الإجراءات المسموحة.',
  },
  E_CANCEL_NOT_ALLOWED: {
    message_en: 'Shipment can no longer be cancelled after pickup.',
    message_ar: 'لا يمكن إلغاء الشحنة بعد استلامها من قبل شركة الشحن.',
  },
  E_DESTINATION_UPDATE_NOT_ALLOWED: {
    message_en: 'The destination can no longer be changed: the shipment has reached a final status.',
    message_ar: 'لا يمكن تعديل عنوان الوجهة: وصلت الشحنة إلى حالة نهائية.',
  },
  E_RATE_LIMITED: {
    message_en: 'Rate limit exceeded: 60 requests per minute per API key.',
    message_ar: 'تم تجاوز حد الطلبات: 60 طلباً في الدقيقة لكل مفتاح.',
  },
  E_CARRIER_UNAVAILABLE: {
    message_en: 'The carrier is temporarily unavailable. Try again later.',
    message_ar: 'شركة الشحن غير متاحة مؤقتاً. حاول مرة أخرى لاحقاً.',
  },
  E_IDEMPOTENCY_MISMATCH: {
    message_en: 'This Idempotency-Key was already used with a different request.',
    message_ar: 'تم استخدام مفتاح عدم التكرار هذا مع طلب مختلف.',
  },
  E_IDEMPOTENCY_IN_PROGRESS: {
    message_en: 'A request with this Idempotency-Key is still being processed.',
    message_ar: 'لا يزال طلب بمفتاح عدم التكرار هذا قيد المعالجة.',
  },
  E_PAYLOAD_TOO_LARGE: {
    message_en: 'The request body or file is too large.',
    message_ar: 'حجم الطلب أو الملف كبير جداً.',
  },
  E_URI_TOO_LONG: {
    message_en: 'The request URL is too long.',
    message_ar: 'عنوان URL للطلب طويل جداً.',
  },
  E_HEADERS_TOO_LARGE: {
    message_en: 'The request headers are too large.',
    message_ar: 'ترويسات الطلب كبيرة جداً.',
  },
  E_WEBHOOK_NOT_RETRYABLE: {
    message_en: 'Only a failed webhook delivery can be sent again.',
    message_ar: 'لا يمكن إعادة إرسال إشعار الويب هوك إلا إذا فشل تسليمه.',
  },
  E_LABEL_UNAVAILABLE: {
    message_en: 'Labels and PDF documents cannot be printed right now. Try again later.',
    message_ar: 'تعذرت طباعة الملصقات والمستندات حالياً. حاول مرة أخرى لاحقاً.',
  },
  E_SERVICE_UNAVAILABLE: {
    message_en: 'The service is temporarily unavailable. Try again shortly.',
    message_ar: 'الخدمة غير متاحة مؤقتاً. حاول مرة أخرى بعد قليل.',
  },
  E_INTERNAL: {
    message_en: 'An unexpected error occurred.',
    message_ar: 'حدث خطأ غير متوقع.',
  },
  E_REQUEST_TIMEOUT: {
    message_en: 'The request was not received in time. Send it again.',
    message_ar: 'لم يصل الطلب كاملاً في الوقت المحدد. أعد إرساله.',
  },
  E_EINVOICING_NOT_ONBOARDED: {
    message_en: 'E-invoicing is not set up: onboard the EGS unit with ZATCA first.',
    message_ar: 'الفوترة الإلكترونية غير مهيأة: سجّل وحدة توليد الفواتير لدى هيئة الزكاة والضريبة والجمارك أولاً.',
  },
  E_INVOICE_NOT_CLEARED: {
    message_en: 'This tax invoice is awaiting clearance by ZATCA and cannot be shared yet.',
    message_ar: 'هذه الفاتورة الضريبية بانتظار اعتماد هيئة الزكاة والضريبة والجمارك ولا يمكن مشاركتها بعد.',
  },
  E_EINVOICING_ONBOARDING_FAILED: {
    message_en: 'ZATCA refused or did not answer a step of the EGS onboarding.',
    message_ar: 'رفضت هيئة الزكاة والضريبة والجمارك خطوة من تسجيل وحدة توليد الفواتير أو لم تستجب.',
  },
  E_PICKUP_CANCEL_NOT_ALLOWED: {
    message_en: 'The pickup can no longer be cancelled: its collection window has opened.',
    message_ar: 'لا يمكن إلغاء موعد الاستلام: بدأت نافذة الاستلام بالفعل.',
  },
  E_RETURN_NOT_ALLOWED: {
    message_en: 'A return can be created only for a delivered shipment, once while its return is not cancelled.',
    message_ar: 'لا يمكن إنشاء مرتجع إلا لشحنة تم تسليمها، ومرة واحدة ما لم يُلغَ المرتجع السابق.',
  },
  E_LABEL_VOIDED: {
    message_en: 'This shipment was cancelled: its label is void and must not be printed or used.',
    message_ar: 'تم إلغاء هذه الشحنة: ملصقها ملغى ولا يجوز طباعته أو استخدامه.',
  },
  E_ADDRESS_NOT_FOUND: {
    message_en: 'The address does not match any Saudi National Address in the address register.',
    message_ar: 'العنوان لا يطابق أي عنوان وطني سعودي في سجل العناوين.',
  },
  E_ADDRESS_SERVICE_UNAVAILABLE: {
    message_en: 'The National Address service is temporarily unavailable. Try again later.',
    message_ar: 'خدمة العنوان الوطني غير متاحة مؤقتاً. حاول مرة أخرى لاحقاً.',
  },
  E_FORBIDDEN: {
    message_en:
      'This API key is not allowed to do this: the scope it needs is missing, or the request comes from an address the key does not accept.',
    message_ar: 'مفتاح الواجهة البرمجية هذا غير مسموح له بهذا الطلب: ينقصه النطاق المطلوب، أو أن الطلب وارد من عنوان لا يقبله المفتاح.',
  },
  E_LAST_FULL_ACCESS_KEY: {
    message_en: "A key cannot revoke itself while it is its team's last full-access key. Issue another full-access key first.",
    message_ar: 'لا يمكن للمفتاح إلغاء نفسه ما دام آخر مفتاح بصلاحيات كاملة لدى الفريق. أصدر مفتاحاً آخر بصلاحيات كاملة أولاً.',
  },
};
