import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { MAX_CATALOGUE_UPSERT } from '../../application/upsert-catalogue-products/upsert-catalogue-products.command';
import { CompiledValidation, NoArrayItems } from '@lgw/http-api';

// Completeness is scored, not enforced: a product may lack any field but its sku, and an odd
// value (an HS code of four digits, a weight of 0) is stored and then reported by
// POST /data-readiness. What is refused here is what cannot be a value of the field at all.

const TEXT = { message: 'must be a string' };
const NUMBER = { allowNaN: false, allowInfinity: false };
const NUMBER_MESSAGE = { message: 'must be a number' };
/** Printable, no leading or trailing space, no control characters. */
const SKU_PATTERN = /^[^\s\p{C}](?:[^\p{C}]*[^\s\p{C}])?$/u;

export class CatalogueProductRequestDto {
  @ApiProperty({ example: 'DATES-BOX-1KG', maxLength: 64, description: 'unique within the team; the upsert key' })
  @Matches(SKU_PATTERN, { message: 'must be printable text without leading or trailing spaces' })
  @MaxLength(64, { message: 'must be at most 64 characters' })
  @IsString(TEXT)
  @IsDefined({ message: 'is required' })
  sku: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Premium dates, 1 kg box', maxLength: 200 })
  @IsOptional()
  @MaxLength(200, { message: 'must be at most 200 characters' })
  @IsString(TEXT)
  name_en?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'تمر فاخر، علبة 1 كغ', maxLength: 200 })
  @IsOptional()
  @MaxLength(200, { message: 'must be at most 200 characters' })
  @IsString(TEXT)
  name_ar?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '080410',
    description: 'Harmonized System code; 6 to 10 digits to pass the readiness check',
    maxLength: 20,
  })
  @IsOptional()
  @MaxLength(20, { message: 'must be at most 20 characters' })
  @IsString(TEXT)
  hs_code?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 1.2, description: 'kg' })
  @IsOptional()
  @IsNumber(NUMBER, NUMBER_MESSAGE)
  weight_kg?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 30, description: 'cm' })
  @IsOptional()
  @IsNumber(NUMBER, NUMBER_MESSAGE)
  length_cm?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 20, description: 'cm' })
  @IsOptional()
  @IsNumber(NUMBER, NUMBER_MESSAGE)
  width_cm?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 10, description: 'cm' })
  @IsOptional()
  @IsNumber(NUMBER, NUMBER_MESSAGE)
  height_cm?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'SA',
    description: 'ISO 3166-1 alpha-2 to pass the readiness check',
    maxLength: 8,
  })
  @IsOptional()
  @MaxLength(8, { message: 'must be at most 8 characters' })
  @IsString(TEXT)
  origin_country?: string | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 85.5,
    description: 'declared customs value, SAR with at most two decimals',
  })
  @IsOptional()
  @IsNumber({ ...NUMBER, maxDecimalPlaces: 2 }, { message: 'must be a number of SAR with at most two decimals' })
  value_sar?: number | null;
}

@CompiledValidation()
export class UpsertCatalogueRequestDto {
  @ApiProperty({ type: [CatalogueProductRequestDto], minItems: 1, maxItems: MAX_CATALOGUE_UPSERT })
  @ValidateNested({ each: true })
  @Type(() => CatalogueProductRequestDto)
  @ArrayMaxSize(MAX_CATALOGUE_UPSERT, { message: `must contain at most ${MAX_CATALOGUE_UPSERT} products per call` })
  @ArrayMinSize(1, { message: 'must contain at least 1 product' })
  @NoArrayItems('must be an array of product objects')
  @IsArray({ message: 'must be an array of products' })
  @IsDefined({ message: 'is required' })
  products: CatalogueProductRequestDto[];
}
