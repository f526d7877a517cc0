import { Inject, Injectable } from '@nestjs/common';
import { DELIVER_WEBHOOK_JOB, DISPATCH_WEBHOOKS_JOB, FAN_OUT_WEBHOOK_EVENT_JOB } from '../application/webhook-jobs';
import { DeliverWebhookMessageUseCase } from '../application/deliver-webhook-message/deliver-webhook-message.use-case';
import { DispatchWebhookMessagesUseCase } from '../application/dispatch-webhook-messages/dispatch-webhook-messages.use-case';
import { FanOutWebhookEventUseCase } from '../application/fan-out-webhook-event/fan-out-webhook-event.use-case';
import { FeatureJobs, JobsContext } from '@lgw/kernel';
import { WEBHOOK_DELIVERY_METRICS, WebhookDeliveryMetricsPort } from '../application/ports/webhook-delivery-metrics.port';

/** Safety net of webhook dispatch: retries falling due and leases expired by a crash. */
export const WEBHOOK_DISPATCH_EVERY_MS = 1_000;
/** Deliveries in flight per worker; each team is also capped (WEBHOOK_TEAM_CONCURRENCY). */
const WEBHOOK_DELIVERY_CONCURRENCY = 64;
/** Fan-out is a few short queries per event; several run at once to keep up with bursts of events. */
const WEBHOOK_FAN_OUT_CONCURRENCY = 8;

/**
 * Fan-out and dispatch share one small queue; deliveries have their own, so a slow receiver
 * never holds up turning events into messages. A message is handed out as soon as it exists and
 * the team's next one as soon as an attempt ends; the recurring dispatch picks up retries
 * falling due and leases left behind by a crash.
 */
@Injectable()
export class WebhookJobs implements FeatureJobs {
  constructor(
    private readonly fanOutWebhookEvent: FanOutWebhookEventUseCase,
    private readonly dispatchWebhooks: DispatchWebhookMessagesUseCase,
    private readonly deliverWebhook: DeliverWebhookMessageUseCase,
    @Inject(WEBHOOK_DELIVERY_METRICS) private readonly metrics: WebhookDeliveryMetricsPort,
  ) {}

  async register({ jobs }: JobsContext): Promise<void> {
    jobs.handle(
      FAN_OUT_WEBHOOK_EVENT_JOB,
      async (event) => {
        if ((await this.fanOutWebhookEvent.execute(event)) > 0) await this.dispatchWebhooks.execute({ teamId: event.teamId });
      },
      { concurrency: WEBHOOK_FAN_OUT_CONCURRENCY },
    );
    jobs.handle(DISPATCH_WEBHOOKS_JOB, async (data) => {
      await this.dispatchWebhooks.execute({ teamId: data?.teamId });
    });
    jobs.handle(
      DELIVER_WEBHOOK_JOB,
      async (data) => {
        const result = await this.deliverWebhook.execute(data);
        this.metrics.countWebhookDelivery(result.outcome);
        if (result.teamId) await this.dispatchWebhooks.execute({ teamId: result.teamId });
      },
      { concurrency: WEBHOOK_DELIVERY_CONCURRENCY },
    );
    await jobs.every(DISPATCH_WEBHOOKS_JOB, WEBHOOK_DISPATCH_EVERY_MS, {});
  }
}
