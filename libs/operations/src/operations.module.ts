import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE, INTENT_RECOVERY } from '@lgw/kernel';
import { PurgeExpiredUseCase } from './application/purge-expired/purge-expired.use-case';
import { RETENTION } from './application/ports/retention.port';
import { RecoverCarrierIntentsUseCase } from './application/recover-carrier-intents/recover-carrier-intents.use-case';
import { RedriveOutboxUseCase } from './application/redrive-outbox/redrive-outbox.use-case';
import { RelayOutboxUseCase } from './application/relay-outbox/relay-outbox.use-case';
import { SqlRetention } from './persistence/sql-retention';

const PROVIDERS: Provider[] = [
  { provide: RETENTION, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlRetention(dataSource) },
  { provide: INTENT_RECOVERY, useExisting: RecoverCarrierIntentsUseCase },
  RelayOutboxUseCase,
  RedriveOutboxUseCase,
  PurgeExpiredUseCase,
  RecoverCarrierIntentsUseCase,
];

/**
 * Retention, the outbox relay and carrier-intent recovery.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class OperationsModule {}
