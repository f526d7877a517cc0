import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { COD_REMITTANCE_REPOSITORY } from './application/ports/cod-remittance.repository.port';
import { GetCodSummaryUseCase } from './application/get-cod-summary/get-cod-summary.use-case';
import { GetRemittanceUseCase } from './application/get-remittance/get-remittance.use-case';
import { ImportRemittancesUseCase } from './application/import-remittances/import-remittances.use-case';
import { ListRemittancesUseCase } from './application/list-remittances/list-remittances.use-case';
import { ListUnmatchedPayoutLinesUseCase } from './application/list-unmatched-lines/list-unmatched-lines.use-case';
import { SqlCodRemittanceRepository } from './persistence/sql-cod-remittance.repository';

const PROVIDERS: Provider[] = [
  {
    provide: COD_REMITTANCE_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlCodRemittanceRepository(dataSource),
  },
  ImportRemittancesUseCase,
  ListRemittancesUseCase,
  ListUnmatchedPayoutLinesUseCase,
  GetRemittanceUseCase,
  GetCodSummaryUseCase,
];

/**
 * Cash on delivery: remittances and their views.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class CodModule {}
