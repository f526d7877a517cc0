import type { EinvoiceSeller } from '@lgw/application';

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * The seller on every e-invoice (the operator), from the environment. The embedded defaults
 * are placeholders for development and the sandbox (a VAT number of ZATCA's test form, not a
 * real registration); production sets every EINVOICE_SELLER_* variable.
 */
export function einvoiceSellerFrom(env: Env, fallbackVatNumber?: string): EinvoiceSeller {
  const seller: EinvoiceSeller = {
    legalNameAr: nonEmpty(env.EINVOICE_SELLER_NAME_AR) ?? 'شركة بوابة الخدمات اللوجستية',
    legalNameEn: nonEmpty(env.EINVOICE_SELLER_NAME_EN) ?? nonEmpty(env.INVOICE_SELLER_NAME) ?? 'Logistics Gateway Co.',
    vatNumber: nonEmpty(env.EINVOICE_SELLER_VAT_NUMBER) ?? fallbackVatNumber ?? '399999999900003',
    crNumber: nonEmpty(env.EINVOICE_SELLER_CR_NUMBER) ?? '1010010000',
    address: {
      street: nonEmpty(env.EINVOICE_SELLER_STREET) ?? 'King Fahd Road',
      building_number: nonEmpty(env.EINVOICE_SELLER_BUILDING_NUMBER) ?? '2322',
      additional_number: nonEmpty(env.EINVOICE_SELLER_ADDITIONAL_NUMBER) ?? '8228',
      district: nonEmpty(env.EINVOICE_SELLER_DISTRICT) ?? 'Al Olaya',
      city: nonEmpty(env.EINVOICE_SELLER_CITY) ?? 'Riyadh',
      postal_code: nonEmpty(env.EINVOICE_SELLER_POSTAL_CODE) ?? '12214',
      country: 'SA',
    },
    branch: nonEmpty(env.EINVOICE_SELLER_BRANCH) ?? 'Riyadh Head Office',
    industry: nonEmpty(env.EINVOICE_SELLER_INDUSTRY) ?? 'Logistics',
    environment: (nonEmpty(env.EINVOICE_ENVIRONMENT) as EinvoiceSeller['environment'] | undefined) ?? 'sandbox',
  };
  if (!/^3\d{13}3$/.test(seller.vatNumber)) throw new Error('EINVOICE_SELLER_VAT_NUMBER must be 15 digits starting and ending with 3');
  if (!['sandbox', 'simulation', 'production'].includes(seller.environment)) {
    throw new Error('EINVOICE_ENVIRONMENT must be sandbox, simulation or production');
  }
  return seller;
}
