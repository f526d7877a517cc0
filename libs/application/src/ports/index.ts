export * from './carrier.port';
export * from './label-renderer.port';
