export * from './in-memory-rate-limiter';
export * from './redis-rate-limiter';
