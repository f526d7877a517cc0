export * from './ports';
export * from './teams';
export * from './rating';
export * from './shipments';
export * from './idempotency';
export * from './labels';
export * from './outbox';
export * from './passthrough';
