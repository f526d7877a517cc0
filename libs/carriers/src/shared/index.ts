export * from './carrier-call-guard';
export * from './carrier-http';
export * from './carrier-transport.error';
export * from './deadline';
export * from './env';
export * from './resilience.settings';
export * from './riyadh-time';
export * from './units';
