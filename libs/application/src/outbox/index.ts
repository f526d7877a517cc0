export * from './relay-outbox/relay-outbox.use-case';
export * from './redrive-outbox/redrive-outbox.use-case';
