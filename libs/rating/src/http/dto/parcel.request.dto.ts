import { ApiProperty } from '@nestjs/swagger';
import { MAX_PARCEL_SIDE_CM, MAX_PARCEL_WEIGHT_KG, MIN_PARCEL_SIDE_CM, MIN_PARCEL_WEIGHT_KG, ParcelProps } from '@lgw/kernel';
import { IsParcelMeasure } from '@lgw/http-api';

/** A Parcel as the API carries it; its rules are the domain's (libs/domain/src/parcel). */
export class ParcelRequestDto implements ParcelProps {
  @ApiProperty({ example: 2.5, description: 'kg', minimum: MIN_PARCEL_WEIGHT_KG, maximum: MAX_PARCEL_WEIGHT_KG })
  @IsParcelMeasure()
  weight_kg: number;

  @ApiProperty({ example: 30, description: 'cm', minimum: MIN_PARCEL_SIDE_CM, maximum: MAX_PARCEL_SIDE_CM })
  @IsParcelMeasure()
  length_cm: number;

  @ApiProperty({ example: 20, description: 'cm', minimum: MIN_PARCEL_SIDE_CM, maximum: MAX_PARCEL_SIDE_CM })
  @IsParcelMeasure()
  width_cm: number;

  @ApiProperty({ example: 15, description: 'cm', minimum: MIN_PARCEL_SIDE_CM, maximum: MAX_PARCEL_SIDE_CM })
  @IsParcelMeasure()
  height_cm: number;
}
