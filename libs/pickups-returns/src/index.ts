export * from './application/ports/pickup.repository.port';
export * from './application/schedule-pickup/settle-pickup-intent';
export * from './http/pickups-returns-http.module';
export * from './pickups-returns.module';
