export * from './einvoice-amounts';
export * from './zatca-tlv';
export * from './ubl-invoice';
export * from './ubl-party-reader';
