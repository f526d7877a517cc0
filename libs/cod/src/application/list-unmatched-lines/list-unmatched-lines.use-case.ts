import { Inject, Injectable } from '@nestjs/common';
import { Money, ValidationError, parseQueryInteger } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { COD_REMITTANCE_REPOSITORY, CodRemittanceRepositoryPort, UnmatchedPayoutLineRecord } from '../ports/cod-remittance.repository.port';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;

export interface UnmatchedPayoutLineView {
  readonly carrier: string;
  /** The team connection whose payout carried the line; null: the platform's account. */
  readonly connection_id: string | null;
  readonly carrier_reference: string;
  readonly tracking_number: string;
  readonly amount_sar: number;
  readonly remitted_at: string;
  /**
   * UNKNOWN_TRACKING_NUMBER: no shipment of the carrier has it; OTHER_ACCOUNT: its shipment was
   * booked on another account of the carrier; ALREADY_REMITTED: another payout carried it.
   */
  readonly reason: UnmatchedPayoutLineRecord['reason'];
  readonly recorded_at: string;
}

export interface UnmatchedPayoutLinePage {
  readonly lines: UnmatchedPayoutLineView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/**
 * Payout lines the import could not attach to any shipment, across teams: the operator's work
 * list for questions to the carrier (a line is never attached to the wrong team instead).
 */
@Injectable()
export class ListUnmatchedPayoutLinesUseCase {
  constructor(
    @Inject(COD_REMITTANCE_REPOSITORY) private readonly remittances: CodRemittanceRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
  ) {}

  async execute(command: { carrier?: string; limit?: string; offset?: string }): Promise<UnmatchedPayoutLinePage> {
    if (command.carrier !== undefined && !this.catalogue.find(command.carrier)) {
      throw new ValidationError('carrier', 'must be the code of a registered carrier', 'يجب أن يكون رمز ناقل مسجل');
    }
    const limit = parseQueryInteger('limit', command.limit, DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
    const offset = parseQueryInteger('offset', command.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const page = await this.remittances.listUnmatched(command.carrier, limit, offset);
    return {
      lines: page.items.map((l) => ({
        carrier: l.carrierCode,
        connection_id: l.connectionId,
        carrier_reference: l.carrierReference,
        tracking_number: l.trackingNumber,
        amount_sar: Money.ofHalalas(l.amountHalalas).toSar(),
        remitted_at: l.remittedAt.toISOString(),
        reason: l.reason,
        recorded_at: l.recordedAt.toISOString(),
      })),
      total: page.total,
      limit,
      offset,
    };
  }
}
