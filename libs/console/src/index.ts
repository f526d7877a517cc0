export * from './console-assets';
export * from './console.routes';
