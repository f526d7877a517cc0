export * from './cod-settings';
export * from './cod.view';
export * from './import-remittances/import-remittances.use-case';
export * from './list-remittances/list-remittances.use-case';
export * from './get-remittance/get-remittance.use-case';
export * from './get-cod-summary/get-cod-summary.use-case';
export * from './list-unmatched-lines/list-unmatched-lines.use-case';
