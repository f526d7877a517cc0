import { ApiProperty } from '@nestjs/swagger';
import { DOCUMENT_TYPES } from '../../application/documents/shipment-document';

export class ShipmentDocumentDto {
  @ApiProperty() id: string;
  @ApiProperty() shipment_id: string;
  @ApiProperty({ enum: DOCUMENT_TYPES }) type: string;
  @ApiProperty({ description: 'the uploaded file name, sanitised (no path, no control characters)' }) filename: string;
  @ApiProperty({ format: 'date-time' }) uploaded_at: string;
}

export class ShipmentDocumentListResponseDto {
  @ApiProperty({ type: [ShipmentDocumentDto], description: 'in upload order, oldest first' })
  documents: ShipmentDocumentDto[];
}
