import { API_MODES, ApiMode, SCOPE_RESOURCES } from '@lgw/kernel';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import { CompiledValidation } from '@lgw/http-api';

const SCOPE_EXAMPLES = `${SCOPE_RESOURCES.join(', ')}: <resource>:read or <resource>:write (write implies read), or * for everything`;

/** POST /api/v1/api-keys. Scopes, ranges and expiry are checked together: a 422 lists every problem. */
@CompiledValidation()
export class CreateApiKeyRequestDto {
  @ApiPropertyOptional({ example: 'Warehouse printer', maxLength: 100 })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  name?: string;

  @ApiPropertyOptional({ enum: API_MODES, description: "The calling key's mode when absent; a test key issues only test keys." })
  @IsOptional()
  @IsIn(API_MODES, { message: 'must be live or test' })
  mode?: ApiMode;

  @ApiProperty({ type: [String], example: ['labels:read', 'shipments:read'], description: SCOPE_EXAMPLES })
  @IsArray({ message: 'must be an array of scopes' })
  scopes: string[];

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2027-01-01T00:00:00+03:00',
    description: 'In the future; never when absent.',
  })
  @IsOptional()
  expires_at?: string | null;

  @ApiPropertyOptional({
    type: [String],
    example: ['203.0.113.0/24', '2001:db8::/32'],
    description: 'IPv4/IPv6 addresses or CIDR ranges the key is accepted from; anywhere when empty or absent.',
  })
  @IsOptional()
  @IsArray({ message: 'must be an array of address ranges' })
  allowed_ips?: string[];
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ enum: API_MODES }) mode: ApiMode;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The key's last four characters (null for keys issued before scopes existed).",
  })
  last4: string | null;
  @ApiProperty({ type: [String], example: ['labels:read'] }) scopes: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Kept to within about a minute.' })
  last_used_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expires_at: string | null;
  @ApiProperty({ type: [String] }) allowed_ips: string[];
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ description: 'The secret: shown in this answer only, never again.', example: 'lgw_live_0123…' })
  api_key: string;
}

export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto] }) keys: ApiKeyDto[];
}
