export * from './app-config';
export * from './logger';
export * from './rate-limit';
export * from './csv/fast-csv.codec';
export * from './metrics/gateway-metrics';
export * from './metrics/metrics-server';
export * from './dependency/dependency-failure';
export * from './dependency/fail-fast-redis';
