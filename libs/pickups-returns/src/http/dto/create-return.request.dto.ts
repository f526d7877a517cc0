import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { CreateReturnCommand } from '../../application/create-return/create-return.use-case';
import { CompiledValidation, JsonObjectBody, NoArrayItems } from '@lgw/http-api';
import { ParcelRequestDto, MAX_PARCELS } from '@lgw/rating';

@CompiledValidation()
@JsonObjectBody('must be a JSON object such as {"reason": "..."}')
export class CreateReturnRequestDto {
  @ApiPropertyOptional({ example: 'wrong size', maxLength: 90, description: "the customer's reason, kept as the return's reference" })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(90, { message: 'must be at most 90 characters' })
  reason?: string;

  @ApiPropertyOptional({ type: [ParcelRequestDto], minItems: 1, maxItems: MAX_PARCELS, description: "the original's parcels when absent" })
  @IsOptional()
  @IsArray({ message: 'must be an array of parcels' })
  @NoArrayItems('must be an array of parcel objects')
  @ArrayMinSize(1, { message: 'must contain at least 1 parcel' })
  @ArrayMaxSize(MAX_PARCELS, { message: `must contain at most ${MAX_PARCELS} parcels` })
  @ValidateNested({ each: true })
  @Type(() => ParcelRequestDto)
  parcels?: ParcelRequestDto[];

  toCommand(teamId: string, shipmentId: string): CreateReturnCommand {
    return { teamId, shipmentId, reason: this.reason?.trim() || undefined, parcels: this.parcels };
  }
}
