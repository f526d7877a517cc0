import { Inject, Injectable } from '@nestjs/common';
import { DomainError, CLOCK, ClockPort, WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import { WEBHOOK_TEST_EVENT } from '../../domain/webhook-endpoint-rules';
import { TenantModes } from '@lgw/access';
import {
  WEBHOOK_ENDPOINT_REPOSITORY,
  WEBHOOK_SENDER,
  WEBHOOK_SIGNER,
  WebhookEndpointRepositoryPort,
  WebhookSenderPort,
  WebhookSignerPort,
} from '../ports/webhooks.port';
import { testWebhookMessageId, webhookBody } from '../webhook-message';
import { signedWebhookHeaders } from '../webhook-signing';

export interface TestWebhookResult {
  readonly webhook_id: string;
  readonly delivered: boolean;
  /** The receiver's HTTP status; null when it could not be reached. */
  readonly status_code: number | null;
  readonly error: string | null;
}

/**
 * POST /webhooks/test: one signed `webhook.test` message sent now, whatever the subscription
 * and even to a disabled endpoint, so a merchant can check the set-up. It is not retried
 * and not part of the delivery log.
 */
@Injectable()
export class SendTestWebhookUseCase {
  constructor(
    @Inject(WEBHOOK_ENDPOINT_REPOSITORY) private readonly endpoints: WebhookEndpointRepositoryPort,
    @Inject(WEBHOOK_SENDER) private readonly sender: WebhookSenderPort,
    @Inject(WEBHOOK_SIGNER) private readonly signer: WebhookSignerPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    private readonly modes: TenantModes,
  ) {}

  async execute(command: { teamId: string }): Promise<TestWebhookResult> {
    const endpoint = await this.endpoints.find(command.teamId);
    if (!endpoint) throw new DomainError('E_NOT_FOUND');
    const now = this.clock.now();
    const id = testWebhookMessageId();
    const body = webhookBody(
      WEBHOOK_TEST_EVENT,
      now.toISOString(),
      {
        message_en: 'Test message from the Logistics Gateway.',
        message_ar: 'رسالة تجريبية من بوابة الشحن.',
      },
      await this.modes.of(command.teamId),
    );
    const result = await this.sender.send(endpoint.url, signedWebhookHeaders(endpoint, this.cipher, this.signer, id, body, now), body);
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    return {
      webhook_id: id,
      delivered,
      status_code: result.statusCode,
      error: delivered ? null : (result.error ?? `HTTP ${result.statusCode}`),
    };
  }
}
