import { DynamicModule, Module, Provider } from '@nestjs/common';
import { GatewayCoreModule } from '../composition/gateway-core.module';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { BackgroundJobsProcessor } from './background-jobs.processor';
import { FEATURE_JOBS, FeatureJobs } from './feature-jobs';
import { BatchJobs } from './features/batch.jobs';
import { BillingJobs } from './features/billing.jobs';
import { CodJobs } from './features/cod.jobs';
import { EinvoiceJobs } from './features/einvoice.jobs';
import { HousekeepingJobs } from './features/housekeeping.jobs';
import { LabelJobs } from './features/label.jobs';
import { OutboxJobs } from './features/outbox.jobs';
import { TrackingJobs } from './features/tracking.jobs';
import { WebhookJobs } from './features/webhook.jobs';

/** Every feature's background work, in registration order; a new feature adds one line. */
const FEATURES = [LabelJobs, BillingJobs, BatchJobs, WebhookJobs, OutboxJobs, TrackingJobs, CodJobs, EinvoiceJobs, HousekeepingJobs];

const PROVIDERS: Provider[] = [
  ...FEATURES,
  { provide: FEATURE_JOBS, useFactory: (...jobs: FeatureJobs[]) => jobs, inject: FEATURES },
  BackgroundJobsProcessor,
];

@Module({})
export class WorkerModule {
  /** Inside a process that already has the core (all-in-one, tests). */
  static forRoot(): DynamicModule {
    return { module: WorkerModule, providers: PROVIDERS };
  }

  /** The worker deployable: the core plus the job handlers, no HTTP. */
  static standalone(runtime: GatewayRuntime): DynamicModule {
    return { module: WorkerModule, imports: [GatewayCoreModule.forRoot(runtime)], providers: PROVIDERS };
  }
}
