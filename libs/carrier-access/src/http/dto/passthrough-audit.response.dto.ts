import { ApiProperty } from '@nestjs/swagger';

export class PassthroughAuditEntryDto {
  @ApiProperty() carrier_code: string;
  @ApiProperty({ description: 'The API key that made the call' }) key_id: string;
  @ApiProperty({ type: 'integer', nullable: true, description: "The carrier's HTTP status; null when no answer came" })
  status: number | null;
  @ApiProperty({ enum: ['answered', 'unavailable', 'failed'] }) outcome: string;
  @ApiProperty({ type: 'integer' }) latency_ms: number;
  @ApiProperty({ type: 'integer' }) request_bytes: number;
  @ApiProperty({ type: 'integer', nullable: true }) response_bytes: number | null;
  @ApiProperty({ description: 'X-Service-Request-Id of the passthrough call' }) request_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class PassthroughAuditListResponseDto {
  @ApiProperty({ type: [PassthroughAuditEntryDto], description: 'Newest first; bodies are never stored' })
  entries: PassthroughAuditEntryDto[];
  @ApiProperty({ type: 'integer' }) limit: number;
}
