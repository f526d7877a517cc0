export * from './pickup.record';
export * from './schedule-pickup/schedule-pickup.command';
export * from './schedule-pickup/schedule-pickup.use-case';
export * from './cancel-pickup/cancel-pickup.use-case';
export * from './get-pickup/get-pickup.use-case';
export * from './list-pickups/list-pickups.use-case';
export * from './schedule-pickup/settle-pickup-intent';
