import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GetInvoiceUseCase, ListInvoicesUseCase, Principal, RenderInvoicePdfUseCase } from '@lgw/application';
import { InvoiceDto, InvoiceListResponseDto } from '../dto/invoice.response.dto';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';

@ApiTags('invoices')
@ApiBearerAuth()
@Controller('api/v1/invoices')
export class InvoicesHttpController {
  constructor(
    private readonly getInvoice: GetInvoiceUseCase,
    private readonly listInvoices: ListInvoicesUseCase,
    private readonly renderInvoicePdf: RenderInvoicePdfUseCase,
  ) {}

  @Get('current')
  @ApiOperation({ summary: 'The current billing period (calendar month, Asia/Riyadh)' })
  @ApiOkResponse({ type: InvoiceDto })
  @ApiErrorResponses({ 503: 'E_SERVICE_UNAVAILABLE (Retry-After)' })
  async current(@CurrentPrincipal() principal: Principal): Promise<InvoiceDto> {
    return this.getInvoice.execute({ teamId: principal.teamId });
  }

  @Get()
  @ApiOperation({ summary: "The team's billing periods, newest first" })
  @ApiOkResponse({ type: InvoiceListResponseDto })
  @ApiErrorResponses({ 503: 'E_SERVICE_UNAVAILABLE (Retry-After)' })
  async list(@CurrentPrincipal() principal: Principal): Promise<InvoiceListResponseDto> {
    return this.listInvoices.execute({ teamId: principal.teamId });
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
  @ApiOkResponse({ type: InvoiceDto })
  @ApiErrorResponses({ 404: "E_NOT_FOUND (unknown id, another team's, or a future period)" })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<InvoiceDto> {
    return this.getInvoice.execute({ teamId: principal.teamId, invoiceId: id });
  }
}
