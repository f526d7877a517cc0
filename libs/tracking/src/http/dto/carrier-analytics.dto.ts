import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { OnlyKnownParameters } from '@lgw/http-api';

@OnlyKnownParameters(['from', 'to'])
export class CarrierAnalyticsQueryDto {
  @ApiPropertyOptional({ example: '2026-11-01', description: 'first Riyadh day (inclusive); default: 29 days before to' })
  @IsOptional()
  @IsString({ message: 'must be a calendar day YYYY-MM-DD (Asia/Riyadh)' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'last Riyadh day (inclusive); default: today in Riyadh' })
  @IsOptional()
  @IsString({ message: 'must be a calendar day YYYY-MM-DD (Asia/Riyadh)' })
  to?: string;
}

export class CarrierPerformanceRowDto {
  @ApiProperty({ example: 'sahm' }) carrier: string;
  @ApiProperty({ example: 'sahm_express_domestic' }) service: string;
  @ApiProperty({ example: 'Riyadh' }) origin_city: string;
  @ApiProperty({ example: 'Jeddah' }) destination_city: string;
  @ApiProperty({ description: 'shipments that reached a final status (DELIVERED, RETURNED, LOST) on a day of the range' })
  shipments: number;
  @ApiProperty() delivered: number;
  @ApiProperty({ type: Number, nullable: true, description: 'delivered on or before the Riyadh day of their estimate, over delivered' })
  on_time_rate: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'delivered with no failed delivery attempt, over delivered' })
  first_attempt_rate: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'RETURNED over shipments' }) return_rate: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Riyadh calendar days from booking to delivery, nearest-rank median' })
  median_transit_days: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'nearest-rank 90th percentile' }) p90_transit_days: number | null;
}

export class CarrierAnalyticsResponseDto {
  @ApiProperty({ type: [CarrierPerformanceRowDto] }) rows: CarrierPerformanceRowDto[];
}
