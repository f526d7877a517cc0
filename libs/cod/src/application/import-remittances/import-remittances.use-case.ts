import { Inject, Injectable, Logger } from '@nestjs/common';
import { CARRIER_REGISTRY, CarrierRegistryPort } from '@lgw/carrier-access';
import { CarrierOperationNotSupportedError, faultPoint } from '@lgw/kernel';
import { COD_REMITTANCE_REPOSITORY, CodRemittanceRepositoryPort } from '../ports/cod-remittance.repository.port';

/** Pages read per run: a backlog is worked off over several runs rather than in one long one. */
const MAX_PAGES_PER_RUN = 50;

export interface ImportRemittancesResult {
  readonly payouts: number;
  readonly remittances: number;
  readonly unmatched: number;
}

const NOTHING: ImportRemittancesResult = { payouts: 0, remittances: 0, unmatched: 0 };

/**
 * Reads one carrier's cash-on-delivery payouts from where the last run stopped and records
 * them (docs/adr/0044-cod-remittances.md). Each payout is recorded in its own transaction under
 * unique keys, and the feed position is saved after: a run that dies anywhere reads the last
 * page again next time, and what it had recorded is recorded once.
 */
@Injectable()
export class ImportRemittancesUseCase {
  private readonly logger = new Logger('CodRemittances');
  private readonly unsupported = new Set<string>();

  constructor(
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(COD_REMITTANCE_REPOSITORY) private readonly remittances: CodRemittanceRepositoryPort,
  ) {}

  async execute(command: { carrierCode: string }): Promise<ImportRemittancesResult> {
    const { carrierCode } = command;
    const adapter = this.carriers.get(carrierCode);
    if (!adapter || this.unsupported.has(carrierCode)) return NOTHING;
    let cursor = await this.remittances.cursor(carrierCode);
    let payouts = 0;
    let created = 0;
    let unmatched = 0;
    for (let page = 0; page < MAX_PAGES_PER_RUN; page++) {
      let answer;
      try {
        answer = await adapter.fetchRemittances(cursor);
      } catch (error) {
        if (error instanceof CarrierOperationNotSupportedError) {
          this.unsupported.add(carrierCode);
          this.logger.log(`carrier ${carrierCode} publishes no cash-on-delivery payouts`);
          return NOTHING;
        }
        throw error;
      }
      for (const payout of answer.remittances) {
        const recorded = await this.remittances.recordPayout(carrierCode, payout);
        // Crash tests: recorded, the feed position not saved yet; the next run reads it again.
        faultPoint('cod.after-payout-recorded');
        payouts += 1;
        created += recorded.created.length;
        unmatched += recorded.unmatched;
        if (recorded.unmatched > 0) {
          this.logger.warn(
            `cod: payout ${payout.reference} of carrier ${carrierCode} has ${recorded.unmatched} line(s) no shipment matches; kept for the operator`,
          );
        }
      }
      if (answer.cursor !== null && answer.cursor !== cursor) {
        await this.remittances.saveCursor(carrierCode, answer.cursor);
        cursor = answer.cursor;
      }
      if (!answer.hasMore) break;
    }
    if (created > 0) this.logger.log({ event: 'cod.remittances_imported', carrier: carrierCode, payouts, remittances: created, unmatched });
    return { payouts, remittances: created, unmatched };
  }
}
