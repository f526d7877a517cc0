import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { SchedulePickupCommand } from '../../application/schedule-pickup/schedule-pickup.command';
import { AddressProps, toAddress } from '@lgw/kernel';
import { AddressRequestDto } from '@lgw/addresses';
import { CompiledValidation, IsAddressValue } from '@lgw/http-api';

/** Shipments one collection may take. */
export const MAX_PICKUP_SHIPMENTS = 500;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export class PickupWindowDto {
  @ApiProperty({ example: '10:00', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, Asia/Riyadh' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a time HH:MM' })
  @Matches(HH_MM, { message: 'must be a time HH:MM' })
  from: string;

  @ApiProperty({ example: '14:00', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM, Asia/Riyadh; at least 2 hours after from' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a time HH:MM' })
  @Matches(HH_MM, { message: 'must be a time HH:MM' })
  to: string;
}

@CompiledValidation()
export class SchedulePickupRequestDto {
  @ApiProperty({ example: 'sahm', description: 'carrier code (GET /carriers); the carrier must offer pickups' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MaxLength(64, { message: 'must be at most 64 characters' })
  carrier: string;

  @ApiProperty({
    example: '2026-11-26',
    format: 'date',
    description: 'Asia/Riyadh date: today up to 7 days ahead, on a collection day of the carrier',
  })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a date YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD' })
  pickup_date: string;

  @ApiProperty({ type: PickupWindowDto })
  @IsDefined({ message: 'is required' })
  @IsObject({ message: 'must be an object {from, to}' })
  @ValidateNested()
  @Type(() => PickupWindowDto)
  window: PickupWindowDto;

  @ApiPropertyOptional({ type: AddressRequestDto, description: "where the courier collects; the first shipment's origin when absent" })
  @IsOptional()
  @IsAddressValue()
  @IsObject({ message: 'must be an object' })
  address?: AddressProps;

  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_PICKUP_SHIPMENTS,
    description: 'shipments of this carrier waiting for collection',
  })
  @IsDefined({ message: 'is required' })
  @IsArray({ message: 'must be an array of shipment ids' })
  @ArrayMinSize(1, { message: 'must contain at least 1 shipment id' })
  @ArrayMaxSize(MAX_PICKUP_SHIPMENTS, { message: `must contain at most ${MAX_PICKUP_SHIPMENTS} shipment ids` })
  @IsString({ each: true, message: 'must be an array of shipment ids' })
  @MaxLength(64, { each: true, message: 'each shipment id must be at most 64 characters' })
  shipment_ids: string[];

  toCommand(teamId: string): SchedulePickupCommand {
    return {
      teamId,
      carrier: this.carrier,
      pickupDate: this.pickup_date,
      window: { from: this.window.from, to: this.window.to },
      address: this.address ? toAddress(this.address) : undefined,
      shipmentIds: this.shipment_ids,
    };
  }
}
