import { ApiProperty } from '@nestjs/swagger';
import { BATCH_CSV_COLUMNS, MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS } from '../../domain/batch-csv-format';

/** Documentation of the multipart form; the use case checks the file while it streams to storage. */
export class SubmitBatchRequestDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      `UTF-8 CSV (a BOM and CRLF line ends are accepted) whose first line is exactly \`${BATCH_CSV_COLUMNS.join(',')}\`; ` +
      `at most ${MAX_BATCH_FILE_BYTES} bytes (50 MB; larger → 413 E_PAYLOAD_TOO_LARGE) and ${MAX_BATCH_ROWS} data rows. ` +
      'Empty, binary, non-UTF-8 files and a wrong header → 422 E_VALIDATION {field: "file", reason, reason_ar}.',
  })
  file: unknown;
}
