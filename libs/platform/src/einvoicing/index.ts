export * from './der';
export * from './zatca-certificates';
export * from './einvoice-stamper';
export * from './fatoora-http.client';
export * from './zatca-einvoice.crypto';
export * from './einvoice-seller.config';
