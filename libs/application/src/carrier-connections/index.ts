export * from './carrier-connection.view';
export * from './create-carrier-connection/create-carrier-connection.command';
export * from './create-carrier-connection/create-carrier-connection.use-case';
export * from './list-carrier-connections/list-carrier-connections.use-case';
export * from './list-connection-requirements/list-connection-requirements.use-case';
export * from './revoke-carrier-connection/revoke-carrier-connection.use-case';
export * from './resolve-carrier-connection/resolve-carrier-connection.use-case';
export * from './seed-platform-connections/seed-platform-connections.use-case';
