import { API_MODES, ApiMode } from '@lgw/kernel';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CarrierRefDto, ServiceRefDto, TransitDaysDto } from '@lgw/carrier-access';

export class QuoteWeightsDto {
  @ApiProperty() actual_kg: number;
  @ApiProperty() volumetric_kg: number;
  @ApiProperty({ description: 'max(actual, volumetric) rounded up to the next 0.5 kg' }) chargeable_kg: number;
  @ApiProperty() volumetric_divisor: number;
  @ApiProperty({ description: 'label of the weight band used' }) weight_break_applied: string;
}

export class BreakdownLineDto {
  @ApiProperty({ enum: ['base', 'weight_charge', 'fuel_surcharge', 'cod_fee', 'vat'] }) code: string;
  @ApiProperty() label_en: string;
  @ApiProperty() label_ar: string;
  @ApiProperty() amount_sar: number;
}

export class QuoteDto {
  @ApiProperty() quote_id: string;
  @ApiProperty({ enum: API_MODES, description: 'live, or test for what a test key made (docs/test-mode.md)' }) mode: ApiMode;
  @ApiProperty({ type: CarrierRefDto }) carrier: CarrierRefDto;
  @ApiProperty({ type: ServiceRefDto }) service: ServiceRefDto;
  @ApiProperty({ type: TransitDaysDto }) transit_days: TransitDaysDto;
  @ApiProperty({ type: QuoteWeightsDto }) weights: QuoteWeightsDto;
  @ApiProperty({ type: [BreakdownLineDto] }) breakdown: readonly BreakdownLineDto[];
  @ApiProperty({ description: 'sum of the breakdown lines' }) total_sar: number;
  @ApiProperty({ enum: ['SAR'] }) currency: string;
  @ApiProperty({ format: 'date-time', description: 'issue + 15 minutes' }) expires_at: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'the carrier connection the quote is priced and booked on (GET /carrier-connections)',
  })
  connection_id: string | null;
  @ApiProperty({ enum: ['own', 'platform'], description: "own: the team's own contract with the carrier; platform: the platform's" })
  account: 'own' | 'platform';
}

export class RatesWarningDto {
  @ApiProperty({ enum: ['COD_NOT_AVAILABLE'] }) code: string;
  @ApiProperty() message_en: string;
  @ApiProperty() message_ar: string;
}

export class QuoteListResponseDto {
  @ApiProperty({ type: [QuoteDto] }) quotes: readonly QuoteDto[];
  @ApiPropertyOptional({
    type: [RatesWarningDto],
    description:
      'only when there is something to say, e.g. COD_NOT_AVAILABLE: cod_amount given and no service level on the lane collects cash',
  })
  warnings?: readonly RatesWarningDto[];
}
