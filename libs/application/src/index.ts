export * from './ports';
export * from './teams';
export * from './rating';
