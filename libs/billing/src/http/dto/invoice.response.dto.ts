import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BILLING_CAUSES } from '../../domain/billing-line';

export class InvoiceLineItemDto {
  @ApiProperty({ format: 'uuid' }) shipment_id: string;
  @ApiProperty() tracking_number: string;
  @ApiProperty({
    example: 'Shipment SAHM0000001234',
    deprecated: true,
    description: 'the same as description_en, kept for existing clients',
  })
  description: string;
  @ApiProperty({ example: 'Shipment SAHM0000001234' }) description_en: string;
  @ApiProperty({ example: 'شحنة SAHM0000001234' }) description_ar: string;
  @ApiProperty({ description: 'SAR without VAT, two decimals; negative for a credit', example: 22.33 }) amount_sar: number;
  @ApiProperty({ description: 'the VAT on this line (15 %, rounded per line); vat_sar of the invoice is their sum', example: 3.35 })
  vat_sar: number;
  @ApiProperty({ enum: BILLING_CAUSES }) cause: string;
}

export class InvoiceDto {
  @ApiProperty({ description: 'stable per team and billing period', example: 'INV-202611-3f2a9c1b04de' }) id: string;
  @ApiProperty({ format: 'date', description: 'first day of the calendar month, Asia/Riyadh' }) period_start: string;
  @ApiProperty({ format: 'date', description: 'last day of the calendar month, Asia/Riyadh' }) period_end: string;
  @ApiProperty({ type: [InvoiceLineItemDto], description: 'in the order they occurred' }) line_items: readonly InvoiceLineItemDto[];
  @ApiProperty({ description: 'shipment lines and cancellation credits, without VAT' }) subtotal_sar: number;
  @ApiProperty({ description: 'COD fees, weight adjustments and return fees, without VAT' }) surcharges_sar: number;
  @ApiProperty({ description: "15 % VAT: the sum of the lines' VAT" }) vat_sar: number;
  @ApiProperty({ description: 'subtotal_sar + surcharges_sar + vat_sar, exactly' }) total_sar: number;
  @ApiProperty({ format: 'date-time', description: 'when the latest line was recorded (period start when none)' }) updated_at: string;
}

export class InvoiceSummaryDto {
  @ApiProperty({ description: 'an open period: INV-<YYYYMM>-<team>; an issued e-invoice or credit note: its uuid' }) id: string;
  @ApiProperty({ enum: ['invoice', 'credit_note'] }) type: string;
  @ApiProperty({
    enum: ['OPEN', 'PENDING_CLEARANCE', 'CLEARED', 'REPORTED', 'REJECTED'],
    description: 'OPEN: lines not on an e-invoice yet; issued documents: their place with ZATCA',
  })
  status: string;
  @ApiPropertyOptional({ description: 'issued documents: the e-invoice number', example: 'EGS-1A2B3C4D-00000042' }) number?: string;
  @ApiPropertyOptional({ enum: ['standard', 'simplified'], description: 'standard (B2B, cleared) or simplified (reported)' })
  profile?: string;
  @ApiPropertyOptional({ description: 'issued documents: the invoice counter value (ICV)' }) icv?: number;
  @ApiPropertyOptional({ format: 'date-time' }) issued_at?: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'credit notes: the id of the invoice they correct' })
  billing_reference_id?: string | null;
  @ApiProperty({ format: 'date' }) period_start: string;
  @ApiProperty({ format: 'date' }) period_end: string;
  @ApiProperty() line_count: number;
  @ApiProperty() subtotal_sar: number;
  @ApiProperty() surcharges_sar: number;
  @ApiProperty() vat_sar: number;
  @ApiProperty() total_sar: number;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class IssuedInvoiceDto extends InvoiceSummaryDto {
  @ApiProperty({
    type: [InvoiceLineItemDto],
    description: "the lines the signed XML lists, in its order; a credit note's as positive amounts",
  })
  line_items: readonly InvoiceLineItemDto[];
}

export class InvoiceListResponseDto {
  @ApiProperty({ type: [InvoiceSummaryDto], description: 'newest period first; the current period is always there' })
  invoices: InvoiceSummaryDto[];
  @ApiProperty() total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}
