export * from './ports';
export * from './teams';
