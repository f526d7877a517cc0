export * from './application/cod-settings';
export * from './cod.module';
export * from './http/cod-http.module';
export * from './jobs/cod.jobs';
