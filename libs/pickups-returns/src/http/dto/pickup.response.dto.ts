import { ApiProperty } from '@nestjs/swagger';
import { PICKUP_STATUSES } from '@lgw/kernel';
import { AddressRequestDto } from '@lgw/addresses';
import { PickupWindowDto } from './pickup.request.dto';

export class PickupDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'carrier code' }) carrier: string;
  @ApiProperty({ enum: PICKUP_STATUSES }) status: string;
  @ApiProperty({ description: "the carrier's confirmation of the collection" }) confirmation_number: string;
  @ApiProperty({ format: 'date', description: 'Asia/Riyadh date' }) pickup_date: string;
  @ApiProperty({ type: PickupWindowDto }) window: PickupWindowDto;
  @ApiProperty({ type: AddressRequestDto }) address: AddressRequestDto;
  @ApiProperty({ type: [String] }) shipment_ids: readonly string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) cancelled_at: string | null;
}

export class PickupListResponseDto {
  @ApiProperty({ type: [PickupDto] }) pickups: PickupDto[];
  @ApiProperty() total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}
