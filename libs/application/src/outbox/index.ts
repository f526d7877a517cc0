export * from './relay-outbox/relay-outbox.use-case';
