import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { BillingProfile, EINVOICE_STORE, EinvoiceDocument, EinvoiceStorePort } from '../application/einvoicing/einvoicing.ports';
import { IssueEinvoicesUseCase } from '../application/einvoicing/issue-einvoices/issue-einvoices.use-case';
import { OnboardEgsUseCase } from '../application/einvoicing/onboard-egs/onboard-egs.use-case';
import { SetBillingProfileUseCase } from '../application/einvoicing/set-billing-profile/set-billing-profile.use-case';
import { DomainError, Money, AuditSource } from '@lgw/kernel';
import { BillingProfileRequestDto, IssueInvoicesRequestDto, OnboardEgsRequestDto } from './dto/einvoicing.request.dto';
import {
  BillingProfileResponseDto,
  IssuedDocumentDto,
  IssueInvoicesResponseDto,
  OnboardEgsResponseDto,
} from './dto/einvoicing.response.dto';
import { AdminTokenGuard, ApiErrorResponses, RequestAuditSource } from '@lgw/http-api';

/** E-invoicing for operators (DESIGN §6): buyer profiles, "invoice now", EGS onboarding. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminTokenGuard)
@Controller('admin/v1')
export class EinvoicingAdminHttpController {
  constructor(
    private readonly setProfile: SetBillingProfileUseCase,
    private readonly issue: IssueEinvoicesUseCase,
    private readonly onboard: OnboardEgsUseCase,
    @Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort,
  ) {}

  @Put('teams/:teamId/billing-profile')
  @ApiOkResponse({ type: BillingProfileResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 422: 'E_VALIDATION (legal_name_ar, legal_name_en, vat_number, address.*)' })
  async billingProfile(
    @Param('teamId') teamId: string,
    @Body() body: BillingProfileRequestDto,
    @RequestAuditSource() source: AuditSource,
  ): Promise<BillingProfileResponseDto> {
    return profileView(await this.setProfile.execute({ teamId, ...body, source }));
  }

  @Post('invoices/issue')
  @HttpCode(201)
  @ApiCreatedResponse({ type: IssueInvoicesResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND (team_id)', 409: 'E_EINVOICING_NOT_ONBOARDED' })
  async issueNow(@Body() body: IssueInvoicesRequestDto, @RequestAuditSource() source: AuditSource): Promise<IssueInvoicesResponseDto> {
    const { documents, stillBilling } = await this.issue.issue({ teamId: body?.team_id, source });
    return {
      documents: documents.map(documentView),
      still_billing: stillBilling.map((s) => ({ shipment_id: s.shipmentId, event: s.event, reason: s.reason })),
    };
  }

  @Get('invoices/:id')
  @ApiOkResponse({ type: IssuedDocumentDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND' })
  async document(@Param('id') id: string): Promise<IssuedDocumentDto> {
    const document = /^[0-9a-f-]{36}$/.test(id) ? await this.store.find(id) : undefined;
    if (!document) throw new DomainError('E_NOT_FOUND');
    return documentView(document);
  }

  @Post('einvoicing/onboarding')
  @HttpCode(201)
  @ApiCreatedResponse({ type: OnboardEgsResponseDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (otp)', 502: 'E_EINVOICING_ONBOARDING_FAILED (details.step, details.url, details.reasons)' })
  async onboarding(@Body() body: OnboardEgsRequestDto): Promise<OnboardEgsResponseDto> {
    return this.onboard.execute({ otp: body.otp });
  }
}

function profileView(p: BillingProfile): BillingProfileResponseDto {
  return {
    team_id: p.teamId,
    legal_name_ar: p.legalNameAr,
    legal_name_en: p.legalNameEn,
    vat_number: p.vatNumber ?? null,
    address: p.address,
    invoice_profile: p.vatNumber ? 'standard' : 'simplified',
  };
}

export function documentView(d: EinvoiceDocument): IssuedDocumentDto {
  return {
    id: d.id,
    team_id: d.teamId,
    type: d.kind,
    status: d.status,
    number: d.number,
    profile: d.profile,
    icv: d.icv,
    total_sar: Money.ofHalalas(d.grossHalalas).toSar(),
    vat_sar: Money.ofHalalas(d.vatHalalas).toSar(),
    billing_reference_id: d.billingReferenceId ?? null,
    warnings: [...d.validation.warnings],
    ...(d.status === 'REJECTED'
      ? {
          rejection: {
            message_en: `ZATCA rejected ${d.number}: ${d.validation.errors.map((e) => e.message).join('; ')}`,
            message_ar: `رفضت هيئة الزكاة والضريبة والجمارك المستند ${d.number}. الأسباب (${d.validation.errors.map((e) => e.code).join('، ')}) مبينة في قائمة الأخطاء.`,
            errors: [...d.validation.errors],
          },
        }
      : {}),
  };
}
