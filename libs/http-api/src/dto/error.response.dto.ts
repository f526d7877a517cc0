import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES } from '@lgw/kernel';

export class ErrorBodyDto {
  @ApiProperty({ enum: ERROR_CODES }) code: string;
  @ApiProperty() message_en: string;
  @ApiProperty() message_ar: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'E_VALIDATION: {field, reason, errors: [{field, reason}]} (every problem, the first also as field/reason); E_ADDRESS_NOT_NORMALISED: {missing: string[]}',
  })
  details?: Record<string, unknown> | null;
}

export class ErrorEnvelopeDto {
  @ApiProperty({ type: ErrorBodyDto }) error: ErrorBodyDto;
}
