export * from './catalogue-product.view';
export * from './upsert-catalogue-products/upsert-catalogue-products.command';
export * from './upsert-catalogue-products/upsert-catalogue-products.use-case';
export * from './list-catalogue-products/list-catalogue-products.use-case';
export * from './get-catalogue-product/get-catalogue-product.use-case';
export * from './score-data-readiness/score-data-readiness.use-case';
