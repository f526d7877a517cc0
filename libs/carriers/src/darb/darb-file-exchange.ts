import { CarrierCallGuard } from '../shared/carrier-call-guard';
import { CarrierTransportError } from '../shared/carrier-transport.error';
import { CsvRecord, formatCsv, parseCsv } from '../shared/csv';
import { DarbClient } from './darb.client';
import { DarbFileType } from './darb.wire-types';

/**
 * Darb's asynchronous file round trip: upload, then long-poll the result file. The whole
 * round trip is one guarded operation, and repeating it is safe because Darb answers a
 * re-sent order DUPLICATE, a re-sent cancellation ALREADY_CANCELLED.
 */
export class DarbFileExchange {
  constructor(
    private readonly client: DarbClient,
    private readonly guard: CarrierCallGuard,
    private readonly resultWaitMs: number,
  ) {}

  async submit<R>(operation: string, type: DarbFileType, columns: readonly string[], rows: readonly CsvRecord[]): Promise<R[]> {
    const csv = await formatCsv(columns, rows);
    const result = await this.guard.run(
      operation,
      async (signal) => {
        const receipt = await this.client.uploadFile(type, csv, signal);
        for (;;) {
          const file = await this.client.fetchResult(receipt.file_id, this.resultWaitMs, signal);
          if (file !== null) return file;
          if (signal.aborted) throw new CarrierTransportError('timed out waiting for result file');
        }
      },
      { idempotent: true },
    );
    return (await parseCsv(result)) as unknown as R[];
  }
}
