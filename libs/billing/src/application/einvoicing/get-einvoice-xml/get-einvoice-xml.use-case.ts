import { Inject, Injectable } from '@nestjs/common';
import { EINVOICE_STORE, EinvoiceDocument, EinvoiceStorePort } from '../einvoicing.ports';
import { sharedTeamDocument } from '../team-documents';

/** A team's signed document, once it may be handed over (team-documents.ts says when). */
@Injectable()
export class GetEinvoiceXmlUseCase {
  constructor(@Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort) {}

  execute(command: { readonly teamId: string; readonly id: string }): Promise<EinvoiceDocument> {
    return sharedTeamDocument(this.store, command.teamId, command.id);
  }
}
