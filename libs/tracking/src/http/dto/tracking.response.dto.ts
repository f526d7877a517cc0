import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXCEPTION_TYPES, SHIPMENT_STATUSES } from '@lgw/kernel';

export class TrackingEventDto {
  @ApiProperty({
    description: "a status of docs/api.md §3, or the carrier's own code when it maps to none",
    example: 'PICKED_UP',
  })
  code: string;
  @ApiProperty() status_ar: string;
  @ApiProperty() status_en: string;
  @ApiProperty({ description: 'empty when the carrier gave no place' }) location_ar: string;
  @ApiProperty({ description: 'empty when the carrier gave no place' }) location_en: string;
  @ApiProperty({ format: 'date-time' }) occurred_at: string;
  @ApiProperty() is_exception: boolean;
  @ApiPropertyOptional({ enum: EXCEPTION_TYPES, description: 'present on exception events only' })
  exception_type?: string;
}

export class TrackingResponseDto {
  @ApiProperty() tracking_number: string;
  @ApiProperty({ enum: SHIPMENT_STATUSES }) status: string;
  @ApiProperty({ type: [TrackingEventDto], description: 'most recent first' }) events: readonly TrackingEventDto[];
}
