import { Inject, Injectable } from '@nestjs/common';
import {
  AuditSource,
  DomainError,
  CLOCK,
  ClockPort,
  SYSTEM_AUDIT_SOURCE,
  WEBHOOK_SECRET_CIPHER,
  WebhookSecretCipherPort,
} from '@lgw/kernel';
import {
  WEBHOOK_ENDPOINT_REPOSITORY,
  WEBHOOK_SETTINGS,
  WEBHOOK_SIGNER,
  WebhookEndpointRepositoryPort,
  WebhookSettings,
  WebhookSignerPort,
} from '../ports/webhooks.port';
import { WebhookConfigCreatedView } from '../webhook-config.view';

/**
 * POST /webhooks/config/rotate-secret: a new secret at once; the old one keeps signing
 * beside it (two space-separated signatures, as Standard Webhooks allows) for the overlap,
 * so receivers can switch without losing a message.
 */
@Injectable()
export class RotateWebhookSecretUseCase {
  constructor(
    @Inject(WEBHOOK_ENDPOINT_REPOSITORY) private readonly endpoints: WebhookEndpointRepositoryPort,
    @Inject(WEBHOOK_SIGNER) private readonly signer: WebhookSignerPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: {
    teamId: string;
    source?: AuditSource;
  }): Promise<WebhookConfigCreatedView & { previous_secret_expires_at: string }> {
    const now = this.clock.now();
    const secret = this.signer.newSecret();
    const expiresAt = new Date(now.getTime() + this.settings.rotationOverlapMs);
    const endpoint = await this.endpoints.rotateSecret(command.teamId, this.cipher.encrypt(secret), expiresAt, now, {
      teamId: command.teamId,
      action: 'webhook_endpoint.secret_rotated',
      target: { type: 'webhook_endpoint', id: null },
      // That it changed and until when the old one signs: never either secret.
      changes: { secret: 'rotated', previous_secret_expires_at: expiresAt.toISOString() },
      source: command.source ?? SYSTEM_AUDIT_SOURCE,
    });
    if (!endpoint) throw new DomainError('E_NOT_FOUND');
    return { url: endpoint.url, events: endpoint.events, secret, previous_secret_expires_at: expiresAt.toISOString() };
  }
}
