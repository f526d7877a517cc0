import { FieldProblem } from '@lgw/kernel';
import { NOTIFICATION_EVENTS, NotificationEvent, isNotificationEventName } from './notification-event';

/** A team's notification settings: which channels, which events, and the name the recipient sees. */
export interface NotificationSettings {
  readonly sms: boolean;
  readonly email: boolean;
  readonly events: readonly NotificationEvent[];
  readonly senderName: string;
}

/**
 * A sender name is an SMS sender ID as Saudi operators register them: at most 11 characters,
 * Latin letters, digits, spaces, dot, hyphen and ampersand, starting with a letter or a digit.
 */
export const MAX_SENDER_NAME_LENGTH = 11;
const SENDER_NAME = /^[A-Za-z0-9][A-Za-z0-9 .&-]*$/;
const FIELDS = ['sms', 'email', 'events', 'sender_name'] as const;

/** Until a team says otherwise: nothing is sent (each message costs), every event chosen, a name made from the team's. */
export function defaultNotificationSettings(teamName: string): NotificationSettings {
  const name = teamName
    .replace(/[^A-Za-z0-9 .&-]/g, '')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, MAX_SENDER_NAME_LENGTH)
    .trim();
  return { sms: false, email: false, events: [...NOTIFICATION_EVENTS], senderName: name.length >= 2 ? name : 'Shipping' };
}

export type SettingsJudgement = { ok: true; settings: NotificationSettings } | { ok: false; problems: FieldProblem[] };

/** PUT /notification-settings: the whole body judged at once, every problem listed (field, English, Arabic). */
export function judgeNotificationSettings(body: unknown): SettingsJudgement {
  const problems: FieldProblem[] = [];
  const push = (field: string, reason: string, reason_ar: string) => problems.push({ field, reason, reason_ar });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    push('', 'must be an object {sms, email, events, sender_name}', 'يجب أن يكون كائنًا {sms, email, events, sender_name}');
    return { ok: false, problems };
  }
  const input = body as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!(FIELDS as readonly string[]).includes(key))
      push(key, 'is not a field of the notification settings', 'ليس من حقول إعدادات الإشعارات');
  }
  for (const field of ['sms', 'email'] as const) {
    if (typeof input[field] !== 'boolean') push(field, 'must be true or false', 'يجب أن تكون القيمة true أو false');
  }
  const events: NotificationEvent[] = [];
  if (!Array.isArray(input.events)) {
    push(
      'events',
      `must be a list of events (${NOTIFICATION_EVENTS.join(', ')})`,
      `يجب أن تكون قائمة أحداث (${NOTIFICATION_EVENTS.join(', ')})`,
    );
  } else {
    input.events.forEach((event: unknown, i: number) => {
      if (!isNotificationEventName(event)) {
        push(
          `events[${i}]`,
          `is not a notification event: one of ${NOTIFICATION_EVENTS.join(', ')}`,
          `ليس حدث إشعار معروفًا: أحد ${NOTIFICATION_EVENTS.join(', ')}`,
        );
      } else if (!events.includes(event)) events.push(event);
    });
  }
  const name = input.sender_name;
  if (typeof name !== 'string') {
    push('sender_name', 'must be a text', 'يجب أن يكون نصًا');
  } else {
    if (name.trim().length < 2 || name.length > MAX_SENDER_NAME_LENGTH) {
      push(
        'sender_name',
        `must be 2 to ${MAX_SENDER_NAME_LENGTH} characters (an SMS sender ID)`,
        `يجب أن يكون من 2 إلى ${MAX_SENDER_NAME_LENGTH} حرفًا (اسم مرسل الرسائل النصية)`,
      );
    }
    if (!SENDER_NAME.test(name)) {
      push(
        'sender_name',
        'may hold only Latin letters, digits, spaces, dot, hyphen and &, starting with a letter or a digit',
        'يقبل الحروف اللاتينية والأرقام والمسافات والنقطة والشرطة و& فقط، ويبدأ بحرف أو رقم',
      );
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    settings: { sms: input.sms as boolean, email: input.email as boolean, events, senderName: (name as string).trim() },
  };
}

/** The settings as the API shows them. */
export function settingsView(s: NotificationSettings): { sms: boolean; email: boolean; events: NotificationEvent[]; sender_name: string } {
  return { sms: s.sms, email: s.email, events: [...s.events], sender_name: s.senderName };
}
