import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { API_MODES, ApiMode } from '@lgw/domain';

export class CreateTeamRequestDto {
  @ApiProperty({ example: 'Acme Trading' })
  @IsString({ message: 'must be a string' })
  @MinLength(1, { message: 'must not be empty' })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  name: string;
}

export class SetRateLimitRequestDto {
  @ApiProperty({ example: 600 })
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(10_000_000, { message: 'must be at most 10000000' })
  per_minute: number;
}

export class IssueKeyRequestDto {
  @ApiPropertyOptional({ enum: API_MODES, default: 'live', description: "test: a key for the team's test mode (docs/test-mode.md)" })
  @IsOptional()
  @IsIn(API_MODES, { message: 'must be live or test' })
  mode?: ApiMode;
}
