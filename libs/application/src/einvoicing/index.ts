export * from './einvoicing.ports';
export * from './einvoice-composition';
export * from './team-documents';
export * from './set-billing-profile/set-billing-profile.use-case';
export * from './submit-einvoices/submit-einvoices.use-case';
export * from './issue-einvoices/issue-einvoices.use-case';
export * from './onboard-egs/onboard-egs.use-case';
export * from './get-einvoice-xml/get-einvoice-xml.use-case';
