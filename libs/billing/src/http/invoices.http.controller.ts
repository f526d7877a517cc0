import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GetEinvoiceXmlUseCase } from '../application/einvoicing/get-einvoice-xml/get-einvoice-xml.use-case';
import { GetInvoiceUseCase } from '../application/get-invoice/get-invoice.use-case';
import { GetIssuedInvoiceUseCase } from '../application/get-issued-invoice/get-issued-invoice.use-case';
import { ListInvoicesUseCase } from '../application/list-invoices/list-invoices.use-case';
import { Principal } from '@lgw/kernel';
import { RenderInvoicePdfUseCase } from '../application/render-invoice-pdf/render-invoice-pdf.use-case';
import { InvoiceDto, InvoiceListResponseDto, IssuedInvoiceDto } from './dto/invoice.response.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

@ApiTags('invoices')
@ApiBearerAuth()
@Controller('api/v1/invoices')
export class InvoicesHttpController {
  constructor(
    private readonly getInvoice: GetInvoiceUseCase,
    private readonly listInvoices: ListInvoicesUseCase,
    private readonly renderInvoicePdf: RenderInvoicePdfUseCase,
    private readonly getEinvoiceXml: GetEinvoiceXmlUseCase,
    private readonly getIssuedInvoice: GetIssuedInvoiceUseCase,
  ) {}

  @Get('current')
  @ApiOperation({ summary: 'The current billing period (calendar month, Asia/Riyadh)' })
  @ApiOkResponse({ type: InvoiceDto })
  @ApiErrorResponses({ 503: 'E_SERVICE_UNAVAILABLE (Retry-After)' })
  async current(@CurrentPrincipal() principal: Principal): Promise<InvoiceDto> {
    return this.getInvoice.execute({ teamId: principal.teamId });
  }

  @Get()
  @ApiOperation({
    summary: "The team's invoices and credit notes, newest first",
    description: 'Open periods (status OPEN, what is not on an e-invoice yet) first, then the issued e-invoices and credit notes.',
  })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: InvoiceListResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (limit, offset)', 503: 'E_SERVICE_UNAVAILABLE (Retry-After)' })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<InvoiceListResponseDto> {
    return this.listInvoices.execute({ teamId: principal.teamId, limit, offset });
  }

  @Get(':id.xml')
  @ApiOperation({
    summary: 'An issued e-invoice or credit note: UBL 2.1 XML with the cryptographic stamp, as cleared or reported',
    description: 'id is the uuid of an issued document (GET /invoices).',
  })
  @ApiProduces('application/xml')
  @ApiOkResponse({ description: 'UBL 2.1 Invoice, signed (XAdES)', schema: { type: 'string' } })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id, another team's, or rejected by ZATCA)",
    409: 'E_INVOICE_NOT_CLEARED (a standard tax invoice awaiting clearance)',
  })
  async xml(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const document = await this.getEinvoiceXml.execute({ teamId: principal.teamId, id });
    await reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `inline; filename="${document.number}.xml"`)
      .header('cache-control', 'private, no-cache')
      .send(document.xml);
  }

  @Get(':id.pdf')
  @ApiOperation({
    summary: 'The invoice as a bilingual A4 simplified tax invoice with its e-invoicing QR code',
    description: 'id is an invoice id, or `current` for the current period.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'A4 PDF', schema: { type: 'string', format: 'binary' } })
  @ApiErrorResponses({
    404: "E_NOT_FOUND (unknown id, another team's, or a future period)",
    503: 'E_LABEL_UNAVAILABLE (no renderer; Retry-After)',
  })
  async pdf(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    // current.pdf prints the current period, as GET /invoices/current shows it.
    const pdf = await this.renderInvoicePdf.execute({ teamId: principal.teamId, invoiceId: id === 'current' ? undefined : id });
    await reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${id}.pdf"`)
      .header('cache-control', 'private, no-cache')
      .send(pdf);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'An invoice: an open period (INV-<YYYYMM>-<team>) or an issued e-invoice or credit note (its uuid)',
    description: 'An issued document answers its summary as GET /invoices lists it, with the lines its signed XML lists.',
  })
  @ApiExtraModels(InvoiceDto, IssuedInvoiceDto)
  @ApiOkResponse({ schema: { anyOf: [{ $ref: getSchemaPath(InvoiceDto) }, { $ref: getSchemaPath(IssuedInvoiceDto) }] } })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (unknown id, another team's, a future period, or rejected by ZATCA)" })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<InvoiceDto | IssuedInvoiceDto> {
    // Open periods have INV- ids; issued documents are named by their uuid.
    if (UUID.test(id)) return (await this.getIssuedInvoice.execute({ teamId: principal.teamId, id })).view;
    return this.getInvoice.execute({ teamId: principal.teamId, invoiceId: id });
  }
}
