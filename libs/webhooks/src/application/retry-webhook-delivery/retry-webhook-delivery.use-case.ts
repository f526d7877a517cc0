import { Inject, Injectable } from '@nestjs/common';
import { DomainError, enqueueJob, JOB_QUEUE, JobQueuePort, CLOCK, ClockPort } from '@lgw/kernel';
import { WEBHOOK_MESSAGE_REPOSITORY, WebhookMessageRepositoryPort } from '../ports/webhooks.port';
import { WebhookDeliveryView } from '../webhook-config.view';
import { DISPATCH_WEBHOOKS_JOB } from '../webhook-jobs';
import { toWebhookDeliveryView } from '../list-webhook-deliveries/list-webhook-deliveries.use-case';

/**
 * POST /webhooks/deliveries/{id}/retry: a failed message goes out again now, under the same
 * webhook-id (receivers dedupe on it). Pending or delivered messages are refused with 409.
 */
@Injectable()
export class RetryWebhookDeliveryUseCase {
  constructor(
    @Inject(WEBHOOK_MESSAGE_REPOSITORY) private readonly messages: WebhookMessageRepositoryPort,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueuePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: { teamId: string; messageId: string }): Promise<WebhookDeliveryView> {
    const requeued = await this.messages.requeueFailed(command.teamId, command.messageId, this.clock.now());
    const message = await this.messages.find(command.teamId, command.messageId);
    if (!message) throw new DomainError('E_NOT_FOUND');
    if (!requeued) throw new DomainError('E_WEBHOOK_NOT_RETRYABLE', { state: message.state });
    // Hand it out now rather than at the next dispatch tick; if the queue is down the tick will.
    await enqueueJob(this.jobs, DISPATCH_WEBHOOKS_JOB, { teamId: command.teamId }).catch(() => undefined);
    return toWebhookDeliveryView(message);
  }
}
