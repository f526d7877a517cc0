import { API_MODES, ApiMode } from '@lgw/kernel';
import { ApiProperty } from '@nestjs/swagger';

export class TeamDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
}

export class CreateTeamResponseDto {
  @ApiProperty({ type: TeamDto }) team: TeamDto;
  @ApiProperty() key_id: string;
  @ApiProperty({ description: 'Shown once; only its hash is stored.' }) api_key: string;
  @ApiProperty() test_key_id: string;
  @ApiProperty({ description: "The team's first test key (<prefix>_test_<64 hex>); shown once; only its hash is stored." })
  test_api_key: string;
}

export class IssueKeyResponseDto {
  @ApiProperty() key_id: string;
  @ApiProperty({ description: 'Shown once; only its hash is stored.' }) api_key: string;
  @ApiProperty({ enum: API_MODES }) mode: ApiMode;
}

export class RateLimitResponseDto {
  @ApiProperty() team_id: string;
  @ApiProperty() per_minute: number;
}

export class TeamSummaryDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ nullable: true, type: Number, description: 'null: the default RATE_LIMIT_PER_MINUTE' }) rate_limit_per_minute:
    number | null;
  @ApiProperty({ type: 'integer', description: "the limit the team's keys get now: its own, else the default" })
  effective_rate_limit_per_minute: number;
  @ApiProperty() active_keys: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({
    enum: ['warn', 'enforce'],
    description: 'National Address rule at booking: warn books with a warning, enforce refuses with 422 E_ADDRESS_NOT_FOUND',
  })
  address_verification: string;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 10,
    description: 'failed deliveries of one parcel before it goes back to its origin by itself',
  })
  auto_return_after_attempts: number;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '#0a6e5c',
    description: "the colour of its recipients' tracking pages; null: the gateway's",
  })
  brand_colour: string | null;
}

export class TeamListResponseDto {
  @ApiProperty({ type: [TeamSummaryDto] }) teams: TeamSummaryDto[];
}

export class ApiKeySummaryDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: API_MODES }) mode: ApiMode;
  @ApiProperty({ description: 'the first characters of the key, for recognising it' }) display_prefix: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'recorded at most once a minute' }) last_used_at:
    string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) revoked_at: string | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: [String], description: '* for full access, else <resource>:read|write' }) scopes: string[];
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expires_at: string | null;
  @ApiProperty({ type: [String] }) allowed_ips: string[];
}

export class ApiKeyListResponseDto {
  @ApiProperty({ type: [ApiKeySummaryDto] }) keys: ApiKeySummaryDto[];
}
