import { ApiProperty } from '@nestjs/swagger';
import { BATCH_PHASES, BATCH_STATUSES } from '../../domain/batch-csv-format';

/** docs/api.md §2 Fulfilment batch, with the progress of a PROCESSING batch. */
export class FulfilmentBatchDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: BATCH_STATUSES }) status: string;
  @ApiProperty({ description: 'The uploaded file name, made safe (no path, no control characters).' }) filename: string;
  @ApiProperty({ description: 'Data rows in the file (0 until counted).' }) row_count: number;
  @ApiProperty({ description: 'Rows booked with the carrier (COMPLETED).' }) accepted_count: number;
  @ApiProperty({ description: 'Rows with errors (REJECTED), or refused by the carrier (COMPLETED).' }) rejected_count: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'COMPLETED: the original columns plus tracking_number and status, one line per row. Also at result_csv_url.',
  })
  result_csv: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'REJECTED: row_number,field,reason_ar,reason_en, one line per failed field, every error. Also at rejection_csv_url.',
  })
  rejection_csv: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({
    enum: BATCH_PHASES,
    description: 'What a PROCESSING batch is doing: queued, validating, booking, writing_result; done once finished.',
  })
  phase: string;
  @ApiProperty({
    description: 'Rows done in the current phase: a progress bar is processed_rows / row_count (row_count is known from booking on).',
  })
  processed_rows: number;
  @ApiProperty({ type: String, nullable: true, description: 'Streamed text/csv download of result_csv (COMPLETED).' })
  result_csv_url: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Streamed text/csv download of rejection_csv (REJECTED).' })
  rejection_csv_url: string | null;
}

/** GET /fulfilment/batches: newest first; result_csv and rejection_csv are null (use the URLs or GET by id). */
export class FulfilmentBatchListResponseDto {
  @ApiProperty({ type: [FulfilmentBatchDto] }) batches: readonly FulfilmentBatchDto[];
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer' }) limit: number;
  @ApiProperty({ type: 'integer' }) offset: number;
}
