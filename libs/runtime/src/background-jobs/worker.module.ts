import { DynamicModule, Module, Provider } from '@nestjs/common';
import { GatewayCoreModule } from '../composition/gateway-core.module';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { BackgroundJobsProcessor } from './background-jobs.processor';
import { FEATURE_JOBS, FeatureJobs } from '@lgw/kernel';
import { AuditJobs } from '@lgw/access';
import { BatchJobs } from '@lgw/fulfilment';
import { BillingJobs, EinvoiceJobs } from '@lgw/billing';
import { CodJobs } from '@lgw/cod';
import { HousekeepingJobs, OutboxJobs } from '@lgw/operations';
import { DeliveryIssueJobs, LabelJobs } from '@lgw/shipping';
import { TrackingJobs } from '@lgw/tracking';
import { WebhookJobs } from '@lgw/webhooks';
import { NotificationJobs } from '@lgw/notifications';

/** Every feature's background work, in registration order; a new feature adds one line. */
const FEATURES = [
  LabelJobs,
  DeliveryIssueJobs,
  BillingJobs,
  BatchJobs,
  WebhookJobs,
  NotificationJobs,
  OutboxJobs,
  TrackingJobs,
  CodJobs,
  EinvoiceJobs,
  HousekeepingJobs,
  AuditJobs,
];

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
