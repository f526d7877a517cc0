import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BillingAddressRequestDto } from './einvoicing.request.dto';

export class BillingProfileResponseDto {
  @ApiProperty({ format: 'uuid' }) team_id: string;
  @ApiProperty() legal_name_ar: string;
  @ApiProperty() legal_name_en: string;
  @ApiProperty({ type: String, nullable: true }) vat_number: string | null;
  @ApiProperty({ type: BillingAddressRequestDto }) address: BillingAddressRequestDto;
  @ApiProperty({ enum: ['standard', 'simplified'], description: 'the kind of tax invoice the team receives' }) invoice_profile: string;
}

export class ZatcaMessageDto {
  @ApiProperty() type: string;
  @ApiProperty() code: string;
  @ApiProperty() category: string;
  @ApiProperty() message: string;
  @ApiProperty() status: string;
}

export class RejectionDto {
  @ApiProperty() message_en: string;
  @ApiProperty() message_ar: string;
  @ApiProperty({ type: [ZatcaMessageDto], description: "ZATCA's validation errors, as ZATCA wrote them" }) errors: ZatcaMessageDto[];
}

export class IssuedDocumentDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) team_id: string;
  @ApiProperty({ enum: ['invoice', 'credit_note'] }) type: string;
  @ApiProperty({ enum: ['PENDING_CLEARANCE', 'CLEARED', 'REPORTED', 'REJECTED'] }) status: string;
  @ApiProperty() number: string;
  @ApiProperty({ enum: ['standard', 'simplified'] }) profile: string;
  @ApiProperty() icv: number;
  @ApiProperty() total_sar: number;
  @ApiProperty() vat_sar: number;
  @ApiProperty({ type: String, nullable: true }) billing_reference_id: string | null;
  @ApiProperty({ type: [ZatcaMessageDto] }) warnings: ZatcaMessageDto[];
  @ApiPropertyOptional({ type: RejectionDto, description: 'REJECTED only: the reasons, for the operator' }) rejection?: RejectionDto;
}

export class StillBillingDto {
  @ApiProperty({ format: 'uuid' }) shipment_id: string;
  @ApiProperty({ example: 'shipment.created', description: 'the domain event whose ledger lines are not written yet' }) event: string;
  @ApiProperty({ description: 'why billing it failed; its billing job retries it, and a later issue invoices it' }) reason: string;
}

export class IssueInvoicesResponseDto {
  @ApiProperty({ type: [IssuedDocumentDto] }) documents: IssuedDocumentDto[];
  @ApiProperty({
    type: [StillBillingDto],
    description:
      'events booked before the issue that could not be billed yet (their lines are on no document); empty when everything booked was issued',
  })
  still_billing: StillBillingDto[];
}

export class ComplianceCheckDto {
  @ApiProperty({ example: 'standard_invoice' }) type: string;
  @ApiProperty({ example: 'CLEARED' }) status: string;
}

export class OnboardEgsResponseDto {
  @ApiProperty({ format: 'uuid' }) egs_id: string;
  @ApiProperty() common_name: string;
  @ApiProperty() compliance_request_id: string;
  @ApiProperty({ type: [ComplianceCheckDto] }) compliance_checks: ComplianceCheckDto[];
}
