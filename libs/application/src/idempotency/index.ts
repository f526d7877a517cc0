export * from './idempotent-request.service';
export * from './idempotency-context';
export * from './request-outcome';
