export * from './barcode';
export * from './chromium-browser-pool';
export * from './chromium-executable';
export * from './label-format';
export * from './label-template';
export * from './puppeteer-label.renderer';
export * from './invoice-template';
export * from './puppeteer-invoice.renderer';
