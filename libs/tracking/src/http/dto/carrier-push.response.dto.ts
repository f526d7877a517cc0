import { ApiProperty } from '@nestjs/swagger';

export class CarrierPushResponseDto {
  @ApiProperty({ example: true }) received: boolean;
  @ApiProperty({ description: 'tracking events stored from this push (0 when all were known already)' }) events: number;
}
