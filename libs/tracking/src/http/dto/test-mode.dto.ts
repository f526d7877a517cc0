import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { API_MODES, ApiMode, EXCEPTION_TYPES } from '@lgw/kernel';
import { TrackingResponseDto } from './tracking.response.dto';
import { CompiledValidation } from '@lgw/http-api';

@CompiledValidation()
export class TestEventRequestDto {
  @ApiProperty({
    example: 'OUT_FOR_DELIVERY',
    description: 'a status of docs/api.md §3, EXCEPTION with exception_type, or a bare exception type (docs/test-mode.md)',
  })
  @IsString({ message: 'must be a string' })
  @MinLength(1, { message: 'must not be empty' })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  code: string;

  @ApiPropertyOptional({ enum: EXCEPTION_TYPES, description: 'with code EXCEPTION' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  exception_type?: string;

  @ApiPropertyOptional({ example: 'Jeddah hub' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  location_en?: string;

  @ApiPropertyOptional({ example: 'مركز جدة' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  location_ar?: string;
}

export class TestEventResponseDto extends TrackingResponseDto {
  @ApiProperty({ enum: API_MODES, example: 'test' }) mode: ApiMode;
}
