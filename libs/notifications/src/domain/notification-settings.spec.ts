import { defaultNotificationSettings, judgeNotificationSettings, settingsView } from './notification-settings';

const valid = { sms: true, email: false, events: ['shipped', 'delivered'], sender_name: 'MyStore' };

describe('notification settings', () => {
  it('accepts a whole, valid body and shows it back', () => {
    const judged = judgeNotificationSettings(valid);
    expect(judged.ok).toBe(true);
    if (judged.ok) expect(settingsView(judged.settings)).toEqual(valid);
  });

  it('keeps each event once', () => {
    const judged = judgeNotificationSettings({ ...valid, events: ['shipped', 'shipped', 'delayed'] });
    expect(judged.ok && judged.settings.events).toEqual(['shipped', 'delayed']);
  });

  it('lists every problem at once, in English and Arabic', () => {
    const judged = judgeNotificationSettings({
      sms: 'yes',
      email: 1,
      events: ['shipped', 'teleported', 7],
      sender_name: 'متجر سارة الكبير',
      colour: 'red',
    });
    expect(judged.ok).toBe(false);
    if (judged.ok) return;
    expect(judged.problems.map((p) => p.field)).toEqual(['colour', 'sms', 'email', 'events[1]', 'events[2]', 'sender_name', 'sender_name']);
    for (const p of judged.problems) expect(p.reason_ar).toMatch(/[\u0600-\u06FF]/);
    expect(judged.problems.find((p) => p.field === 'events[1]')?.reason).toMatch(
      /shipped, out_for_delivery, delivery_issue, delayed, delivered/,
    );
  });

  it('holds the sender name to an SMS sender ID: 2 to 11 characters, Latin letters, digits, space . - &', () => {
    const fields = (sender_name: unknown) => {
      const judged = judgeNotificationSettings({ ...valid, sender_name });
      return judged.ok ? [] : judged.problems.map((p) => p.reason);
    };
    expect(fields('A&B Store')).toEqual([]);
    expect(fields('X')).toHaveLength(1);
    expect(fields('TwelveLetter')).toHaveLength(1);
    expect(fields('-Store')).toHaveLength(1);
    expect(fields('Shop<script>')).toHaveLength(2);
    expect(fields(null)).toEqual(['must be a text']);
  });

  it('refuses what is not an object, and a missing list', () => {
    expect(judgeNotificationSettings([]).ok).toBe(false);
    const judged = judgeNotificationSettings({ sms: true, email: true, sender_name: 'Shop' });
    expect(!judged.ok && judged.problems.map((p) => p.field)).toEqual(['events']);
  });

  it('defaults to no channel, every event, and a sender name made from the team name', () => {
    expect(defaultNotificationSettings('Nada Perfumes & Co. (KSA)')).toEqual({
      sms: false,
      email: false,
      events: ['shipped', 'out_for_delivery', 'delivery_issue', 'delayed', 'delivered'],
      senderName: 'Nada Perfum',
    });
    expect(defaultNotificationSettings('متجر').senderName).toBe('Shipping');
  });
});
