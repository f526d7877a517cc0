import { Global, Module, Provider } from '@nestjs/common';
import { DATABASE, Database } from '@lgw/database';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { GetRatesUseCase } from './application/get-rates/get-rates.use-case';
import { QUOTE_REPOSITORY } from './application/ports/quote.repository.port';
import { SignedQuoteRepository } from './persistence/signed-quote.repository';

const PROVIDERS: Provider[] = [
  {
    provide: QUOTE_REPOSITORY,
    inject: [DATABASE, APP_CONFIG],
    // Signed ids in both modes (ADR 0031): rating writes nothing; used marks live in the database.
    useFactory: (database: Database, config: AppConfig) =>
      new SignedQuoteRepository(database.dataSource, config.quoteSigningKey, database.mode === 'embedded'),
  },
  GetRatesUseCase,
];

/**
 * Quotes: the signed quote store and the rating use case.
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class RatingModule {}
