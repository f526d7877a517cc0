export * from './webhook-retry-policy';
export * from './webhook-endpoint-rules';
