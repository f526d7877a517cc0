import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/domain';
import { EINVOICE_STORE, EinvoiceDocument, EinvoiceStorePort } from '../einvoicing.ports';

/**
 * A team's signed document. Shared once ZATCA accepted it (CLEARED or REPORTED); a
 * simplified one also while it waits to be reported (B2C invoices are handed over at once
 * and reported within 24 h). A standard one waiting for clearance is not shared yet; a
 * rejected one, or another team's, does not exist for the team.
 */
@Injectable()
export class GetEinvoiceXmlUseCase {
  constructor(@Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort) {}

  async execute(command: { readonly teamId: string; readonly id: string }): Promise<EinvoiceDocument> {
    const document = await teamDocument(this.store, command.teamId, command.id);
    if (document.status === 'PENDING_CLEARANCE' && document.profile === 'standard') throw new DomainError('E_INVOICE_NOT_CLEARED');
    return document;
  }
}

/** The team's document by id: another team's, an unknown or a rejected one does not exist for it. */
export async function teamDocument(store: EinvoiceStorePort, teamId: string, id: string): Promise<EinvoiceDocument> {
  const document = /^[0-9a-f-]{36}$/.test(id) ? await store.find(id) : undefined;
  if (!document || document.teamId !== teamId || document.status === 'REJECTED') throw new DomainError('E_NOT_FOUND');
  return document;
}
