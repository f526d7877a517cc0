import { DynamicModule, Module } from '@nestjs/common';
import { GatewayCoreModule } from '../composition/gateway-core.module';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { BackgroundJobsService } from './background-jobs.service';

@Module({})
export class WorkerModule {
  /** Inside a process that already has the core (all-in-one, tests). */
  static forRoot(): DynamicModule {
    return { module: WorkerModule, providers: [BackgroundJobsService] };
  }

  /** The worker deployable: the core plus the job handlers, no HTTP. */
  static standalone(runtime: GatewayRuntime): DynamicModule {
    return { module: WorkerModule, imports: [GatewayCoreModule.forRoot(runtime)], providers: [BackgroundJobsService] };
  }
}
