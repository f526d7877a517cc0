export * from './app-config';
export * from './logger';
export * from './rate-limit';
