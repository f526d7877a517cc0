export * from './purge-expired/purge-expired.use-case';
