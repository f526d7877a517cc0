import { SendOutcome, SmsMessage, SmsSenderPort } from '../application/ports/notification-senders.port';

export interface UnifonicSettings {
  /** Unifonic's REST base (https://el.cloud.unifonic.com); default the embedded sandbox's simulator. */
  readonly baseUrl: string;
  /** The application id (AppSid): a secret, sent in the form body, never logged. */
  readonly appSid: string;
  readonly timeoutMs: number;
}

interface UnifonicAnswer {
  success?: boolean | string;
  message?: string;
  errorCode?: string;
  data?: { MessageID?: string | number; CorrelationID?: string; Status?: string };
}

/**
 * Unifonic's SMS REST API (POST {base}/rest/SMS/messages, form-encoded: AppSid, SenderID,
 * Recipient, Body, responseType=JSON, CorrelationID; answer {success, message, errorCode,
 * data: {MessageID, CorrelationID, Status}}). The notice's id is the CorrelationID, so a
 * delivery report (or the provider's console) names the notice it belongs to.
 */
export class UnifonicSmsSender implements SmsSenderPort {
  constructor(private readonly settings: UnifonicSettings) {}

  async send(message: SmsMessage): Promise<SendOutcome> {
    const form = new URLSearchParams({
      AppSid: this.settings.appSid,
      SenderID: message.senderName,
      Recipient: message.to,
      Body: message.text,
      responseType: 'JSON',
      CorrelationID: message.reference,
    });
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}/rest/SMS/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      // Refused before a byte was read: the provider never took it. A timeout may have been taken.
      if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        return { kind: 'unavailable', reason: `SMS provider unreachable (${code})` };
      }
      return { kind: 'rejected', reason: `SMS provider did not answer: outcome unknown, not sent again` };
    }
    const text = await res.text();
    if (res.status === 429 || res.status === 503) return { kind: 'unavailable', reason: `SMS provider busy (HTTP ${res.status})` };
    let answer: UnifonicAnswer = {};
    try {
      answer = JSON.parse(text) as UnifonicAnswer;
    } catch {
      answer = {};
    }
    const ok = answer.success === true || answer.success === 'true';
    if (res.ok && ok && answer.data?.MessageID !== undefined) return { kind: 'sent', providerRef: String(answer.data.MessageID) };
    const why = [answer.errorCode, answer.message].filter(Boolean).join(' ');
    return { kind: 'rejected', reason: `SMS provider refused (HTTP ${res.status}${why ? `: ${why}` : ''})` };
  }
}
