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
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 20,
    example: 2,
    description:
      "present only on an event the carrier reported for one piece of a multi-piece shipment: the piece's number (see the Shipment's pieces; a piece's status is its own events', the shipment's status their roll-up)",
  })
  piece_number?: number;
}

export class TrackingResponseDto {
  @ApiProperty() tracking_number: string;
  @ApiProperty({ enum: SHIPMENT_STATUSES }) status: string;
  @ApiProperty({ type: [TrackingEventDto], description: 'most recent first' }) events: readonly TrackingEventDto[];
}
