import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CancelShipmentCommand, MAX_CANCEL_REASON_LENGTH } from '../../application/cancel-shipment/cancel-shipment.command';
import { CreateShipmentCommand } from '../../application/create-shipment/create-shipment.command';
import { LABEL_FORMATS, LabelFormat, Money, toAddress } from '@lgw/kernel';
import { CompiledValidation, JsonObjectBody, Satisfies } from '@lgw/http-api';
import { ShippingRequestDto } from '@lgw/rating';

/** Judged by the compiled validator (docs/adr/0092): booking is the other route a merchant waits on. */
@CompiledValidation()
export class CreateShipmentRequestDto extends ShippingRequestDto {
  @ApiProperty({ description: 'quote_id from POST /rates; valid 15 minutes, books one shipment' })
  @IsDefined({ message: 'is required' })
  @IsString({ message: 'must be a string' })
  @MinLength(1, { message: 'must not be empty' })
  // A signed quote id is about 170 characters (ADR 0031).
  @MaxLength(256, { message: 'must be at most 256 characters' })
  quote_id: string;

  @ApiPropertyOptional({ example: 'ORDER-10045', description: "the caller's own order reference" })
  @IsOptional()
  @IsString({ message: 'must be a string' })
  @MaxLength(100, { message: 'must be at most 100 characters' })
  reference?: string;

  @ApiPropertyOptional({
    type: String,
    enum: [...LABEL_FORMATS],
    // No `default` keyword: generated clients (openapi-typescript) would make the field required.
    description: 'the label format GET /labels/{id} serves without ?format (pdf_a6 when absent)',
  })
  @IsOptional()
  @IsIn([...LABEL_FORMATS], { message: `must be one of ${LABEL_FORMATS.join(', ')}` })
  label_format?: LabelFormat;

  /** The body once it passed the gate: addresses in their stored form. */
  toCommand(teamId: string): CreateShipmentCommand {
    return {
      teamId,
      quoteId: this.quote_id,
      origin: toAddress(this.origin),
      destination: toAddress(this.destination),
      parcels: this.parcels,
      declaredValueHalalas: this.declared_value === undefined ? undefined : Money.fromSar(this.declared_value).halalas,
      incoterm: this.incoterm,
      hsCodes: this.hs_codes,
      codAmountHalalas: this.cod_amount === undefined ? undefined : Money.fromSar(this.cod_amount).halalas,
      reference: this.reference,
      labelFormat: this.label_format,
    };
  }
}

const CANCEL_REASON = `must be a string of at most ${MAX_CANCEL_REASON_LENGTH} characters`;

@CompiledValidation()
@JsonObjectBody('must be a JSON object such as {"reason": "..."}')
export class CancelShipmentRequestDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_CANCEL_REASON_LENGTH, example: 'customer changed the order' })
  @IsOptional()
  @Satisfies('isCancelReason', (value) => typeof value === 'string' && value.length <= MAX_CANCEL_REASON_LENGTH, CANCEL_REASON)
  reason?: string | null;

  toCommand(teamId: string, shipmentId: string): CancelShipmentCommand {
    return { teamId, shipmentId, reason: this.reason?.trim() || null };
  }
}
