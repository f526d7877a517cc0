import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ShippingRequestDto } from './shipping-request.dto';

export class CreateShipmentRequestDto extends ShippingRequestDto {
  @ApiProperty({ description: 'quote_id from POST /rates; valid 15 minutes, books one shipment' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MinLength(1, { message: 'must not be empty' })
  @MaxLength(100, { message: 'must be at most 100 characters' })
  quote_id: string;

  @ApiPropertyOptional({ example: 'ORDER-10045', description: "the caller's own order reference" })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(100, { message: 'must be at most 100 characters' })
  reference?: string;
}

export class CancelShipmentRequestDto {
  @ApiPropertyOptional({ maxLength: 500 })
  reason?: string;
}
