import type { EinvoiceSeller } from '@lgw/billing';

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

/**
 * The one seller (the operator) on every invoice: the open period's simplified tax invoice,
 * and the e-invoices and credit notes, from INVOICE_SELLER_*. The EINVOICE_SELLER_* names an
 * earlier release read for e-invoices only still work as deprecated aliases; set to another
 * value than their INVOICE_SELLER_* name they are refused, so no deployment runs two
 * identities. The defaults are placeholders for development and the sandbox (a VAT number of
 * ZATCA's test form); there is no default CR number: production sets its own.
 */
export function invoiceSellerFrom(env: Env): EinvoiceSeller {
  const seller: EinvoiceSeller = {
    legalNameAr: pick(env, 'INVOICE_SELLER_NAME_AR', 'EINVOICE_SELLER_NAME_AR') ?? 'شركة بوابة الخدمات اللوجستية',
    legalNameEn: pick(env, 'INVOICE_SELLER_NAME', 'EINVOICE_SELLER_NAME_EN') ?? 'Logistics Gateway Co.',
    vatNumber: pick(env, 'INVOICE_SELLER_VAT_NUMBER', 'EINVOICE_SELLER_VAT_NUMBER') ?? '300000000000003',
    crNumber: pick(env, 'INVOICE_SELLER_CR_NUMBER', 'EINVOICE_SELLER_CR_NUMBER'),
    address: {
      street: pick(env, 'INVOICE_SELLER_STREET', 'EINVOICE_SELLER_STREET') ?? 'King Fahd Road',
      building_number: pick(env, 'INVOICE_SELLER_BUILDING_NUMBER', 'EINVOICE_SELLER_BUILDING_NUMBER') ?? '2322',
      additional_number: pick(env, 'INVOICE_SELLER_ADDITIONAL_NUMBER', 'EINVOICE_SELLER_ADDITIONAL_NUMBER') ?? '8228',
      district: pick(env, 'INVOICE_SELLER_DISTRICT', 'EINVOICE_SELLER_DISTRICT') ?? 'Al Olaya',
      city: pick(env, 'INVOICE_SELLER_CITY', 'EINVOICE_SELLER_CITY') ?? 'Riyadh',
      postal_code: pick(env, 'INVOICE_SELLER_POSTAL_CODE', 'EINVOICE_SELLER_POSTAL_CODE') ?? '12214',
      country: 'SA',
    },
    branch: pick(env, 'INVOICE_SELLER_BRANCH', 'EINVOICE_SELLER_BRANCH') ?? 'Riyadh Head Office',
    industry: pick(env, 'INVOICE_SELLER_INDUSTRY', 'EINVOICE_SELLER_INDUSTRY') ?? 'Logistics',
    environment: (nonEmpty(env.EINVOICE_ENVIRONMENT) as EinvoiceSeller['environment'] | undefined) ?? 'sandbox',
  };
  if (!/^3\d{13}3$/.test(seller.vatNumber)) {
    throw new Error(`INVOICE_SELLER_VAT_NUMBER must be 15 digits starting and ending with 3, got "${seller.vatNumber}"`);
  }
  // The phase 1 QR code's length fields are one byte of UTF-8.
  for (const [name, value] of [
    ['INVOICE_SELLER_NAME', seller.legalNameEn],
    ['INVOICE_SELLER_NAME_AR', seller.legalNameAr],
  ]) {
    if (Buffer.byteLength(value, 'utf8') > 255) throw new Error(`${name} must be at most 255 bytes of UTF-8`);
  }
  if (seller.crNumber !== undefined && !/^\d{10}$/.test(seller.crNumber)) {
    throw new Error(`INVOICE_SELLER_CR_NUMBER must be the 10-digit commercial registration number, got "${seller.crNumber}"`);
  }
  if (!['sandbox', 'simulation', 'production'].includes(seller.environment)) {
    throw new Error('EINVOICE_ENVIRONMENT must be sandbox, simulation or production');
  }
  // ZATCA requires the seller's identification (BR-KSA-08) outside the developer sandbox.
  if (seller.environment !== 'sandbox' && seller.crNumber === undefined) {
    throw new Error(`INVOICE_SELLER_CR_NUMBER is required when EINVOICE_ENVIRONMENT is ${seller.environment}`);
  }
  return seller;
}

/** A setting under its name, or under its deprecated alias when only that one is set. */
function pick(env: Env, name: string, deprecatedAlias: string): string | undefined {
  const value = nonEmpty(env[name]);
  const alias = nonEmpty(env[deprecatedAlias]);
  if (value !== undefined && alias !== undefined && value !== alias) {
    throw new Error(`${deprecatedAlias} (deprecated) and ${name} differ: set ${name} only`);
  }
  return value ?? alias;
}
