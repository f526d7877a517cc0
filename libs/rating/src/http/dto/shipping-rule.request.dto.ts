import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CompiledValidation, OnlyKnownFields } from '@lgw/http-api';

export class CarrierChoiceDto {
  @ApiProperty({ example: 'sahm', description: 'carrier code (GET /carriers)' }) carrier: string;
  @ApiPropertyOptional({
    example: 'sahm_express_domestic',
    description: "one of the carrier's service codes; absent: every service of the carrier",
  })
  service?: string;
}

export class BoundsDto {
  @ApiPropertyOptional({ minimum: 0, description: 'inclusive' }) min?: number;
  @ApiPropertyOptional({ minimum: 0, description: 'inclusive; not below min' }) max?: number;
}

export class ShippingRuleConditionsDto {
  @ApiPropertyOptional({
    type: [String],
    example: ['Abha', 'جازان'],
    description: 'destination city is one of these (Arabic or Latin spellings, with or without the article, alike)',
  })
  destination_cities?: readonly string[];
  @ApiPropertyOptional({ type: [String], example: ['SA'], description: 'ISO 3166-1 alpha-2' }) destination_countries?: readonly string[];
  @ApiPropertyOptional({ type: BoundsDto, description: "the parcels' declared weights, summed, kg" }) weight_kg?: BoundsDto;
  @ApiPropertyOptional({ description: 'true: only with cash on delivery; false: only without' }) cod?: boolean;
  @ApiPropertyOptional({
    type: BoundsDto,
    description: 'declared value in SAR; a request without a declared value in SAR does not match',
  })
  declared_value_sar?: BoundsDto;
}

export class ShippingRuleActionDto {
  @ApiPropertyOptional({ type: [CarrierChoiceDto], description: 'quoted first, in this order, and marked recommended' })
  prefer?: readonly CarrierChoiceDto[];
  @ApiPropertyOptional({ type: [CarrierChoiceDto], description: 'not quoted' }) exclude?: readonly CarrierChoiceDto[];
}

/**
 * POST and PUT /shipping-rules. The domain judges the whole body at once, so a 422 lists every
 * problem (`details.errors`), each with its field and reasons in English and Arabic.
 */
@CompiledValidation()
@OnlyKnownFields(['name', 'priority', 'enabled', 'conditions', 'action'])
export class ShippingRuleRequestDto {
  @ApiProperty({ type: String, example: 'COD to the south with Bahr', maxLength: 100 }) @Allow() name: unknown;
  @ApiProperty({ type: 'integer', example: 10, minimum: 0, description: 'lower runs first; equal priorities: the rule created first' })
  @Allow()
  priority: unknown;
  @ApiPropertyOptional({ type: Boolean, default: true }) @Allow() enabled?: unknown;
  @ApiProperty({ type: ShippingRuleConditionsDto, description: 'at least one condition; every condition given must hold' })
  @Allow()
  conditions: unknown;
  @ApiProperty({ type: ShippingRuleActionDto, description: 'at least one carrier or service to prefer or exclude' })
  @Allow()
  action: unknown;
}
