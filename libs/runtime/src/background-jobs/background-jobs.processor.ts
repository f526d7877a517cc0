import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  JOB_WORKER,
  JobWorkerPort,
  LABEL_QUEUE,
  OUTBOX_QUEUE,
  RECURRING_JOBS,
  RecurringJobPort,
  RelayOutboxUseCase,
  RedriveOutboxUseCase,
  RenderLabelUseCase,
  PurgeExpiredUseCase,
  SweepLabelsUseCase,
  SyncTrackingUseCase,
  BILLING_QUEUE,
  BillingEventCommand,
  RecordBillingEventUseCase,
  SweepBillingUseCase,
  FULFILMENT_BATCH_QUEUE,
  ProcessBatchCommand,
  ProcessBatchUseCase,
  RecoverBatchesUseCase,
  DeliverWebhookMessageUseCase,
  DispatchWebhookMessagesUseCase,
  FanOutWebhookEventUseCase,
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_EVENTS_QUEUE,
  WebhookDeliveryJob,
  WebhookDispatchJob,
  WebhookEventJob,
  RecoverCarrierIntentsUseCase,
  RENDERER_STATUS,
  RendererStatusPort,
  IssueEinvoicesUseCase,
  SubmitEinvoicesUseCase,
  COD_REMITTANCE_QUEUE,
  ImportRemittancesUseCase,
} from '@lgw/application';
import { DomainError } from '@lgw/domain';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { GATEWAY_RUNTIME } from '../composition/tokens';
import type { GatewayRuntime } from '../composition/gateway-runtime';

/** How often committed domain events are turned into jobs. */
export const OUTBOX_RELAY_EVERY_MS = 200;
/** How often shipments still waiting for a label are looked for (and once at start-up). */
export const LABEL_SWEEP_EVERY_MS = 60_000;
/** How often billable events whose ledger job was lost are looked for (and once at start-up). */
export const BILLING_SWEEP_EVERY_MS = 60_000;
/** How often expired idempotency keys, stale quotes and old published events are purged. */
export const PURGE_EVERY_MS = 10 * 60_000;
/** How often fulfilment batches whose job went missing are looked for. */
export const BATCH_RECOVERY_EVERY_MS = 30_000;
/** Safety net of webhook dispatch: retries falling due and leases expired by a crash. */
export const WEBHOOK_DISPATCH_EVERY_MS = 1_000;
/** Deliveries in flight per worker; each team is also capped (WEBHOOK_TEAM_CONCURRENCY). */
const WEBHOOK_DELIVERY_CONCURRENCY = 64;
/** Fan-out is a few short queries per event; several run at once to keep up with bursts of events. */
const WEBHOOK_FAN_OUT_CONCURRENCY = 8;
/** Carrier intents older than INTENT_RECOVERY_AFTER_MS are looked for at least this often (ADR 0013). */
export const INTENT_RECOVERY_MAX_EVERY_MS = 10_000;
/** The month-end e-invoicing run looks for closed months with lines on no e-invoice this often. */
export const EINVOICE_MONTH_END_EVERY_MS = 15 * 60_000;
const MAINTENANCE_QUEUE = 'maintenance';
const TRACKING_QUEUE = 'tracking';

/**
 * The worker's job table: which use case handles which queue, and the recurring ticks.
 * The same handlers run in-process (embedded) or from BullMQ (production workers).
 */
@Injectable()
export class BackgroundJobsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BackgroundJobs');

  constructor(
    @Inject(JOB_WORKER) private readonly worker: JobWorkerPort,
    @Inject(RECURRING_JOBS) private readonly recurring: RecurringJobPort,
    private readonly renderLabel: RenderLabelUseCase,
    private readonly relayOutbox: RelayOutboxUseCase,
    private readonly redriveOutbox: RedriveOutboxUseCase,
    private readonly sweepLabels: SweepLabelsUseCase,
    private readonly syncTracking: SyncTrackingUseCase,
    private readonly purgeExpired: PurgeExpiredUseCase,
    private readonly recordBillingEvent: RecordBillingEventUseCase,
    private readonly sweepBilling: SweepBillingUseCase,
    private readonly processBatch: ProcessBatchUseCase,
    private readonly recoverBatches: RecoverBatchesUseCase,
    private readonly fanOutWebhookEvent: FanOutWebhookEventUseCase,
    private readonly dispatchWebhooks: DispatchWebhookMessagesUseCase,
    private readonly deliverWebhook: DeliverWebhookMessageUseCase,
    private readonly recoverIntents: RecoverCarrierIntentsUseCase,
    private readonly issueEinvoices: IssueEinvoicesUseCase,
    private readonly submitEinvoices: SubmitEinvoicesUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(GATEWAY_RUNTIME) private readonly runtime: GatewayRuntime,
    @Inject(RENDERER_STATUS) private readonly renderer: RendererStatusPort,
    private readonly importRemittances: ImportRemittancesUseCase,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Without a browser this worker takes no label job: they wait in the queue (one per
    // shipment) for a worker that can render, instead of spending their attempts here. Jobs
    // in memory die with the process; the label sweep finds those shipments again at start.
    if (this.renderer.availability().available) {
      this.worker.register<{ shipmentId: string }>(LABEL_QUEUE, (data) => this.renderLabel.execute(data), { concurrency: 2 });
    }
    this.worker.register<BillingEventCommand>(BILLING_QUEUE, async (data) => {
      await this.recordBillingEvent.execute(data);
    });
    // One batch at a time per worker: a batch already uses the carrier's files in flight.
    this.worker.register<ProcessBatchCommand & { task?: string }>(FULFILMENT_BATCH_QUEUE, async (data) => {
      if (data?.task === 'recover') await this.recoverBatches.execute();
      else await this.processBatch.execute({ batchId: data.batchId });
    });
    this.registerWebhooks();
    this.worker.register(OUTBOX_QUEUE, async () => {
      await this.relayOutbox.execute();
    });
    this.worker.register<{ task?: string }>(MAINTENANCE_QUEUE, async (data) => {
      if (data?.task === 'recover-intents') {
        await this.recoverIntents.execute();
      } else if (data?.task === 'purge') {
        const purged = await this.purgeExpired.execute();
        this.logger.log({ event: 'maintenance.purged', ...purged });
      } else if (data?.task === 'einvoice-retry') {
        const settled = await this.submitEinvoices.execute();
        if (settled > 0) this.logger.log({ event: 'einvoice.retried', settled });
      } else if (data?.task === 'einvoice-month-end') {
        await this.monthEnd();
      } else if (data?.task === 'billing-sweep') {
        const requeued = await this.sweepBilling.execute();
        if (requeued > 0) this.logger.warn({ event: 'billing.sweep_requeued', requeued });
      } else {
        await this.sweepLabels.execute();
      }
    });
    // Redis lost its jobs (restarted empty, flushed): the schedules below are registered again by
    // the queue, and the work comes back from the outbox and the sweeps, not from Redis.
    this.recurring.onJobsLost(async () => {
      const redriven = await this.redriveOutbox.execute(this.config.outboxRedriveWindowMs);
      const labels = await this.sweepLabels.execute();
      const billing = await this.sweepBilling.execute();
      this.logger.warn({ event: 'outbox.redriven', redriven, labels, billing });
    });
    // One schedule per carrier, so a slow carrier's tick never delays the others'.
    const carriers = this.runtime.carriers.codes;
    this.worker.register<{ carrierCode: string }>(
      TRACKING_QUEUE,
      async (data) => {
        await this.syncTracking.execute({ carrierCode: data.carrierCode });
      },
      { concurrency: carriers.length },
    );
    for (const carrierCode of carriers) {
      await this.recurring.schedule(TRACKING_QUEUE, `poll-${carrierCode}`, this.config.trackingPollIntervalMs, { carrierCode });
    }
    // Cash-on-delivery payouts, one schedule per carrier (docs/adr/0044-cod-remittances.md).
    this.worker.register<{ carrierCode: string }>(
      COD_REMITTANCE_QUEUE,
      async (data) => {
        await this.importRemittances.execute({ carrierCode: data.carrierCode });
      },
      { concurrency: carriers.length },
    );
    for (const carrierCode of carriers) {
      await this.recurring.schedule(COD_REMITTANCE_QUEUE, `payouts-${carrierCode}`, this.config.codRemittancePollIntervalMs, {
        carrierCode,
      });
    }
    await this.recurring.schedule(OUTBOX_QUEUE, 'relay', OUTBOX_RELAY_EVERY_MS);
    await this.recurring.schedule<WebhookDispatchJob>(WEBHOOK_EVENTS_QUEUE, 'dispatch', WEBHOOK_DISPATCH_EVERY_MS, {});
    await this.recurring.schedule(MAINTENANCE_QUEUE, 'label-sweep', LABEL_SWEEP_EVERY_MS, { task: 'label-sweep' });
    await this.recurring.schedule(MAINTENANCE_QUEUE, 'billing-sweep', BILLING_SWEEP_EVERY_MS, { task: 'billing-sweep' });
    await this.recurring.schedule(MAINTENANCE_QUEUE, 'purge', PURGE_EVERY_MS, { task: 'purge' });
    await this.recurring.schedule(MAINTENANCE_QUEUE, 'einvoice-retry', this.config.einvoiceRetryEveryMs, { task: 'einvoice-retry' });
    await this.recurring.schedule(MAINTENANCE_QUEUE, 'einvoice-month-end', EINVOICE_MONTH_END_EVERY_MS, { task: 'einvoice-month-end' });
    // A fraction of the recovery bound, so an intent is settled soon after it becomes due.
    const recoverEveryMs = Math.min(INTENT_RECOVERY_MAX_EVERY_MS, Math.max(250, Math.floor(this.config.intentRecoveryAfterMs / 4)));
    await this.recurring.schedule(MAINTENANCE_QUEUE, 'recover-intents', recoverEveryMs, { task: 'recover-intents' });
    await this.recurring.schedule(FULFILMENT_BATCH_QUEUE, 'recover', BATCH_RECOVERY_EVERY_MS, { task: 'recover' });
    if (this.runtime.jobs.mode === 'in-process') {
      // In-memory jobs die with their process: whatever is PROCESSING now was lost in it.
      await this.recoverBatches.execute(0);
    }
    await this.worker.start();
    this.logger.log('background jobs started');
  }

  /** Issues every closed month's lines (Asia/Riyadh); a gateway not onboarded with ZATCA issues nothing. */
  private async monthEnd(): Promise<void> {
    try {
      const documents = await this.issueEinvoices.execute({ closedPeriodsOnly: true });
      if (documents.length > 0) this.logger.log({ event: 'einvoice.month_end_issued', documents: documents.length });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'E_EINVOICING_NOT_ONBOARDED') return;
      throw error;
    }
  }

  /**
   * Fan-out and dispatch share one small queue; deliveries have their own, so a slow
   * receiver never holds up turning events into messages. A message is handed out as soon
   * as it exists and the team's next one as soon as an attempt ends; the recurring
   * dispatch picks up retries falling due and leases left behind by a crash.
   */
  private registerWebhooks(): void {
    this.worker.register<WebhookEventJob | WebhookDispatchJob>(
      WEBHOOK_EVENTS_QUEUE,
      async (data, meta) => {
        if (meta.name === 'fan-out') {
          const event = data as WebhookEventJob;
          if ((await this.fanOutWebhookEvent.execute(event)) > 0) await this.dispatchWebhooks.execute({ teamId: event.teamId });
        } else {
          await this.dispatchWebhooks.execute({ teamId: (data as WebhookDispatchJob)?.teamId });
        }
      },
      { concurrency: WEBHOOK_FAN_OUT_CONCURRENCY },
    );
    this.worker.register<WebhookDeliveryJob>(
      WEBHOOK_DELIVERY_QUEUE,
      async (data) => {
        const result = await this.deliverWebhook.execute(data);
        this.runtime.metrics.countWebhookDelivery(result.outcome);
        if (result.teamId) await this.dispatchWebhooks.execute({ teamId: result.teamId });
      },
      { concurrency: WEBHOOK_DELIVERY_CONCURRENCY },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
