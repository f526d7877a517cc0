import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ValidationError, AuditSource, SYSTEM_AUDIT_SOURCE } from '@lgw/kernel';
import { EinvoiceAddress } from '../../../domain/einvoicing/ubl-invoice';
import { isSaudiVatNumber } from '../../../domain/einvoicing/einvoice-amounts';
import { BillingProfile, EINVOICE_STORE, EinvoiceStorePort } from '../einvoicing.ports';

export interface SetBillingProfileCommand {
  readonly teamId: string;
  readonly legal_name_ar: string;
  readonly legal_name_en: string;
  readonly vat_number?: string | null;
  readonly address: EinvoiceAddress;
  readonly source?: AuditSource;
}

const ADDRESS_RULES: ReadonlyArray<[keyof EinvoiceAddress, RegExp, string, string]> = [
  ['street', /^.{1,200}$/u, 'must be 1 to 200 characters', 'يجب أن يكون من 1 إلى 200 حرف'],
  ['building_number', /^\d{4}$/, 'must be 4 digits', 'يجب أن يتكون من 4 أرقام'],
  ['district', /^.{1,200}$/u, 'must be 1 to 200 characters', 'يجب أن يكون من 1 إلى 200 حرف'],
  ['city', /^.{1,200}$/u, 'must be 1 to 200 characters', 'يجب أن يكون من 1 إلى 200 حرف'],
  ['postal_code', /^\d{5}$/, 'must be 5 digits', 'يجب أن يتكون من 5 أرقام'],
  ['country', /^SA$/, 'must be SA (a Saudi National Address)', 'يجب أن يكون SA (عنوان وطني سعودي)'],
];

/**
 * A team's buyer profile (DESIGN §6). With a VAT number (15 digits, first and last 3) the
 * team is VAT-registered and gets standard tax invoices, cleared by ZATCA; without, simplified.
 */
@Injectable()
export class SetBillingProfileUseCase {
  constructor(@Inject(EINVOICE_STORE) private readonly store: EinvoiceStorePort) {}

  async execute(command: SetBillingProfileCommand): Promise<BillingProfile> {
    if ((await this.store.teamName(command.teamId)) === undefined) throw new DomainError('E_NOT_FOUND');
    for (const field of ['legal_name_ar', 'legal_name_en'] as const) {
      const value = command[field];
      if (typeof value !== 'string' || value.trim().length === 0 || value.length > 300) {
        throw new ValidationError(field, 'must be 1 to 300 characters', 'يجب أن يكون من 1 إلى 300 حرف');
      }
    }
    if (field(command, 'legal_name_ar') && !/[\u0600-\u06FF]/.test(command.legal_name_ar)) {
      throw new ValidationError('legal_name_ar', 'must be written in Arabic', 'يجب أن يكون مكتوباً بالعربية');
    }
    const vat = command.vat_number ?? undefined;
    if (vat !== undefined && (typeof vat !== 'string' || !isSaudiVatNumber(vat))) {
      throw new ValidationError(
        'vat_number',
        'must be 15 digits starting and ending with 3',
        'يجب أن يتكون من 15 رقماً يبدأ وينتهي بالرقم 3',
      );
    }
    const address = command.address;
    if (typeof address !== 'object' || address === null) throw new ValidationError('address', 'must be an object', 'يجب أن يكون كائناً');
    for (const [name, rule, reason, reasonAr] of ADDRESS_RULES) {
      const value = address[name];
      if (typeof value !== 'string' || !rule.test(value)) throw new ValidationError(`address.${name}`, reason, reasonAr);
    }
    if (
      address.additional_number !== undefined &&
      (typeof address.additional_number !== 'string' || !/^\d{4}$/.test(address.additional_number))
    ) {
      throw new ValidationError('address.additional_number', 'must be 4 digits', 'يجب أن يتكون من 4 أرقام');
    }
    const profile: BillingProfile = {
      teamId: command.teamId,
      legalNameAr: command.legal_name_ar.trim(),
      legalNameEn: command.legal_name_en.trim(),
      vatNumber: vat,
      address: {
        street: address.street,
        building_number: address.building_number,
        district: address.district,
        city: address.city,
        postal_code: address.postal_code,
        ...(address.additional_number ? { additional_number: address.additional_number } : {}),
        country: address.country,
      },
    };
    await this.store.saveProfile(profile, {
      teamId: command.teamId,
      action: 'billing_profile.updated',
      target: { type: 'billing_profile', id: command.teamId },
      changes: {
        legal_name_ar: profile.legalNameAr,
        legal_name_en: profile.legalNameEn,
        vat_number: profile.vatNumber ?? null,
        city: profile.address.city,
      },
      source: command.source ?? SYSTEM_AUDIT_SOURCE,
    });
    return profile;
  }
}

function field(command: SetBillingProfileCommand, name: 'legal_name_ar'): boolean {
  return typeof command[name] === 'string';
}
