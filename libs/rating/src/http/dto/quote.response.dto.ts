import { API_MODES, ApiMode } from '@lgw/kernel';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CarrierRefDto, ServiceRefDto, TransitDaysDto } from '@lgw/carrier-access';

export class QuoteWeightsDto {
  @ApiProperty() actual_kg: number;
  @ApiProperty() volumetric_kg: number;
  @ApiProperty({ description: 'max(actual, volumetric) rounded up to the next 0.5 kg' }) chargeable_kg: number;
  @ApiProperty() volumetric_divisor: number;
  @ApiProperty({ description: 'label of the weight band used; carrier_rate when the carrier priced the parcels through its own API' })
  weight_break_applied: string;
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
  @ApiProperty({
    format: 'date',
    example: '2026-12-02',
    description:
      "if booked now: an Asia/Riyadh date, transit_days.max counted in the carrier's delivery days (no Fridays nor public holidays) from the day the parcel leaves (the next day after the 14:00 cut-off)",
  })
  estimated_delivery_date: string;
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
  @ApiProperty({ description: 'preferred by the shipping rule that applied to the request (recommended quotes come first)' })
  recommended: boolean;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'the shipping rule that applied to the request (GET /shipping-rules/{id}); null when none did',
  })
  rule_id: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 1,
    description:
      "share of the team's deliveries by this service on this lane (origin city to destination city, last 90 days) delivered by their estimate; null below 20 deliveries",
  })
  on_time_rate: number | null;
}

export class RatesWarningDto {
  @ApiProperty({ enum: ['COD_NOT_AVAILABLE', 'CARRIER_RATE_REFUSED', 'CARRIER_RATE_UNAVAILABLE'] }) code: string;
  @ApiProperty() message_en: string;
  @ApiProperty() message_ar: string;
}

export class QuoteListResponseDto {
  @ApiProperty({ type: [QuoteDto] }) quotes: readonly QuoteDto[];
  @ApiPropertyOptional({
    type: [RatesWarningDto],
    description:
      'only when there is something to say: COD_NOT_AVAILABLE (cod_amount given and no service level on the lane collects cash); ' +
      'CARRIER_RATE_REFUSED (a carrier that prices through its own API refused to quote a level, in its words; the level is left out); ' +
      "CARRIER_RATE_UNAVAILABLE (such a carrier did not answer within its rate deadline; the level is priced from the connection's contract rates, else left out)",
  })
  warnings?: readonly RatesWarningDto[];
}
