export * from './money.value-object';
