import { Inject, Injectable } from '@nestjs/common';
import { nextWebhookAttemptDelayMs, shouldDisableWebhookEndpoint, webhookAttemptVerdict } from '../../domain/webhook-retry-policy';
import { CLOCK, ClockPort, WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import {
  WEBHOOK_ENDPOINT_REPOSITORY,
  WEBHOOK_MESSAGE_REPOSITORY,
  WEBHOOK_SENDER,
  WEBHOOK_SETTINGS,
  WEBHOOK_SIGNER,
  WebhookAttemptRecord,
  WebhookEndpointRepositoryPort,
  WebhookMessageRepositoryPort,
  WebhookSenderPort,
  WebhookSettings,
  WebhookSignerPort,
} from '../ports/webhooks.port';
import { WebhookDeliveryJob } from '../webhook-jobs';
import { signedWebhookHeaders } from '../webhook-signing';

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

/**
 * One attempt of one leased message: sign, POST (the sender refuses non-public targets and
 * follows no redirect), record the outcome and when to try again. A 410 disables the
 * endpoint; an endpoint failing every attempt for five days is disabled too, and its
 * pending messages fail with it.
 */
@Injectable()
export class DeliverWebhookMessageUseCase {
  constructor(
    @Inject(WEBHOOK_MESSAGE_REPOSITORY) private readonly messages: WebhookMessageRepositoryPort,
    @Inject(WEBHOOK_ENDPOINT_REPOSITORY) private readonly endpoints: WebhookEndpointRepositoryPort,
    @Inject(WEBHOOK_SENDER) private readonly sender: WebhookSenderPort,
    @Inject(WEBHOOK_SIGNER) private readonly signer: WebhookSignerPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(job: WebhookDeliveryJob): Promise<{ outcome: DeliveryOutcome; teamId?: string }> {
    const claim = { id: job.messageId, leaseToken: job.leaseToken };
    const message = await this.messages.findLeased(claim);
    if (!message) return { outcome: 'skipped' };
    const endpoint = await this.endpoints.find(message.teamId);
    const start = this.clock.now();
    if (!endpoint || !endpoint.enabled) {
      await this.messages.recordAttempt(claim, {
        state: 'failed',
        statusCode: null,
        error: 'endpoint disabled',
        nextAttemptAt: null,
        at: start,
      });
      return { outcome: 'failed', teamId: message.teamId };
    }

    const headers = signedWebhookHeaders(endpoint, this.cipher, this.signer, message.id, message.body, start);
    const result = await this.sender.send(endpoint.url, headers, message.body);
    const now = this.clock.now();
    const verdict = webhookAttemptVerdict(result.statusCode);
    const failedAttempts = message.attempts + 1;
    let attempt: WebhookAttemptRecord;
    if (verdict === 'delivered') {
      attempt = { state: 'delivered', statusCode: result.statusCode, error: null, nextAttemptAt: null, at: now };
    } else {
      const delay =
        verdict === 'retry'
          ? nextWebhookAttemptDelayMs(failedAttempts, Math.random(), this.settings.retryScheduleMs, result.retryAfterMs)
          : null;
      attempt = {
        state: delay === null ? 'failed' : 'pending',
        statusCode: result.statusCode,
        error: result.error ?? `HTTP ${result.statusCode}`,
        nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
        at: now,
      };
    }
    const recorded = await this.messages.recordAttempt(claim, attempt);
    if (!recorded) return { outcome: 'skipped', teamId: message.teamId };

    if (verdict === 'delivered') {
      if (endpoint.failingSince) await this.endpoints.markHealthy(message.teamId);
      return { outcome: 'delivered', teamId: message.teamId };
    }
    if (verdict === 'gone') {
      await this.disable(message.teamId, 'gone', now);
    } else {
      const failingSince = await this.endpoints.markFailing(message.teamId, now);
      if (shouldDisableWebhookEndpoint(failingSince, now, this.settings.disableAfterMs)) await this.disable(message.teamId, 'failing', now);
    }
    return { outcome: attempt.state === 'pending' ? 'retry' : 'failed', teamId: message.teamId };
  }

  private async disable(teamId: string, reason: 'gone' | 'failing', now: Date): Promise<void> {
    await this.endpoints.disable(teamId, reason, now);
    await this.messages.failPending(
      teamId,
      reason === 'gone' ? 'endpoint disabled: the receiver answered 410 Gone' : 'endpoint disabled after 5 days of failures',
      now,
    );
  }
}
