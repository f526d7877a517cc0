export * from './application/get-catalogue-product/get-catalogue-product.use-case';
export * from './application/list-catalogue-products/list-catalogue-products.use-case';
export * from './application/ports/catalogue.repository.port';
export * from './application/score-data-readiness/score-data-readiness.use-case';
export * from './application/upsert-catalogue-products/upsert-catalogue-products.use-case';
export * from './catalogue.module';
export * from './persistence/sql-catalogue.repository';
export * from './http/catalogue-http.module';
