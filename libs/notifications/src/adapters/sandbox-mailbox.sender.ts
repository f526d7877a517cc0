import { EmailMessage, EmailSenderPort, SendOutcome } from '../application/ports/notification-senders.port';

/**
 * A test scope's e-mail (docs/adr/0086, "Test mode"): the notice goes to the carrier sandbox's
 * mailbox (POST {base}/messages), never over SMTP, so a test key's shipment mails nobody.
 */
export class SandboxMailboxSender implements EmailSenderPort {
  readonly configured = true;

  constructor(private readonly settings: { readonly baseUrl: string; readonly timeoutMs: number }) {}

  async send(message: EmailMessage): Promise<SendOutcome> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          to: message.to,
          from_name: message.fromName,
          subject: message.subject,
          text: message.text,
          reference: message.reference,
        }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      // The mailbox keeps one message per reference, so trying again never delivers twice.
      return { kind: 'unavailable', reason: `sandbox mailbox unreachable (${(error as Error).message})` };
    }
    if (res.status === 201) {
      const { id } = (await res.json()) as { id: string };
      return { kind: 'sent', providerRef: id };
    }
    const reason = await res.text();
    return res.status >= 500 ? { kind: 'unavailable', reason: `sandbox mailbox: HTTP ${res.status}` } : { kind: 'rejected', reason };
  }
}
