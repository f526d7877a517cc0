import { ADDRESS_VERIFICATION_MODES, API_MODES, ApiMode } from '@lgw/kernel';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { CompiledValidation } from '@lgw/http-api';

@CompiledValidation()
export class CreateTeamRequestDto {
  @ApiProperty({ example: 'Acme Trading' })
  @IsString({ message: 'must be a string' })
  @MinLength(1, { message: 'must not be empty' })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  name: string;
}

@CompiledValidation()
export class SetRateLimitRequestDto {
  @ApiProperty({ example: 600 })
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(10_000_000, { message: 'must be at most 10000000' })
  per_minute: number;
}

/** PATCH /admin/v1/teams/{team_id}: the team settings to change. */
@CompiledValidation()
export class UpdateTeamRequestDto {
  @ApiPropertyOptional({
    enum: ADDRESS_VERIFICATION_MODES,
    example: 'enforce',
    description:
      'warn (default): a Saudi destination the National Address register does not confirm books with a warning; enforce: 422 E_ADDRESS_NOT_FOUND',
  })
  @IsOptional()
  @IsIn([...ADDRESS_VERIFICATION_MODES], { message: `must be one of: ${ADDRESS_VERIFICATION_MODES.join(', ')}` })
  address_verification?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 10,
    example: 3,
    description: 'failed deliveries of one parcel before the gateway sends it back to its origin by itself (3 by default)',
  })
  @IsOptional()
  @IsInt({ message: 'must be an integer between 1 and 10' })
  @Min(1, { message: 'must be an integer between 1 and 10' })
  @Max(10, { message: 'must be an integer between 1 and 10' })
  auto_return_after_attempts?: number;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '#0a6e5c',
    description: "the colour of its recipients' tracking pages (#rrggbb); null: the gateway's",
  })
  @IsOptional()
  brand_colour?: string | null;
}

@CompiledValidation()
export class IssueKeyRequestDto {
  @ApiPropertyOptional({ enum: API_MODES, description: "live when absent; test: a key for the team's test mode (docs/test-mode.md)" })
  @IsOptional()
  @IsIn(API_MODES, { message: 'must be live or test' })
  mode?: ApiMode;
}
