import { NOTIFICATION_EVENTS } from './notification-event';
import { emailText, formatDate, renderNotice, smsText } from './notification-templates';

const context = {
  senderName: 'MyStore',
  trackingNumber: 'SAHM123456',
  trackingUrl: 'https://track.example.sa/t/abcDEF123',
};
const ARABIC = /[\u0600-\u06FF]/;

describe('notice templates', () => {
  it.each(NOTIFICATION_EVENTS.map((e) => [e]))('%s: Arabic and English, signed with the sender name, naming the parcel', (event) => {
    const notice = renderNotice(event, { ...context, estimatedDeliveryDate: '2026-12-03' });
    expect(notice.ar).toMatch(ARABIC);
    expect(notice.ar.startsWith('MyStore:')).toBe(true);
    expect(notice.en).not.toMatch(ARABIC);
    expect(notice.en.startsWith('MyStore:')).toBe(true);
    expect(notice.ar).toContain('SAHM123456');
    expect(notice.en).toContain('SAHM123456');
    expect(notice.subject).toMatch(ARABIC);
    expect(notice.subject).toMatch(/[A-Za-z]{4}/);
  });

  it('a delivery issue carries the recipient page, in each language', () => {
    const notice = renderNotice('delivery_issue', context);
    expect(notice.ar).toContain('https://track.example.sa/t/abcDEF123');
    expect(notice.en).toContain('https://track.example.sa/t/abcDEF123?lang=en');
  });

  it('a delay carries the new date written out in each language', () => {
    const notice = renderNotice('delayed', { ...context, estimatedDeliveryDate: '2026-12-03' });
    expect(notice.en).toContain('3 December 2026');
    expect(notice.ar).toContain(formatDate('2026-12-03', 'ar'));
    expect(formatDate('2026-12-03', 'ar')).toMatch(/ديسمبر/);
  });

  it('one SMS holds both languages; the e-mail also how to stop them', () => {
    const notice = renderNotice('delivered', context);
    expect(smsText(notice)).toBe(`${notice.ar}\n${notice.en}`);
    const mail = emailText(notice, 'https://track.example.sa/t/abcDEF123/opt-out');
    expect(mail).toContain(notice.ar);
    expect(mail).toContain(notice.en);
    expect(mail).toContain('To stop these messages: https://track.example.sa/t/abcDEF123/opt-out');
  });
});
