import { MULTI_PIECE_PRICING, MultiPiecePricing } from '@lgw/kernel';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The rate card file format (docs/rating.md) as the OpenAPI document shows it: schema classes
 * only, for clients and forms. The domain's parser (parseRateCard) judges a card, field by field.
 */
export class RateCardWeightBandSchema {
  @ApiProperty({ example: '0.5-5kg', description: 'shown as Quote.weights.weight_break_applied; unique within the card' })
  label: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 5,
    description: "upper bound in kg (inclusive, a multiple of 0.5 above the previous band's); null only for the last, open-ended band",
  })
  up_to_kg: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 1800, description: 'price of the band from its lower bound, in halalas' })
  base_halalas: number;

  @ApiProperty({ type: 'integer', minimum: 0, example: 400, description: 'price per kg above the lower bound, charged per started 0.5 kg' })
  per_kg_halalas: number;
}

export class RateCardLaneSchema {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, example: 5000, description: "the card's when absent" })
  volumetric_divisor?: number;

  @ApiPropertyOptional({ type: String, pattern: '^\\d+(\\.\\d{1,2})?$', example: '12', description: "the card's when absent" })
  fuel_surcharge_percent?: string;

  @ApiProperty({ type: [RateCardWeightBandSchema] })
  weight_bands: RateCardWeightBandSchema[];

  @ApiPropertyOptional()
  description?: string;
}

export class RateCardLanesSchema {
  @ApiPropertyOptional({ type: () => RateCardLaneSchema })
  domestic?: RateCardLaneSchema;

  @ApiPropertyOptional({ type: () => RateCardLaneSchema })
  gcc?: RateCardLaneSchema;

  @ApiPropertyOptional({ type: () => RateCardLaneSchema })
  international?: RateCardLaneSchema;
}

export class RateCardSchema {
  @ApiProperty({
    example: 'sahm_express_domestic',
    pattern: '^[a-z0-9_]+$',
    description: 'the service level it prices (its key in rate_cards)',
  })
  service_code: string;

  @ApiProperty({ example: 'sahm', pattern: '^[a-z0-9_]+$' })
  carrier_code: string;

  @ApiProperty({ enum: ['SAR'] })
  currency: 'SAR';

  @ApiProperty({ type: 'integer', minimum: 1, example: 5000, description: 'cm³ per kg for the volumetric weight' })
  volumetric_divisor: number;

  @ApiProperty({ type: String, pattern: '^\\d+(\\.\\d{1,2})?$', example: '10', description: 'percent, as a decimal string' })
  fuel_surcharge_percent: string;

  @ApiProperty({ type: [RateCardWeightBandSchema], description: 'contiguous bands from 0 kg, the last one open-ended' })
  weight_bands: RateCardWeightBandSchema[];

  @ApiPropertyOptional({
    type: () => RateCardLanesSchema,
    description: 'per lane, what differs there from the prices above (at least one lane)',
  })
  lanes?: RateCardLanesSchema;

  @ApiPropertyOptional({
    enum: [...MULTI_PIECE_PRICING],
    description:
      'how a shipment of several pieces is priced (docs/adr/0087): one weight, the sum of the pieces (default), or each piece on the bands and the sums added',
  })
  multi_piece_pricing?: MultiPiecePricing;

  @ApiPropertyOptional()
  description?: string;
}
