export * from './shipment-document';
export * from './document-filename';
export * from './upload-shipment-document/upload-shipment-document.command';
export * from './upload-shipment-document/upload-shipment-document.use-case';
export * from './list-shipment-documents/list-shipment-documents.use-case';
