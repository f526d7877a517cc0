export * from './idempotent-request.service';
