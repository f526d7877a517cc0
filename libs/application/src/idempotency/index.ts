export * from './idempotent-request.service';
export * from './idempotency-context';
