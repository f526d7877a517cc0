import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, IsPositive, Max } from 'class-validator';

// class-validator runs a property's decorators bottom-up: the type check sits last so that
// it is reported first.

const POSITIVE = { message: 'must be a positive number' };
const FINITE = { allowNaN: false, allowInfinity: false };

export const MAX_PARCEL_WEIGHT_KG = 1000;
export const MAX_PARCEL_SIDE_CM = 500;

export class ParcelRequestDto {
  @ApiProperty({ example: 2.5, description: 'kg' })
  @Max(MAX_PARCEL_WEIGHT_KG, { message: `must be at most ${MAX_PARCEL_WEIGHT_KG}` })
  @IsPositive(POSITIVE)
  @IsNumber(FINITE, POSITIVE)
  weight_kg: number;

  @ApiProperty({ example: 30, description: 'cm' })
  @Max(MAX_PARCEL_SIDE_CM, { message: `must be at most ${MAX_PARCEL_SIDE_CM}` })
  @IsPositive(POSITIVE)
  @IsNumber(FINITE, POSITIVE)
  length_cm: number;

  @ApiProperty({ example: 20, description: 'cm' })
  @Max(MAX_PARCEL_SIDE_CM, { message: `must be at most ${MAX_PARCEL_SIDE_CM}` })
  @IsPositive(POSITIVE)
  @IsNumber(FINITE, POSITIVE)
  width_cm: number;

  @ApiProperty({ example: 15, description: 'cm' })
  @Max(MAX_PARCEL_SIDE_CM, { message: `must be at most ${MAX_PARCEL_SIDE_CM}` })
  @IsPositive(POSITIVE)
  @IsNumber(FINITE, POSITIVE)
  height_cm: number;
}
