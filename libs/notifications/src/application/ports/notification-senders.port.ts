/**
 * What a provider answered to one message. `unavailable` means it provably never took the message
 * (refused connection, 429/503 before acceptance): it is tried again later. `rejected` is final.
 */
export type SendOutcome =
  | { readonly kind: 'sent'; readonly providerRef: string }
  | { readonly kind: 'rejected'; readonly reason: string }
  | { readonly kind: 'unavailable'; readonly reason: string };

export interface SmsMessage {
  /** International digits without + (9665XXXXXXXX). */
  readonly to: string;
  readonly senderName: string;
  readonly text: string;
  /** The notification's id: sent as the provider's correlation id, so its report names our notice. */
  readonly reference: string;
}

export interface EmailMessage {
  readonly to: string;
  readonly fromName: string;
  readonly subject: string;
  readonly text: string;
  /** The notification's id: the message's Message-ID. */
  readonly reference: string;
}

/** A Saudi SMS provider's REST API (adapters: unifonic-sms.sender). */
export interface SmsSenderPort {
  send(message: SmsMessage): Promise<SendOutcome>;
}

/** E-mail delivery (adapter: smtp-email.sender); `configured` false when SMTP_URL is not set. */
export interface EmailSenderPort {
  readonly configured: boolean;
  send(message: EmailMessage): Promise<SendOutcome>;
}

/** The live providers (SMS_BASE_URL, SMTP_URL), for the notices of teams. */
export const SMS_SENDER = Symbol('SMS_SENDER');
export const EMAIL_SENDER = Symbol('EMAIL_SENDER');
/**
 * A test scope's providers (docs/adr/0060): the sandbox's SMS simulator and mailbox, whatever
 * the live configuration, so a test key's shipment never texts or mails a real person.
 */
export const TEST_SMS_SENDER = Symbol('TEST_SMS_SENDER');
export const TEST_EMAIL_SENDER = Symbol('TEST_EMAIL_SENDER');

export interface TenantSenders {
  readonly sms: SmsSenderPort;
  readonly email: EmailSenderPort;
}
