import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE, CARRIER_INTENTS } from '@lgw/kernel';
import { CARRIER_CONNECTION_REPOSITORY } from './application/ports/carrier-connection.port';
import { CreateCarrierConnectionUseCase } from './application/create-carrier-connection/create-carrier-connection.use-case';
import { ForwardToCarrierUseCase } from './application/forward-to-carrier/forward-to-carrier.use-case';
import { ListCarrierConnectionsUseCase } from './application/list-carrier-connections/list-carrier-connections.use-case';
import { ListConnectionRequirementsUseCase } from './application/list-connection-requirements/list-connection-requirements.use-case';
import { ListPassthroughAuditUseCase } from './application/list-passthrough-audit/list-passthrough-audit.use-case';
import { PASSTHROUGH_AUDIT } from './application/ports/passthrough-audit.port';
import { RevokeCarrierConnectionUseCase } from './application/revoke-carrier-connection/revoke-carrier-connection.use-case';
import { SqlCarrierConnectionRepository } from './persistence/sql-carrier-connection.repository';
import { SqlCarrierIntentStore } from './persistence/carrier-intents/sql-carrier-intent.store';
import { SqlPassthroughAuditRepository } from './persistence/sql-passthrough-audit.repository';

const PROVIDERS: Provider[] = [
  {
    provide: PASSTHROUGH_AUDIT,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlPassthroughAuditRepository(dataSource),
  },
  {
    provide: CARRIER_CONNECTION_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlCarrierConnectionRepository(dataSource),
  },
  { provide: CARRIER_INTENTS, inject: [DATA_SOURCE], useFactory: (dataSource: DataSource) => new SqlCarrierIntentStore(dataSource) },
  ForwardToCarrierUseCase,
  ListPassthroughAuditUseCase,
  CreateCarrierConnectionUseCase,
  ListCarrierConnectionsUseCase,
  ListConnectionRequirementsUseCase,
  RevokeCarrierConnectionUseCase,
];

/**
 * Carrier connections, carrier intents and raw passthrough (the carrier adapters come with the process: libs/runtime).
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class CarrierAccessModule {}
