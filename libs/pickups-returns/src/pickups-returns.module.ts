import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { CancelPickupUseCase } from './application/cancel-pickup/cancel-pickup.use-case';
import { CreateReturnUseCase } from './application/create-return/create-return.use-case';
import { GetPickupUseCase } from './application/get-pickup/get-pickup.use-case';
import { ListPickupsUseCase } from './application/list-pickups/list-pickups.use-case';
import { PICKUP_REPOSITORY } from './application/ports/pickup.repository.port';
import { SchedulePickupUseCase } from './application/schedule-pickup/schedule-pickup.use-case';
import { SqlPickupRepository } from './persistence/sql-pickup.repository';

const PROVIDERS: Provider[] = [
  { provide: PICKUP_REPOSITORY, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlPickupRepository(dataSource) },
  SchedulePickupUseCase,
  ListPickupsUseCase,
  GetPickupUseCase,
  CancelPickupUseCase,
  CreateReturnUseCase,
];

/**
 * Courier pickups and customer returns.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class PickupsReturnsModule {}
