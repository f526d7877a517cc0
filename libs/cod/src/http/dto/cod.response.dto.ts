import { ApiProperty } from '@nestjs/swagger';

export class RemittanceDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'carrier code' }) carrier: string;
  @ApiProperty({ description: "the carrier's payout reference" }) carrier_reference: string;
  @ApiProperty({ format: 'date-time' }) remitted_at: string;
  @ApiProperty({ description: "sum of the team's lines of the payout, SAR" }) amount_sar: number;
  @ApiProperty({ type: 'integer' }) item_count: number;
  @ApiProperty({ enum: ['RECONCILED', 'DISCREPANCY'] }) status: string;
}

export class RemittanceItemDto {
  @ApiProperty({ format: 'uuid' }) shipment_id: string;
  @ApiProperty() tracking_number: string;
  @ApiProperty({ description: 'the cash on delivery amount of the shipment' }) expected_sar: number;
  @ApiProperty() remitted_sar: number;
  @ApiProperty({ description: 'remitted − expected' }) difference_sar: number;
}

export class RemittanceDetailDto extends RemittanceDto {
  @ApiProperty({ type: [RemittanceItemDto] }) items: RemittanceItemDto[];
}

export class RemittanceListResponseDto {
  @ApiProperty({ type: [RemittanceDto] }) remittances: RemittanceDto[];
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer' }) limit: number;
  @ApiProperty({ type: 'integer' }) offset: number;
}

export class CodSummaryDto {
  @ApiProperty({ description: 'cash still to be collected at the door' }) pending_sar: number;
  @ApiProperty({ description: 'cash collected, not paid out yet' }) collected_sar: number;
  @ApiProperty() remitted_sar: number;
  @ApiProperty({ type: 'integer', description: 'collected more than COD_OVERDUE_DAYS (7) ago and not paid out' }) overdue_count: number;
  @ApiProperty({ type: 'integer' }) discrepancy_count: number;
}

export class UnmatchedPayoutLineDto {
  @ApiProperty() carrier: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "the team's carrier connection whose payout carried the line; null: the platform's account",
  })
  connection_id: string | null;
  @ApiProperty() carrier_reference: string;
  @ApiProperty() tracking_number: string;
  @ApiProperty() amount_sar: number;
  @ApiProperty({ format: 'date-time' }) remitted_at: string;
  @ApiProperty({
    enum: ['UNKNOWN_TRACKING_NUMBER', 'ALREADY_REMITTED', 'OTHER_ACCOUNT'],
    description:
      'no shipment of the carrier has the tracking number, another payout carried the shipment already, or the shipment was booked on another account of the carrier than the one that paid',
  })
  reason: string;
  @ApiProperty({ format: 'date-time' }) recorded_at: string;
}

export class UnmatchedPayoutLineListResponseDto {
  @ApiProperty({ type: [UnmatchedPayoutLineDto] }) lines: UnmatchedPayoutLineDto[];
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer' }) limit: number;
  @ApiProperty({ type: 'integer' }) offset: number;
}
