export * from './catalogue.module';
export * from './http/catalogue-http.module';
