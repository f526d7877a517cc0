import { Inject, Injectable } from '@nestjs/common';
import { parseWebhookEvents, parseWebhookUrl } from '../../domain/webhook-endpoint-rules';
import { ValidationError, CLOCK, ClockPort, SYSTEM_AUDIT_SOURCE, WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import {
  WEBHOOK_ENDPOINT_REPOSITORY,
  WEBHOOK_SENDER,
  WEBHOOK_SIGNER,
  WebhookEndpointRepositoryPort,
  WebhookSenderPort,
  WebhookSignerPort,
} from '../ports/webhooks.port';
import { WebhookConfigCreatedView } from '../webhook-config.view';
import { ConfigureWebhookCommand } from './configure-webhook.command';

/**
 * POST /webhooks/config: one endpoint per team. A new POST replaces url and events, keeps
 * the secret and enables the endpoint again (after a 410 or five days of failures).
 */
/** The sender's refusals all say the host is not a public address (docs/adr/0020). */
const PUBLIC_TARGET_AR = 'يجب أن يشير إلى مضيف بعناوين عامة فقط (لا عناوين محلية أو خاصة)';

@Injectable()
export class ConfigureWebhookUseCase {
  constructor(
    @Inject(WEBHOOK_ENDPOINT_REPOSITORY) private readonly endpoints: WebhookEndpointRepositoryPort,
    @Inject(WEBHOOK_SENDER) private readonly sender: WebhookSenderPort,
    @Inject(WEBHOOK_SIGNER) private readonly signer: WebhookSignerPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: ConfigureWebhookCommand): Promise<WebhookConfigCreatedView> {
    const url = parseWebhookUrl(command.url);
    if (!url.ok) throw new ValidationError(url.field, url.reason, url.reason_ar);
    const events = parseWebhookEvents(command.events);
    if (!events.ok) throw new ValidationError(events.field, events.reason, events.reason_ar);
    const refused = await this.sender.checkTarget(url.value.href);
    if (refused) throw new ValidationError('url', refused, PUBLIC_TARGET_AR);
    const saved = await this.endpoints.save(
      command.teamId,
      url.value.href,
      events.value,
      this.cipher.encrypt(this.signer.newSecret()),
      this.clock.now(),
      (previous) => ({
        teamId: command.teamId,
        action: previous ? 'webhook_endpoint.updated' : 'webhook_endpoint.created',
        target: { type: 'webhook_endpoint', id: null },
        changes: {
          url: { from: previous?.url ?? null, to: url.value.href },
          events: { from: previous?.events ?? null, to: events.value },
        },
        source: command.source ?? SYSTEM_AUDIT_SOURCE,
      }),
    );
    return { url: saved.url, events: saved.events, secret: this.cipher.decrypt(saved.secretCiphertext) };
  }
}
