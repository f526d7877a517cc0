import { DynamicModule, Module } from '@nestjs/common';
import { GatewayCoreModule } from '../composition/gateway-core.module';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { BackgroundJobsProcessor } from './background-jobs.processor';

@Module({})
export class WorkerModule {
  /** Inside a process that already has the core (all-in-one, tests). */
  static forRoot(): DynamicModule {
    return { module: WorkerModule, providers: [BackgroundJobsProcessor] };
  }

  /** The worker deployable: the core plus the job handlers, no HTTP. */
  static standalone(runtime: GatewayRuntime): DynamicModule {
    return { module: WorkerModule, imports: [GatewayCoreModule.forRoot(runtime)], providers: [BackgroundJobsProcessor] };
  }
}
