export * from './access.module';
export * from './application/authenticate-api-key/authenticate-api-key.use-case';
export * from './application/create-team/create-team.use-case';
export * from './application/set-address-verification/set-address-verification.use-case';
export * from './application/tenant-modes';
export * from './http/access-http.module';
export * from './persistence/sql-team.repository';
