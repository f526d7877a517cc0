export * from './label-data';
export * from './render-label/render-label.use-case';
export * from './get-label/get-label.use-case';
export * from './sweep-labels/sweep-labels.use-case';
export * from './label-formats';
export * from './merge-labels/merge-labels.use-case';
