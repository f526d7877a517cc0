import { Inject, Injectable } from '@nestjs/common';
import { EINVOICE_STORE, EinvoiceStorePort } from '../einvoicing/einvoicing.ports';
import { teamDocument } from '../einvoicing/team-documents';
import { IssuedInvoice, issuedInvoiceOf } from '../issued-invoice';

/**
 * A team's issued document by its id (the uuid GET /invoices lists). Every status the list
 * shows is readable, a standard invoice awaiting clearance included (its XML is not shared
 * until cleared); a rejected one, or another team's, does not exist for the team.
 */
@Injectable()
export class GetIssuedInvoiceUseCase {
  constructor(@Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort) {}

  async execute(command: { readonly teamId: string; readonly id: string }): Promise<IssuedInvoice> {
    return issuedInvoiceOf(this.store, await teamDocument(this.store, command.teamId, command.id));
  }
}
