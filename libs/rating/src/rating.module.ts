import { Global, Module, Provider } from '@nestjs/common';
import { DATABASE, Database } from '@lgw/database';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { GetRatesUseCase } from './application/get-rates/get-rates.use-case';
import { QUOTE_REPOSITORY } from './application/ports/quote.repository.port';
import { SignedQuoteRepository } from './persistence/signed-quote.repository';
import { SHIPPING_RULE_REPOSITORY } from './application/ports/shipping-rule.repository.port';
import { LANE_PERFORMANCE } from './application/ports/lane-performance.port';
import { SqlShippingRuleRepository } from './persistence/sql-shipping-rule.repository';
import { SqlLanePerformance } from './persistence/sql-lane-performance';
import { CreateShippingRuleUseCase } from './application/create-shipping-rule/create-shipping-rule.use-case';
import { UpdateShippingRuleUseCase } from './application/update-shipping-rule/update-shipping-rule.use-case';
import { GetShippingRuleUseCase } from './application/get-shipping-rule/get-shipping-rule.use-case';
import { DeleteShippingRuleUseCase } from './application/delete-shipping-rule/delete-shipping-rule.use-case';
import { ListShippingRulesUseCase } from './application/list-shipping-rules/list-shipping-rules.use-case';

const PROVIDERS: Provider[] = [
  {
    provide: QUOTE_REPOSITORY,
    inject: [DATABASE, APP_CONFIG],
    // Signed ids in both modes (ADR 0031): rating writes nothing; used marks live in the database.
    useFactory: (database: Database, config: AppConfig) =>
      new SignedQuoteRepository(database.dataSource, config.quoteSigningKey, database.mode === 'embedded'),
  },
  {
    provide: SHIPPING_RULE_REPOSITORY,
    inject: [DATABASE],
    useFactory: (database: Database) => new SqlShippingRuleRepository(database.dataSource),
  },
  { provide: LANE_PERFORMANCE, inject: [DATABASE], useFactory: (database: Database) => new SqlLanePerformance(database.dataSource) },
  GetRatesUseCase,
  CreateShippingRuleUseCase,
  UpdateShippingRuleUseCase,
  GetShippingRuleUseCase,
  DeleteShippingRuleUseCase,
  ListShippingRulesUseCase,
];

/**
 * Quotes: the signed quote store, the rating use case, and the shipping rules and lane records that shape it.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class RatingModule {}
