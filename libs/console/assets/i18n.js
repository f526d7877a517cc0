/** Every text the console shows, in both languages. */
export const TEXTS = {
  en: {
    brand: 'Logistics Gateway', loading: 'Loading…', signOut: 'Sign out', switchTo: 'العربية',
    signInTitle: 'Sign in', signInHint: 'Paste a team API key to see your shipments, or the operator admin token to manage teams and keys. It is kept only in this browser tab.',
    credential: 'API key or admin token', signIn: 'Sign in', requestsLeft: 'Requests left this minute: {n}',
    teams: 'Teams', createTeam: 'Create team', teamName: 'Team name', create: 'Create', team: 'Team', id: 'ID',
    rateLimit: 'Rate limit (requests/minute)', defaultLimit: 'default', save: 'Save', keys: 'API keys', keysCount: 'Active keys',
    issueKey: 'Issue secondary key', prefix: 'Prefix', created: 'Created', lastUsed: 'Last used', never: 'never', revoked: 'Revoked',
    revoke: 'Revoke', confirmRevoke: 'Revoke key {prefix}? Requests with it will be refused from now on.', copy: 'Copy', copied: 'Copied',
    newKeyOnce: 'The new key is shown only once. Copy it now.', open: 'Open', back: 'Back', saved: 'Saved',
    shipments: 'Shipments', status: 'Status', allStatuses: 'All statuses', tracking: 'Tracking number', carrier: 'Carrier',
    destination: 'Destination', total: 'Total (SAR)', createdAt: 'Created', prev: 'Previous', next: 'Next', pageOf: '{from}–{to} of {total}',
    noShipments: 'No shipments yet.', shipment: 'Shipment', timeline: 'Tracking timeline', noEvents: 'No tracking events yet.',
    downloadLabel: 'Download label (PDF)', documents: 'Customs documents', docType: 'Document type', file: 'File (PDF)', upload: 'Upload', uploaded: 'Uploaded',
    editDestination: 'Destination address', update: 'Update destination',
    naRule: 'Saudi destinations need a National Address: either the short address (4 letters + 4 digits, e.g. RRRD2929), or the 5-digit postal code together with the 4-digit additional number. Phone numbers look like 9665XXXXXXXX.',
    name: 'Name', line1: 'Address line', city: 'City', region: 'Region', country: 'Country (ISO 2 letters)', postal: 'Postal code',
    additional: 'Additional number', short: 'Short address', phone: 'Phone', exception: 'Exception', cancel: 'Cancel shipment', confirmCancel: 'Cancel this shipment?',
    webhooks: 'Webhooks', endpoint: 'Endpoint URL (https)', kinds: 'Event kinds', saveEndpoint: 'Save endpoint', enabled: 'Enabled', disabled: 'Disabled',
    secret: 'Signing secret', secretOnce: 'This secret is shown only now. Store it where your receiver can read it.', rotate: 'Rotate secret',
    confirmRotate: 'Rotate the signing secret? Both secrets sign deliveries for 24 hours.', sendTest: 'Send test event', testResult: 'Receiver answered HTTP {code}',
    deliveries: 'Delivery log', message: 'Message', type: 'Type', attempts: 'Attempts', lastCode: 'Last status', lastError: 'Last error', nextAttempt: 'Next attempt', state: 'State', retry: 'Retry',
    noEndpoint: 'No endpoint configured yet.', noDeliveries: 'No deliveries yet.', allStates: 'All states',
    invoices: 'Invoices', currentInvoice: 'Current invoice', period: 'Period', description: 'Description', cause: 'Cause', amount: 'Amount (SAR)',
    subtotal: 'Subtotal', surcharges: 'Surcharges', vat: 'VAT 15%', grandTotal: 'Total', pastInvoices: 'Invoices by period', downloadPdf: 'Tax invoice (PDF)', noLines: 'No charges in this period yet.',
    batches: 'CSV batches', uploadBatch: 'Upload a fulfilment CSV', batchHint: 'UTF-8 CSV with the header order_ref,recipient_name_ar,recipient_name_latin,phone,city,district,short_address,sku,qty,cod_amount_sar,notes.',
    rows: 'Rows', accepted: 'Accepted', rejected: 'Rejected', phase: 'Phase', processed: 'Processed rows', downloadResult: 'Download result CSV', downloadRejections: 'Download rejections CSV', recentBatches: 'Batches in this session',
    readiness: 'Data readiness', runReadiness: 'Score my catalogue', score: 'Score', skus: 'SKUs', issues: 'Issues', field: 'Field', severity: 'Severity',
    missingHs: 'Missing HS code', missingWeight: 'Missing weight', missingDims: 'Missing dimensions', missingOrigin: 'Missing origin country', suspicious: 'Suspicious values', noIssues: 'No issues: the catalogue is ready.',
    products: 'Catalogue products', sku: 'SKU', networkError: 'The service could not be reached. Try again.', notFoundPage: 'Page not found.',
  },
  ar: {
    brand: 'بوابة الشحن', loading: 'جارٍ التحميل…', signOut: 'تسجيل الخروج', switchTo: 'English',
    signInTitle: 'تسجيل الدخول', signInHint: 'الصق مفتاح API الخاص بفريقك لعرض شحناتك، أو رمز المشرف لإدارة الفرق والمفاتيح. يُحفظ في علامة التبويب هذه فقط.',
    credential: 'مفتاح API أو رمز المشرف', signIn: 'دخول', requestsLeft: 'الطلبات المتبقية في هذه الدقيقة: {n}',
    teams: 'الفرق', createTeam: 'إنشاء فريق', teamName: 'اسم الفريق', create: 'إنشاء', team: 'الفريق', id: 'المعرّف',
    rateLimit: 'حد الطلبات (طلب/دقيقة)', defaultLimit: 'الافتراضي', save: 'حفظ', keys: 'مفاتيح API', keysCount: 'المفاتيح الفعالة',
    issueKey: 'إصدار مفتاح ثانوي', prefix: 'البادئة', created: 'تاريخ الإنشاء', lastUsed: 'آخر استخدام', never: 'لم يُستخدم', revoked: 'ملغى',
    revoke: 'إلغاء', confirmRevoke: 'إلغاء المفتاح {prefix}؟ سترفض الطلبات التي تستخدمه من الآن.', copy: 'نسخ', copied: 'تم النسخ',
    newKeyOnce: 'يظهر المفتاح الجديد مرة واحدة فقط. انسخه الآن.', open: 'فتح', back: 'رجوع', saved: 'تم الحفظ',
    shipments: 'الشحنات', status: 'الحالة', allStatuses: 'كل الحالات', tracking: 'رقم التتبع', carrier: 'شركة الشحن',
    destination: 'الوجهة', total: 'الإجمالي (ريال)', createdAt: 'تاريخ الإنشاء', prev: 'السابق', next: 'التالي', pageOf: '{from}–{to} من {total}',
    noShipments: 'لا توجد شحنات بعد.', shipment: 'الشحنة', timeline: 'مسار التتبع', noEvents: 'لا توجد أحداث تتبع بعد.',
    downloadLabel: 'تنزيل البوليصة (PDF)', documents: 'المستندات الجمركية', docType: 'نوع المستند', file: 'الملف (PDF)', upload: 'رفع', uploaded: 'تم الرفع',
    editDestination: 'عنوان الوجهة', update: 'تحديث الوجهة',
    naRule: 'تتطلب الوجهات داخل المملكة عنواناً وطنياً: إما العنوان المختصر (4 أحرف و4 أرقام مثل RRRD2929)، أو الرمز البريدي من 5 أرقام مع الرقم الإضافي من 4 أرقام. رقم الجوال بالصيغة 9665XXXXXXXX.',
    name: 'الاسم', line1: 'سطر العنوان', city: 'المدينة', region: 'المنطقة', country: 'الدولة (رمز من حرفين)', postal: 'الرمز البريدي',
    additional: 'الرقم الإضافي', short: 'العنوان المختصر', phone: 'الجوال', exception: 'استثناء', cancel: 'إلغاء الشحنة', confirmCancel: 'هل تريد إلغاء هذه الشحنة؟',
    webhooks: 'إشعارات الويب', endpoint: 'رابط الاستقبال (https)', kinds: 'أنواع الأحداث', saveEndpoint: 'حفظ الرابط', enabled: 'مفعّل', disabled: 'معطّل',
    secret: 'مفتاح التوقيع', secretOnce: 'يظهر هذا المفتاح الآن فقط. احفظه حيث يستطيع خادمك قراءته.', rotate: 'تدوير المفتاح',
    confirmRotate: 'تدوير مفتاح التوقيع؟ يوقَّع بالمفتاحين معاً لمدة 24 ساعة.', sendTest: 'إرسال حدث تجريبي', testResult: 'أجاب الخادم بالرمز {code}',
    deliveries: 'سجل الإرسال', message: 'الرسالة', type: 'النوع', attempts: 'المحاولات', lastCode: 'آخر رمز', lastError: 'آخر خطأ', nextAttempt: 'المحاولة التالية', state: 'الحالة', retry: 'إعادة الإرسال',
    noEndpoint: 'لم يُضبط رابط استقبال بعد.', noDeliveries: 'لا توجد عمليات إرسال بعد.', allStates: 'كل الحالات',
    invoices: 'الفواتير', currentInvoice: 'الفاتورة الحالية', period: 'الفترة', description: 'الوصف', cause: 'السبب', amount: 'المبلغ (ريال)',
    subtotal: 'المجموع الفرعي', surcharges: 'الرسوم الإضافية', vat: 'ضريبة القيمة المضافة 15%', grandTotal: 'الإجمالي', pastInvoices: 'الفواتير حسب الفترة', downloadPdf: 'الفاتورة الضريبية (PDF)', noLines: 'لا توجد رسوم في هذه الفترة بعد.',
    batches: 'دفعات CSV', uploadBatch: 'رفع ملف طلبات CSV', batchHint: 'ملف CSV بترميز UTF-8 بالعناوين order_ref,recipient_name_ar,recipient_name_latin,phone,city,district,short_address,sku,qty,cod_amount_sar,notes.',
    rows: 'الصفوف', accepted: 'المقبولة', rejected: 'المرفوضة', phase: 'المرحلة', processed: 'الصفوف المعالجة', downloadResult: 'تنزيل ملف النتائج', downloadRejections: 'تنزيل ملف الأخطاء', recentBatches: 'دفعات هذه الجلسة',
    readiness: 'جاهزية البيانات', runReadiness: 'تقييم الكتالوج', score: 'النتيجة', skus: 'عدد المنتجات', issues: 'الملاحظات', field: 'الحقل', severity: 'الأهمية',
    missingHs: 'رمز النظام المنسق مفقود', missingWeight: 'الوزن مفقود', missingDims: 'الأبعاد مفقودة', missingOrigin: 'بلد المنشأ مفقود', suspicious: 'قيم مشكوك فيها', noIssues: 'لا ملاحظات: الكتالوج جاهز.',
    products: 'منتجات الكتالوج', sku: 'رمز المنتج', networkError: 'تعذّر الوصول إلى الخدمة. حاول مرة أخرى.', notFoundPage: 'الصفحة غير موجودة.',
  },
};

let lang = localStorage.getItem('lgw.console.lang') === 'ar' ? 'ar' : 'en';

export function language() {
  return lang;
}

export function setLanguage(next) {
  lang = next === 'ar' ? 'ar' : 'en';
  localStorage.setItem('lgw.console.lang', lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

/** The text for a key in the page's language, with {placeholders} filled. */
export function t(key, vars = {}) {
  const text = TEXTS[lang][key] ?? TEXTS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
}

/** Picks the `_ar` or `_en` member of a bilingual API object. */
export function pick(obj, base) {
  if (!obj) return '';
  return obj[`${base}_${lang}`] ?? obj[`${base}_en`] ?? '';
}
