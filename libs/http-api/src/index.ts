export * from './api.module';
export * from './bootstrap/create-api-app';
