export * from './carrier.port';
export * from './label-renderer.port';
export * from './settings.port';
export * from './team.repository.port';
export * from './rate-limiter.port';
export * from './quote.repository.port';
export * from './rating-sources.port';
