import { Inject, Injectable, Logger } from '@nestjs/common';
import { CarrierConnectionResolver, PayoutAccount } from '@lgw/carrier-access';
import { CarrierOperationNotSupportedError, faultPoint } from '@lgw/kernel';
import { COD_REMITTANCE_REPOSITORY, CodRemittanceRepositoryPort, payoutAccountKey } from '../ports/cod-remittance.repository.port';

/** Pages read per account and run: a backlog is worked off over several runs rather than in one long one. */
const MAX_PAGES_PER_RUN = 50;

export interface ImportRemittancesResult {
  readonly payouts: number;
  readonly remittances: number;
  readonly unmatched: number;
}

const NOTHING: ImportRemittancesResult = { payouts: 0, remittances: 0, unmatched: 0 };

/**
 * Reads one carrier's cash-on-delivery payouts, account by account (docs/adr/0044-cod-remittances.md,
 * 0091-cod-payouts-per-connection.md): the platform's account, then each team's active connection,
 * every feed from where its last run stopped. Each payout is recorded in its own transaction under
 * unique keys, and the feed position is saved after: a run that dies anywhere reads the last page
 * again next time, and what it had recorded is recorded once.
 */
@Injectable()
export class ImportRemittancesUseCase {
  private readonly logger = new Logger('CodRemittances');
  private readonly unsupported = new Set<string>();

  constructor(
    private readonly connections: CarrierConnectionResolver,
    @Inject(COD_REMITTANCE_REPOSITORY) private readonly remittances: CodRemittanceRepositoryPort,
  ) {}

  async execute(command: { carrierCode: string }): Promise<ImportRemittancesResult> {
    const { carrierCode } = command;
    if (this.unsupported.has(carrierCode)) return NOTHING;
    let total = NOTHING;
    let failure: unknown;
    for (const account of await this.connections.payoutAccounts(carrierCode)) {
      let result: ImportRemittancesResult | 'unsupported';
      try {
        result = await this.importAccount(carrierCode, account);
      } catch (error) {
        // One account failing (its credentials refused, say) holds back no other account's
        // payouts; the run still fails after, so the failure is seen and retried.
        failure ??= error;
        this.logger.warn(
          `cod: payouts of carrier ${carrierCode} account ${payoutAccountKey(account.connectionId)} not read: ${String(error)}`,
        );
        continue;
      }
      if (result === 'unsupported') {
        // The carrier's API has no payout feed: no account of it has one either.
        this.unsupported.add(carrierCode);
        this.logger.log(`carrier ${carrierCode} publishes no cash-on-delivery payouts`);
        return NOTHING;
      }
      total = {
        payouts: total.payouts + result.payouts,
        remittances: total.remittances + result.remittances,
        unmatched: total.unmatched + result.unmatched,
      };
    }
    if (failure !== undefined) throw failure;
    return total;
  }

  private async importAccount(
    carrierCode: string,
    { connectionId, adapter }: PayoutAccount,
  ): Promise<ImportRemittancesResult | 'unsupported'> {
    const account = payoutAccountKey(connectionId);
    let cursor = await this.remittances.cursor(carrierCode, account);
    let payouts = 0;
    let created = 0;
    let unmatched = 0;
    for (let page = 0; page < MAX_PAGES_PER_RUN; page++) {
      let answer;
      try {
        answer = await adapter.fetchRemittances(cursor);
      } catch (error) {
        if (error instanceof CarrierOperationNotSupportedError) return 'unsupported';
        throw error;
      }
      for (const payout of answer.remittances) {
        const recorded = await this.remittances.recordPayout(carrierCode, account, payout);
        // Crash tests: recorded, the feed position not saved yet; the next run reads it again.
        faultPoint('cod.after-payout-recorded');
        payouts += 1;
        created += recorded.created.length;
        unmatched += recorded.unmatched;
        if (recorded.unmatched > 0) {
          this.logger.warn(
            `cod: payout ${payout.reference} of carrier ${carrierCode} account ${account} has ${recorded.unmatched} line(s) no shipment of that account matches; kept for the operator`,
          );
        }
      }
      if (answer.cursor !== null && answer.cursor !== cursor) {
        await this.remittances.saveCursor(carrierCode, account, answer.cursor);
        cursor = answer.cursor;
      }
      if (!answer.hasMore) break;
    }
    if (created > 0) {
      this.logger.log({ event: 'cod.remittances_imported', carrier: carrierCode, account, payouts, remittances: created, unmatched });
    }
    return { payouts, remittances: created, unmatched };
  }
}
