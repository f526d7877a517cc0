import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { LABEL_FORMATS } from '@lgw/kernel';
import { MERGE_MAX_LABELS } from '../../application/labels/merge-labels/merge-labels.use-case';
import { CompiledValidation } from '@lgw/http-api';

/** POST /labels/merge. The use case judges the fields (one precise field and reason per refusal). */
@CompiledValidation()
export class MergeLabelsRequestDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: 1,
    maxItems: MERGE_MAX_LABELS,
    description: `1–${MERGE_MAX_LABELS} of the team's shipment ids; the file has their labels in this order`,
  })
  @Allow()
  shipment_ids: unknown;

  @ApiPropertyOptional({ type: String, enum: [...LABEL_FORMATS], description: 'pdf_a6 when absent' })
  @Allow()
  format?: unknown;
}

/** POST /manifests. */
@CompiledValidation()
export class CreateManifestRequestDto {
  @ApiProperty({ type: String, example: 'sahm', description: 'code of a registered carrier' })
  @Allow()
  carrier: unknown;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    example: '2026-11-25',
    description: 'the pickup day (Asia/Riyadh); today when absent',
  })
  @Allow()
  date?: unknown;
}

export class ManifestDto {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, example: 'sahm' })
  carrier: string;

  @ApiProperty({ type: String, format: 'date', example: '2026-11-25' })
  date: string;

  @ApiProperty({ type: Number, example: 42, description: 'shipments on the manifest' })
  shipment_count: number;

  @ApiProperty({ type: String, format: 'date-time' })
  created_at: string;
}

export class ManifestListResponseDto {
  @ApiProperty({ type: [ManifestDto] }) manifests: ManifestDto[];
  @ApiProperty() total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}

export class BatchLabelProgressDto {
  @ApiProperty({ type: String, format: 'uuid' }) batch_id: string;
  @ApiProperty({ description: 'shipments of the batch that are not cancelled' }) printable: number;
  @ApiProperty({ description: 'of those, labels rendered and stored (a page of them prints at once)' }) ready: number;
}
