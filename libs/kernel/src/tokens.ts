export const GATEWAY_RUNTIME = Symbol('GATEWAY_RUNTIME');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
export const REDIS = Symbol('REDIS');
