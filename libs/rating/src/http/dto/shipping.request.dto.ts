import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  Matches,
  Max,
  ValidateNested,
} from 'class-validator';
import type { GetRatesCommand } from '../../application/get-rates/get-rates.command';
import { AddressProps, toAddress, IsoCurrencyCode, Money, COD_MAX_SAR, MAX_PARCELS_PER_REQUEST } from '@lgw/kernel';
import { AddressRequestDto } from '@lgw/addresses';
import { CompiledValidation, IsAddressValue, IsIsoCurrency, NoArrayItems } from '@lgw/http-api';
import { ParcelRequestDto } from './parcel.request.dto';

export const INCOTERMS = ['EXW', 'FOB', 'CIF', 'DAP', 'DDP'] as const;
/** Parcels per request (docs/api.md, limits); 2 to 20 of them are the pieces of one shipment (docs/adr/0087). */
export const MAX_PARCELS = MAX_PARCELS_PER_REQUEST;
const MAX_MONEY_SAR = 10_000_000;
const POSITIVE = { message: 'must be a positive number' };
const FINITE = { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 };
const SAR = { message: 'must be a positive amount in SAR with at most 2 decimals' };

/** Fields POST /rates and POST /shipments share: lane, parcels and customs data. */
export class ShippingRequestDto {
  @ApiProperty({ type: AddressRequestDto })
  @IsAddressValue()
  @IsDefined({ message: 'is required' })
  @IsObject({ message: 'must be an object' })
  origin: AddressProps;

  @ApiProperty({ type: AddressRequestDto })
  @IsAddressValue()
  @IsDefined({ message: 'is required' })
  @IsObject({ message: 'must be an object' })
  destination: AddressProps;

  @ApiProperty({
    type: [ParcelRequestDto],
    minItems: 1,
    maxItems: MAX_PARCELS,
    description:
      'one parcel; 2 to 20 parcels are booked as the pieces of one shipment (each with its own tracking number and label page); 21 to 50, one consolidated shipment without pieces',
  })
  @IsDefined({ message: 'is required' })
  @IsArray({ message: 'must be an array of parcels' })
  @NoArrayItems('must be an array of parcel objects')
  @ArrayMinSize(1, { message: 'must contain at least 1 parcel' })
  @ArrayMaxSize(MAX_PARCELS, { message: `must contain at most ${MAX_PARCELS} parcels` })
  @ValidateNested({ each: true })
  @Type(() => ParcelRequestDto)
  parcels: ParcelRequestDto[];

  @ApiPropertyOptional({ example: 450, description: 'SAR' })
  @IsOptional()
  @Max(MAX_MONEY_SAR, { message: `must be at most ${MAX_MONEY_SAR}` })
  @IsPositive(SAR)
  @IsNumber(FINITE, SAR)
  declared_value?: number;

  @ApiPropertyOptional({ enum: INCOTERMS })
  @IsOptional()
  @IsIn(INCOTERMS, { message: `must be one of ${INCOTERMS.join(', ')}` })
  incoterm?: string;

  @ApiPropertyOptional({ type: [String], example: ['610910'] })
  @IsOptional()
  @IsArray({ message: 'must be an array of HS codes' })
  @ArrayMaxSize(50, { message: 'must contain at most 50 HS codes' })
  @IsString({ each: true, message: 'must be an array of HS codes' })
  @Matches(/^\d{6,10}$/, { each: true, message: 'each HS code must be 6 to 10 digits' })
  hs_codes?: string[];

  @ApiPropertyOptional({
    example: 120.5,
    maximum: COD_MAX_SAR,
    description:
      'cash on delivery, SAR (at most 10,000). POST /rates prices it (a cod_fee line; only services that collect cash); POST /shipments must send the amount its quote was rated with',
  })
  @IsOptional()
  @Max(COD_MAX_SAR, { message: `must be at most ${COD_MAX_SAR} SAR, the cash on delivery ceiling` })
  @IsPositive(SAR)
  @IsNumber(FINITE, SAR)
  cod_amount?: number;
}

/** Judged by the compiled validator (docs/adr/0092): POST /rates is the route merchants wait on most. */
@CompiledValidation()
export class RatesRequestDto extends ShippingRequestDto {
  @ApiPropertyOptional({ type: String, example: 'SAR', description: 'ISO 4217', pattern: '^[A-Z]{3}$' })
  @IsOptional()
  @IsIsoCurrency('must be an ISO 4217 currency code')
  @IsString({ message: 'must be an ISO 4217 currency code' })
  declared_value_currency?: IsoCurrencyCode;

  /** The body once it passed the gate: addresses in their stored form. */
  toCommand(teamId: string): GetRatesCommand {
    return {
      teamId,
      origin: toAddress(this.origin),
      destination: toAddress(this.destination),
      parcels: this.parcels,
      declaredValue: this.declared_value,
      declaredValueCurrency: this.declared_value_currency,
      incoterm: this.incoterm,
      hsCodes: this.hs_codes,
      codAmountHalalas: this.cod_amount === undefined ? undefined : Money.fromSar(this.cod_amount).halalas,
    };
  }
}

export { POSITIVE };
