import { ApiProperty } from '@nestjs/swagger';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '../../application/documents/shipment-document';

/** Documentation of the multipart form; the use case reads and checks the parts as they stream in. */
export class UploadDocumentRequestDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: `A PDF (content must start with %PDF-), at most ${MAX_DOCUMENT_BYTES} bytes (10 MB); larger → 413 E_PAYLOAD_TOO_LARGE.`,
  })
  file: unknown;

  @ApiProperty({ enum: DOCUMENT_TYPES, description: 'May come before or after the file part.' })
  type: string;
}
