export * from './catalogue-product';
export * from './readiness-scoring';
