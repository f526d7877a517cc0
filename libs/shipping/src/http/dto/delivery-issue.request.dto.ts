import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { AddressRequestDto } from '@lgw/addresses';
import { CompiledValidation, JsonObjectBody } from '@lgw/http-api';
import { AddressProps } from '@lgw/kernel';
import { DELIVERY_ISSUE_ACTIONS, DeliveryIssueActionName } from '../../domain/delivery-issue';

/** POST /shipments/{id}/delivery-issue/actions. Only shapes here; the use case judges the values and lists every problem. */
@CompiledValidation()
@JsonObjectBody('must be a JSON object such as {"action": "reattempt", "reattempt_date": "2026-12-01"}')
export class DeliveryIssueActionRequestDto {
  @ApiProperty({ enum: DELIVERY_ISSUE_ACTIONS })
  @IsIn([...DELIVERY_ISSUE_ACTIONS], { message: `must be one of: ${DELIVERY_ISSUE_ACTIONS.join(', ')}` })
  action: DeliveryIssueActionName;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    example: '2026-12-01',
    description:
      'reattempt: an Asia/Riyadh date after today, on a day the carrier delivers (not Friday nor a public holiday), by the deadline',
  })
  @IsOptional()
  @IsString({ message: 'must be a date YYYY-MM-DD' })
  @MaxLength(10, { message: 'must be a date YYYY-MM-DD' })
  reattempt_date?: string;

  @ApiPropertyOptional({
    type: String,
    example: '966501234567',
    description: "update_contact: the recipient's new phone (9665XXXXXXXX in Saudi Arabia; +966…, 00966… and 05… are read the same)",
  })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(32, { message: 'must be at most 32 characters' })
  phone?: string;

  @ApiPropertyOptional({
    type: AddressRequestDto,
    description: 'update_contact: the whole new destination, under the address rules of PATCH /shipments/{id}/destination',
  })
  @IsOptional()
  @IsObject({ message: 'must be an object' })
  destination?: Record<string, unknown>;

  @ApiPropertyOptional({ type: String, maxLength: 500, description: 'for the courier (gate code, best time to call)' })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(500, { message: 'must be at most 500 characters' })
  note?: string;

  /** The Address as sent: its rules are judged with the action's, every problem listed at once. */
  destinationProps(): AddressProps | undefined {
    return this.destination as AddressProps | undefined;
  }
}
