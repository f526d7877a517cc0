import { DomainError } from '@lgw/kernel';
import { EinvoiceDocument, EinvoiceStorePort } from './einvoicing.ports';

/** The team's document by id: another team's, an unknown or a rejected one does not exist for it. */
export async function teamDocument(store: EinvoiceStorePort, teamId: string, id: string): Promise<EinvoiceDocument> {
  const document = /^[0-9a-f-]{36}$/.test(id) ? await store.find(id) : undefined;
  if (!document || document.teamId !== teamId || document.status === 'REJECTED') throw new DomainError('E_NOT_FOUND');
  return document;
}

/**
 * The team's document as it may be handed over (its XML, its PDF): shared once ZATCA accepted
 * it (CLEARED or REPORTED); a simplified one also while it waits to be reported (B2C invoices
 * are handed over at once and reported within 24 h); a standard one waiting for clearance not yet.
 */
export async function sharedTeamDocument(store: EinvoiceStorePort, teamId: string, id: string): Promise<EinvoiceDocument> {
  const document = await teamDocument(store, teamId, id);
  if (document.status === 'PENDING_CLEARANCE' && document.profile === 'standard') throw new DomainError('E_INVOICE_NOT_CLEARED');
  return document;
}
