export * from './passthrough-carrier';
export * from './forward-to-carrier/forward-to-carrier.use-case';
export * from './list-passthrough-audit/list-passthrough-audit.use-case';
