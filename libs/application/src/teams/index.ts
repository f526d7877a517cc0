export * from './api-key-material';
export * from './create-team/create-team.command';
export * from './create-team/create-team.use-case';
export * from './issue-api-key/issue-api-key.use-case';
export * from './revoke-api-key/revoke-api-key.use-case';
export * from './set-rate-limit/set-rate-limit.use-case';
export * from './authenticate-api-key/authenticate-api-key.use-case';
