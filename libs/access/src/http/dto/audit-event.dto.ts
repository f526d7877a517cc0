import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { OnlyKnownParameters } from '@lgw/http-api';

const FILTERS = ['from', 'to', 'action', 'limit', 'offset'] as const;

/** GET /audit-events (and its export, without limit/offset): shape only; the use case judges the values. */
@OnlyKnownParameters(FILTERS)
export class AuditEventQueryDto {
  @ApiPropertyOptional({ description: 'ISO 8601 instant (inclusive), or a date YYYY-MM-DD in Asia/Riyadh.', example: '2026-11-01' })
  @IsOptional()
  @IsString({ message: 'must be given once, as text' })
  from?: string;

  @ApiPropertyOptional({
    description: 'ISO 8601 instant (exclusive), or a date YYYY-MM-DD in Asia/Riyadh (the whole day).',
    example: '2026-11-30',
  })
  @IsOptional()
  @IsString({ message: 'must be given once, as text' })
  to?: string;

  @ApiPropertyOptional({
    description: 'An action (api_key.created), or every action of a kind (api_key.*).',
    example: 'shipment.cancelled',
  })
  @IsOptional()
  @IsString({ message: 'must be given once, as text' })
  action?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @IsString({ message: 'must be given once, as text' })
  limit?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0 })
  @IsOptional()
  @IsString({ message: 'must be given once, as text' })
  offset?: string;
}

/** GET /admin/v1/audit-events: one team's events, as the team sees them. */
@OnlyKnownParameters(['team_id', ...FILTERS])
export class AdminAuditEventQueryDto extends AuditEventQueryDto {
  @ApiProperty({ format: 'uuid', description: "The team (or a team's test scope) whose events to list." })
  @IsString({ message: 'must be given once, as text' })
  team_id: string;
}

export class AuditActorDto {
  @ApiProperty({ enum: ['api_key', 'operator', 'system', 'recipient'] }) type: string;
  @ApiProperty({ type: String, nullable: true, description: 'The key id for api_key.' }) id: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
}

export class AuditTargetDto {
  @ApiProperty({ example: 'shipment' }) type: string;
  @ApiProperty({ type: String, nullable: true }) id: string | null;
}

export class AuditEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: AuditActorDto }) actor: AuditActorDto;
  @ApiProperty({ example: 'webhook_endpoint.updated' }) action: string;
  @ApiProperty({ type: AuditTargetDto }) target: AuditTargetDto;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'X-Service-Request-Id of the request that made the change.' })
  request_id: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What changed (never a secret).' })
  changes: Record<string, unknown>;
}

export class AuditEventListDto {
  @ApiProperty({ type: [AuditEventDto] }) events: AuditEventDto[];
  @ApiProperty() total: number;
}

export class AuditChainVerdictDto {
  @ApiProperty() ok: boolean;
  @ApiProperty() events_checked: number;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) first_broken_id: string | null;
}
