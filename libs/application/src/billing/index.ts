export * from './billing-event';
export * from './invoice.view';
export * from './record-billing-event/record-billing-event.command';
export * from './record-billing-event/record-billing-event.use-case';
export * from './get-invoice/get-invoice.use-case';
export * from './list-invoices/list-invoices.use-case';
export * from './render-invoice-pdf/render-invoice-pdf.use-case';
export * from './sweep-billing/sweep-billing.use-case';
