export * from './database/database';
export * from './entities';
export * from './repositories/typeorm-team.repository';
export * from './repositories/typeorm-quote.repository';
export * from './repositories/typeorm-shipment.repository';
export * from './repositories/typeorm-idempotency.store';
