import { Inject, Injectable } from '@nestjs/common';
import { DomainError, WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import { maskWebhookSecret } from '../../domain/webhook-endpoint-rules';
import { WEBHOOK_ENDPOINT_REPOSITORY, WebhookEndpointRepositoryPort } from '../ports/webhooks.port';
import { WebhookConfigView } from '../webhook-config.view';

/** GET /webhooks/config: 404 until the team configured an endpoint; the secret is masked. */
@Injectable()
export class GetWebhookConfigUseCase {
  constructor(
    @Inject(WEBHOOK_ENDPOINT_REPOSITORY) private readonly endpoints: WebhookEndpointRepositoryPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
  ) {}

  async execute(command: { teamId: string }): Promise<WebhookConfigView> {
    const endpoint = await this.endpoints.find(command.teamId);
    if (!endpoint) throw new DomainError('E_NOT_FOUND');
    return {
      url: endpoint.url,
      events: endpoint.events,
      enabled: endpoint.enabled,
      disabled_reason: endpoint.disabledReason,
      secret: maskWebhookSecret(this.cipher.decrypt(endpoint.secretCiphertext)),
      updated_at: endpoint.updatedAt.toISOString(),
    };
  }
}
