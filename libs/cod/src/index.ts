export * from './application/cod-settings';
export * from './application/import-remittances/import-remittances.use-case';
export * from './cod.module';
export * from './domain/cash-on-delivery';
export * from './http/cod-http.module';
