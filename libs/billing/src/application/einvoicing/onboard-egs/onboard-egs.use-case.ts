import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, CLOCK, ClockPort, WEBHOOK_SECRET_CIPHER, WebhookSecretCipherPort } from '@lgw/kernel';
import { FIRST_PREVIOUS_INVOICE_HASH } from '../../../domain/einvoicing/ubl-invoice';
import { composeDocuments } from '../einvoice-composition';
import {
  EINVOICE_CRYPTO,
  EINVOICE_SELLER,
  EINVOICE_STORE,
  EinvoiceCryptoPort,
  EinvoiceSeller,
  EinvoiceStorePort,
  FATOORA,
  FatooraPort,
  UninvoicedLine,
} from '../einvoicing.ports';

export interface OnboardEgsResult {
  readonly egs_id: string;
  readonly common_name: string;
  readonly compliance_request_id: string;
  readonly compliance_checks: Array<{ type: string; status: string }>;
}

/** The binarySecurityToken is base64 of the certificate's base64 (DER). */
export function certificateOfToken(token: string): Buffer {
  return Buffer.from(Buffer.from(token, 'base64').toString('ascii'), 'base64');
}

const SAMPLE_LINE: UninvoicedLine = {
  id: 'sample',
  shipmentId: 'sample',
  trackingNumber: 'SAMPLE',
  cause: 'shipment',
  amountHalalas: 10_000,
  descriptionEn: 'Compliance sample shipment',
  descriptionAr: 'شحنة تجريبية للامتثال',
  periodStart: '2000-01-01',
};

/**
 * EGS onboarding (Fatoora): a fresh secp256k1 key pair and a CSR with the seller's identity,
 * a compliance CSID for the OTP, the compliance checks (a standard and a simplified invoice
 * and credit note, chained, signed with the compliance certificate), then the production CSID.
 * The key and the secrets are stored encrypted and never logged.
 */
@Injectable()
export class OnboardEgsUseCase {
  private readonly logger = new Logger('Einvoicing');

  constructor(
    @Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort,
    @Inject(EINVOICE_CRYPTO) private readonly crypto: EinvoiceCryptoPort,
    @Inject(EINVOICE_SELLER) private readonly seller: EinvoiceSeller,
    @Inject(FATOORA) private readonly fatoora: FatooraPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: { readonly otp: string }): Promise<OnboardEgsResult> {
    if (typeof command.otp !== 'string' || !/^\d{6}$/.test(command.otp)) {
      throw new DomainError('E_VALIDATION', { field: 'otp', reason: 'must be 6 digits', reason_ar: 'يجب أن يتكون من 6 أرقام' });
    }
    const id = randomUUID();
    const commonName = `EGS-${id.slice(0, 8).toUpperCase()}`;
    const { privateKeyPem } = this.crypto.generateKeyPair();
    const csr = this.crypto.buildCsr(
      {
        commonName,
        serialNumber: `1-LGW|2-GATEWAY|3-${id}`,
        vatNumber: this.seller.vatNumber,
        organizationUnit: this.seller.branch,
        organization: this.seller.legalNameEn,
        invoiceType: '1100',
        location: `${this.seller.address.building_number} ${this.seller.address.street}, ${this.seller.address.city}`,
        industry: this.seller.industry,
      },
      privateKeyPem,
      this.seller.environment,
    );
    const compliance = await this.step('compliance CSID', () => this.fatoora.complianceCsid(csr, command.otp));
    const certificateDer = certificateOfToken(compliance.token);
    const checks: Array<{ type: string; status: string }> = [];
    let head = { lastIcv: 0, lastInvoiceHash: FIRST_PREVIOUS_INVOICE_HASH };
    for (const profile of ['standard', 'simplified'] as const) {
      const buyer =
        profile === 'standard'
          ? { legalNameAr: 'عميل تجريبي', legalNameEn: 'Sample buyer', vatNumber: '300000000000003', address: this.seller.address }
          : { legalNameAr: 'عميل تجريبي', legalNameEn: 'Sample buyer' };
      const context = {
        seller: this.seller,
        buyer,
        profile,
        egsCommonName: commonName,
        now: this.clock.now(),
        stamp: (unsigned: Parameters<EinvoiceCryptoPort['stamp']>[0]) =>
          this.crypto.stamp(unsigned, { privateKeyPem, certificateDer }, this.seller, this.clock.now()),
      };
      const [invoice] = composeDocuments([SAMPLE_LINE], head, context);
      head = { lastIcv: invoice.icv, lastInvoiceHash: invoice.invoiceHash };
      const credit = {
        ...SAMPLE_LINE,
        id: 'sample-credit',
        cause: 'cancellation_credit',
        amountHalalas: -10_000,
        creditedDocument: { id: invoice.id, number: invoice.number },
      };
      const [creditNote] = composeDocuments([credit], head, context);
      head = { lastIcv: creditNote.icv, lastInvoiceHash: creditNote.invoiceHash };
      for (const document of [invoice, creditNote]) {
        const outcome = await this.step('compliance check', () =>
          this.fatoora.complianceCheck(compliance, {
            invoiceHash: document.invoiceHash,
            uuid: document.uuid,
            invoice: Buffer.from(document.xml).toString('base64'),
          }),
        );
        const type = `${profile}_${document.kind}`;
        if (outcome.kind !== 'accepted') {
          const reasons = outcome.kind === 'rejected' ? outcome.errors.map((e) => `${e.code}: ${e.message}`) : [outcome.reason];
          throw new DomainError('E_EINVOICING_ONBOARDING_FAILED', {
            step: `compliance check ${type}`,
            url: this.fatoora.endpoint,
            reasons,
          });
        }
        checks.push({ type, status: outcome.status });
      }
    }
    const production = await this.step('production CSID', () => this.fatoora.productionCsid(compliance, compliance.requestId));
    await this.store.saveEgs({
      id,
      commonName,
      privateKeyEncrypted: this.cipher.encrypt(privateKeyPem),
      certificate: certificateOfToken(production.token).toString('base64'),
      productionToken: production.token,
      productionSecretEncrypted: this.cipher.encrypt(production.secret),
      complianceRequestId: compliance.requestId,
    });
    this.logger.log({ event: 'einvoice.egs_onboarded', egs_id: id, common_name: commonName });
    return { egs_id: id, common_name: commonName, compliance_request_id: compliance.requestId, compliance_checks: checks };
  }

  private async step<T>(step: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The URL tried (the port's, without secrets), so a wrong ZATCA_BASE_URL shows at once.
      const url = (error as { url?: unknown }).url;
      throw new DomainError('E_EINVOICING_ONBOARDING_FAILED', {
        step,
        url: typeof url === 'string' ? url : this.fatoora.endpoint,
        reasons: [error instanceof Error ? error.message : String(error)],
      });
    }
  }
}
