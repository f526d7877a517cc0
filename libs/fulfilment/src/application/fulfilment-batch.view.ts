import { BatchPhase, BatchStatus } from '../domain/batch-csv-format';
import { FulfilmentBatchRecord } from './ports/fulfilment-batch.repository.port';
import { ResourceLinksPort } from '@lgw/kernel';

/** docs/api.md §2 Fulfilment batch, plus the progress of a PROCESSING batch. */
export interface FulfilmentBatchView {
  id: string;
  status: BatchStatus;
  filename: string;
  row_count: number;
  accepted_count: number;
  rejected_count: number;
  result_csv: string | null;
  rejection_csv: string | null;
  created_at: string;
  phase: BatchPhase;
  processed_rows: number;
  result_csv_url: string | null;
  rejection_csv_url: string | null;
}

/** Keys of a batch's files in the BatchFileStorePort. */
export const batchFileKeys = (batchId: string) => ({
  source: `${batchId}/source.csv`,
  result: `${batchId}/result.csv`,
  rejections: `${batchId}/rejections.csv`,
});

export function toFulfilmentBatchView(
  record: FulfilmentBatchRecord,
  links: ResourceLinksPort,
  csv: { result: string | null; rejections: string | null } = { result: null, rejections: null },
): FulfilmentBatchView {
  return {
    id: record.id,
    status: record.status,
    filename: record.filename,
    row_count: record.rowCount,
    accepted_count: record.acceptedCount,
    rejected_count: record.rejectedCount,
    result_csv: csv.result,
    rejection_csv: csv.rejections,
    created_at: record.createdAt.toISOString(),
    phase: record.phase,
    processed_rows: record.processedRows,
    result_csv_url: record.status === 'COMPLETED' ? links.batchResult(record.id) : null,
    rejection_csv_url: record.status === 'REJECTED' ? links.batchRejections(record.id) : null,
  };
}
