import { NotificationEvent } from './notification-event';

/** What a notice's text is made of (never the address, the price or the phone). */
export interface NoticeContext {
  readonly senderName: string;
  readonly trackingNumber: string;
  /** The recipient's page (`tracking_url`). */
  readonly trackingUrl: string;
  /** The new estimated date (Asia/Riyadh calendar date), for a delay. */
  readonly estimatedDeliveryDate?: string;
}

export interface RenderedNotice {
  /** Arabic first, then English: one SMS, one e-mail, both languages. */
  readonly ar: string;
  readonly en: string;
  readonly subject: string;
}

/** A Riyadh calendar date written out in each language (2026-12-03 → 3 December 2026 / ٣ ديسمبر ٢٠٢٦). */
export function formatDate(date: string, language: 'ar' | 'en'): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return DATE_FORMATS[language].format(at);
}

// Made once: a formatter is costly to make, and every notice formats a date.
const DATE_FORMATS = {
  ar: new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-arab', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Riyadh' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Riyadh' }),
};

const SUBJECTS: Record<NotificationEvent, { ar: string; en: string }> = {
  shipped: { ar: 'تم شحن طلبك', en: 'Your order has shipped' },
  out_for_delivery: { ar: 'طلبك في الطريق إليك اليوم', en: 'Your order is out for delivery' },
  delivery_issue: { ar: 'تعذّر توصيل طلبك', en: 'We could not deliver your order' },
  delayed: { ar: 'تغيّر موعد توصيل طلبك', en: 'Your delivery date has changed' },
  delivered: { ar: 'تم تسليم طلبك', en: 'Your order has been delivered' },
};

/**
 * The bilingual text of each event, signed with the team's sender name. A delivery issue
 * carries the recipient's page (where a new date or phone is given); a delay the new date.
 */
export function renderNotice(event: NotificationEvent, c: NoticeContext): RenderedNotice {
  const n = c.trackingNumber;
  const date = c.estimatedDeliveryDate;
  let ar: string;
  let en: string;
  switch (event) {
    case 'shipped':
      ar = `${c.senderName}: تم شحن طلبك رقم ${n}. تتبّعه هنا: ${c.trackingUrl}`;
      en = `${c.senderName}: your order ${n} has shipped. Track it: ${c.trackingUrl}?lang=en`;
      break;
    case 'out_for_delivery':
      ar = `${c.senderName}: طلبك رقم ${n} خرج للتوصيل اليوم. يرجى إبقاء هاتفك متاحًا.`;
      en = `${c.senderName}: your order ${n} is out for delivery today. Please keep your phone on.`;
      break;
    case 'delivery_issue':
      ar = `${c.senderName}: تعذّر توصيل طلبك رقم ${n}. اختر موعدًا جديدًا أو حدّث رقم هاتفك: ${c.trackingUrl}`;
      en = `${c.senderName}: we could not deliver your order ${n}. Pick a new day or update your phone: ${c.trackingUrl}?lang=en`;
      break;
    case 'delayed':
      ar = `${c.senderName}: تأخّر توصيل طلبك رقم ${n}. الموعد الجديد المتوقع: ${date ? formatDate(date, 'ar') : '-'}.`;
      en = `${c.senderName}: your order ${n} is delayed. New estimated delivery: ${date ? formatDate(date, 'en') : '-'}.`;
      break;
    case 'delivered':
      ar = `${c.senderName}: تم تسليم طلبك رقم ${n}. شكرًا لك.`;
      en = `${c.senderName}: your order ${n} has been delivered. Thank you.`;
      break;
  }
  const subject = `${c.senderName}: ${SUBJECTS[event].ar} | ${SUBJECTS[event].en}`;
  return { ar, en, subject };
}

/** One SMS: Arabic, then English. */
export function smsText(notice: RenderedNotice): string {
  return `${notice.ar}\n${notice.en}`;
}

/** The plain-text e-mail: both languages, and how to stop these messages. */
export function emailText(notice: RenderedNotice, optOutUrl: string): string {
  return [notice.ar, '', notice.en, '', '--', `لإيقاف هذه الرسائل: ${optOutUrl}`, `To stop these messages: ${optOutUrl}`].join('\r\n');
}
