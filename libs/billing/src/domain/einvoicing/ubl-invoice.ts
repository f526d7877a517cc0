import { einvoiceTotals, EinvoiceTotals, sarText, vatHalalas } from './einvoice-amounts';

/**
 * A Saudi e-invoice as UBL 2.1 XML with the ZATCA extensions (XML implementation standard).
 * Written directly in its canonical form (C14N 1.1: no empty-element tags, no whitespace
 * between elements, the four namespaces declared once on the root, attributes in order,
 * text escaped as canonical XML escapes it): the invoice hash is then SHA-256 over the
 * document with UBLExtensions, the QR AdditionalDocumentReference and cac:Signature cut out,
 * which is exactly what the standard's transforms yield. Pure text, no crypto here.
 */

export const UBL_NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

/** PIH of an EGS unit's first document: base64 of the hex SHA-256 of "0" (the standard's value). */
export const FIRST_PREVIOUS_INVOICE_HASH = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

export type EinvoiceKind = 'invoice' | 'credit_note';
/** standard: B2B tax invoice, cleared by ZATCA; simplified: B2C, reported within 24 h. */
export type EinvoiceProfile = 'standard' | 'simplified';

export const INVOICE_TYPE_CODES: Readonly<Record<EinvoiceKind, string>> = { invoice: '388', credit_note: '381' };
/** The sub-type (KSA-2) "NNPNESB": 01 standard / 02 simplified, then no third-party, nominal, export, summary or self-billed flags. */
export const INVOICE_SUBTYPES: Readonly<Record<EinvoiceProfile, string>> = { standard: '0100000', simplified: '0200000' };

export interface EinvoiceAddress {
  readonly street: string;
  readonly building_number: string;
  readonly district: string;
  readonly city: string;
  readonly postal_code: string;
  readonly additional_number?: string;
  readonly country: string;
}

export interface EinvoiceParty {
  readonly legalNameAr: string;
  readonly legalNameEn: string;
  readonly vatNumber?: string;
  /** Commercial registration (seller). */
  readonly crNumber?: string;
  readonly address?: EinvoiceAddress;
}

export interface EinvoiceLineDraft {
  readonly descriptionEn: string;
  readonly descriptionAr: string;
  /** Positive: a credit note lists what it credits as positive amounts. */
  readonly netHalalas: number;
}

export interface EinvoiceDraft {
  readonly kind: EinvoiceKind;
  readonly profile: EinvoiceProfile;
  readonly number: string;
  readonly uuid: string;
  /** Riyadh local date and time of issue. */
  readonly issueDate: string;
  readonly issueTime: string;
  /** The date of supply (KSA-5), e.g. the last day of the billed period. */
  readonly supplyDate: string;
  readonly icv: number;
  readonly previousInvoiceHash: string;
  readonly seller: EinvoiceParty;
  readonly buyer: EinvoiceParty;
  readonly lines: readonly EinvoiceLineDraft[];
  /** Credit note: the number of the invoice it corrects (BR-KSA-56) and the reason (BR-KSA-17). */
  readonly billingReference?: string;
  readonly reason?: string;
}

export interface UnsignedEinvoice {
  readonly draft: EinvoiceDraft;
  readonly totals: EinvoiceTotals;
  /** The exact bytes the invoice hash is computed over (UTF-8). */
  readonly hashInput: string;
  readonly parts: { readonly open: string; readonly beforeQr: string; readonly afterSignature: string; readonly close: string };
}

/**
 * What XML 1.0 cannot hold at all (not even as a character reference): C0 controls other than
 * tab, line feed and carriage return, U+FFFE, U+FFFF and unpaired surrogates. Input refuses
 * them; one stored before that rule becomes U+FFFD here, so every document stays well-formed.
 */
const NOT_XML_CHARACTERS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXmlText(value: string): string {
  return value
    .replace(NOT_XML_CHARACTERS, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#xD;');
}

function el(name: string, content: string, attribute?: [string, string]): string {
  const attr = attribute ? ` ${attribute[0]}="${attribute[1]}"` : '';
  return `<${name}${attr}>${content}</${name}>`;
}
const text = (name: string, value: string, attribute?: [string, string]) => el(name, escapeXmlText(value), attribute);
const amount = (name: string, halalas: number) => el(name, sarText(halalas), ['currencyID', 'SAR']);

/** Riyadh (UTC+03:00 all year) local date and time of an instant. */
export function riyadhDateTime(at: Date): { date: string; time: string } {
  const local = new Date(at.getTime() + 3 * 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

function address(a: EinvoiceAddress): string {
  return el(
    'cac:PostalAddress',
    text('cbc:StreetName', a.street) +
      text('cbc:BuildingNumber', a.building_number) +
      (a.additional_number ? text('cbc:PlotIdentification', a.additional_number) : '') +
      text('cbc:CitySubdivisionName', a.district) +
      text('cbc:CityName', a.city) +
      text('cbc:PostalZone', a.postal_code) +
      el('cac:Country', text('cbc:IdentificationCode', a.country)),
  );
}

function party(p: EinvoiceParty, role: 'seller' | 'buyer'): string {
  const identification =
    role === 'seller' && p.crNumber ? el('cac:PartyIdentification', text('cbc:ID', p.crNumber, ['schemeID', 'CRN'])) : '';
  const tax = p.vatNumber ? el('cac:PartyTaxScheme', text('cbc:CompanyID', p.vatNumber) + el('cac:TaxScheme', text('cbc:ID', 'VAT'))) : '';
  return el(
    'cac:Party',
    identification +
      el('cac:PartyName', text('cbc:Name', p.legalNameEn)) +
      (p.address ? address(p.address) : '') +
      tax +
      el('cac:PartyLegalEntity', text('cbc:RegistrationName', p.legalNameAr)),
  );
}

const VAT_CATEGORY = text('cbc:ID', 'S') + text('cbc:Percent', '15.00') + el('cac:TaxScheme', text('cbc:ID', 'VAT'));

export function buildUnsignedEinvoice(draft: EinvoiceDraft): UnsignedEinvoice {
  if (draft.lines.length === 0) throw new RangeError('an e-invoice needs at least one line');
  for (const line of draft.lines) {
    if (!Number.isSafeInteger(line.netHalalas) || line.netHalalas < 0) throw new RangeError('line amounts are non-negative halalas');
  }
  if (draft.kind === 'credit_note' && (!draft.billingReference || !draft.reason)) {
    throw new RangeError('a credit note names the invoice it corrects and the reason');
  }
  const totals = einvoiceTotals(draft.lines);
  const open =
    `<Invoice xmlns="${UBL_NAMESPACES.invoice}" xmlns:cac="${UBL_NAMESPACES.cac}" ` +
    `xmlns:cbc="${UBL_NAMESPACES.cbc}" xmlns:ext="${UBL_NAMESPACES.ext}">`;
  const beforeQr =
    text('cbc:ProfileID', 'reporting:1.0') +
    text('cbc:ID', draft.number) +
    text('cbc:UUID', draft.uuid) +
    text('cbc:IssueDate', draft.issueDate) +
    text('cbc:IssueTime', draft.issueTime) +
    text('cbc:InvoiceTypeCode', INVOICE_TYPE_CODES[draft.kind], ['name', INVOICE_SUBTYPES[draft.profile]]) +
    text('cbc:DocumentCurrencyCode', 'SAR') +
    text('cbc:TaxCurrencyCode', 'SAR') +
    (draft.billingReference ? el('cac:BillingReference', el('cac:InvoiceDocumentReference', text('cbc:ID', draft.billingReference))) : '') +
    el('cac:AdditionalDocumentReference', text('cbc:ID', 'ICV') + text('cbc:UUID', String(draft.icv))) +
    el(
      'cac:AdditionalDocumentReference',
      text('cbc:ID', 'PIH') +
        el('cac:Attachment', text('cbc:EmbeddedDocumentBinaryObject', draft.previousInvoiceHash, ['mimeCode', 'text/plain'])),
    );
  const lines = draft.lines
    .map((line, index) => {
      const vat = vatHalalas(line.netHalalas);
      return el(
        'cac:InvoiceLine',
        text('cbc:ID', String(index + 1)) +
          text('cbc:InvoicedQuantity', '1.000000', ['unitCode', 'PCE']) +
          amount('cbc:LineExtensionAmount', line.netHalalas) +
          el('cac:TaxTotal', amount('cbc:TaxAmount', vat) + amount('cbc:RoundingAmount', line.netHalalas + vat)) +
          el(
            'cac:Item',
            text('cbc:Name', `${line.descriptionEn} / ${line.descriptionAr}`) + el('cac:ClassifiedTaxCategory', VAT_CATEGORY),
          ) +
          el('cac:Price', amount('cbc:PriceAmount', line.netHalalas)),
      );
    })
    .join('');
  const afterSignature =
    el('cac:AccountingSupplierParty', party(draft.seller, 'seller')) +
    el('cac:AccountingCustomerParty', party(draft.buyer, 'buyer')) +
    el('cac:Delivery', text('cbc:ActualDeliveryDate', draft.supplyDate)) +
    el('cac:PaymentMeans', text('cbc:PaymentMeansCode', '30') + (draft.reason ? text('cbc:InstructionNote', draft.reason) : '')) +
    el('cac:TaxTotal', amount('cbc:TaxAmount', totals.vatHalalas)) +
    el(
      'cac:TaxTotal',
      amount('cbc:TaxAmount', totals.vatHalalas) +
        el(
          'cac:TaxSubtotal',
          amount('cbc:TaxableAmount', totals.netHalalas) + amount('cbc:TaxAmount', totals.vatHalalas) + el('cac:TaxCategory', VAT_CATEGORY),
        ),
    ) +
    el(
      'cac:LegalMonetaryTotal',
      amount('cbc:LineExtensionAmount', totals.netHalalas) +
        amount('cbc:TaxExclusiveAmount', totals.netHalalas) +
        amount('cbc:TaxInclusiveAmount', totals.grossHalalas) +
        amount('cbc:AllowanceTotalAmount', 0) +
        amount('cbc:PrepaidAmount', 0) +
        amount('cbc:PayableAmount', totals.grossHalalas),
    ) +
    lines;
  const close = '</Invoice>';
  return { draft, totals, hashInput: open + beforeQr + afterSignature + close, parts: { open, beforeQr, afterSignature, close } };
}

export interface EinvoiceStamp {
  readonly invoiceHash: string;
  readonly signatureValue: string;
  /** base64 DER of the stamp certificate. */
  readonly certificate: string;
  /** base64 SHA-256 of the certificate's DER. */
  readonly certificateDigest: string;
  readonly issuerName: string;
  /** Decimal serial number. */
  readonly serialNumber: string;
  /** "YYYY-MM-DDTHH:MM:SS" (UTC, no zone suffix, as the standard's samples). */
  readonly signingTime: string;
  readonly signedPropertiesDigest: string;
}

function signedPropertiesInner(s: Pick<EinvoiceStamp, 'signingTime' | 'certificateDigest' | 'issuerName' | 'serialNumber'>): string {
  return el(
    'xades:SignedSignatureProperties',
    text('xades:SigningTime', s.signingTime) +
      el(
        'xades:SigningCertificate',
        el(
          'xades:Cert',
          el(
            'xades:CertDigest',
            el('ds:DigestMethod', '', ['Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256']) +
              text('ds:DigestValue', s.certificateDigest),
          ) + el('xades:IssuerSerial', text('ds:X509IssuerName', s.issuerName) + text('ds:X509SerialNumber', s.serialNumber)),
        ),
      ),
  );
}

/**
 * The canonical form of xades:SignedProperties as C14N 1.1 renders that subtree: every
 * namespace in scope there declared on it, sorted by prefix, then its Id attribute.
 */
export function signedPropertiesHashInput(
  s: Pick<EinvoiceStamp, 'signingTime' | 'certificateDigest' | 'issuerName' | 'serialNumber'>,
): string {
  const ns = UBL_NAMESPACES;
  return (
    `<xades:SignedProperties xmlns="${ns.invoice}" xmlns:cac="${ns.cac}" xmlns:cbc="${ns.cbc}" xmlns:ds="${ns.ds}" ` +
    `xmlns:ext="${ns.ext}" xmlns:sac="${ns.sac}" xmlns:sbc="${ns.sbc}" xmlns:sig="${ns.sig}" xmlns:xades="${ns.xades}" ` +
    `Id="xadesSignedProperties">${signedPropertiesInner(s)}</xades:SignedProperties>`
  );
}

const TRANSFORM_XPATHS = [
  'not(//ancestor-or-self::ext:UBLExtensions)',
  'not(//ancestor-or-self::cac:Signature)',
  "not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])",
];

function extensions(s: EinvoiceStamp): string {
  const ns = UBL_NAMESPACES;
  const transforms =
    TRANSFORM_XPATHS.map((xpath) =>
      el('ds:Transform', text('ds:XPath', xpath), ['Algorithm', 'http://www.w3.org/TR/1999/REC-xpath-19991116']),
    ).join('') + el('ds:Transform', '', ['Algorithm', 'http://www.w3.org/2006/12/xml-c14n11']);
  const signedInfo = el(
    'ds:SignedInfo',
    el('ds:CanonicalizationMethod', '', ['Algorithm', 'http://www.w3.org/2006/12/xml-c14n11']) +
      el('ds:SignatureMethod', '', ['Algorithm', 'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256']) +
      `<ds:Reference Id="invoiceSignedData" URI="">` +
      el('ds:Transforms', transforms) +
      el('ds:DigestMethod', '', ['Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256']) +
      text('ds:DigestValue', s.invoiceHash) +
      `</ds:Reference>` +
      `<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">` +
      el('ds:DigestMethod', '', ['Algorithm', 'http://www.w3.org/2001/04/xmlenc#sha256']) +
      text('ds:DigestValue', s.signedPropertiesDigest) +
      `</ds:Reference>`,
  );
  const signature =
    `<ds:Signature xmlns:ds="${ns.ds}" Id="signature">` +
    signedInfo +
    text('ds:SignatureValue', s.signatureValue) +
    el('ds:KeyInfo', el('ds:X509Data', text('ds:X509Certificate', s.certificate))) +
    el(
      'ds:Object',
      `<xades:QualifyingProperties xmlns:xades="${ns.xades}" Target="signature">` +
        `<xades:SignedProperties Id="xadesSignedProperties">${signedPropertiesInner(s)}</xades:SignedProperties>` +
        `</xades:QualifyingProperties>`,
    ) +
    `</ds:Signature>`;
  return el(
    'ext:UBLExtensions',
    el(
      'ext:UBLExtension',
      text('ext:ExtensionURI', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades') +
        el(
          'ext:ExtensionContent',
          `<sig:UBLDocumentSignatures xmlns:sig="${ns.sig}" xmlns:sac="${ns.sac}" xmlns:sbc="${ns.sbc}">` +
            el(
              'sac:SignatureInformation',
              text('cbc:ID', 'urn:oasis:names:specification:ubl:signature:1') +
                text('sbc:ReferencedSignatureID', 'urn:oasis:names:specification:ubl:signature:Invoice') +
                signature,
            ) +
            `</sig:UBLDocumentSignatures>`,
        ),
    ),
  );
}

/** The signed document: extensions first, then the QR reference and cac:Signature in their places. */
export function assembleSignedEinvoice(unsigned: UnsignedEinvoice, stamp: EinvoiceStamp, qr: string): string {
  const { open, beforeQr, afterSignature, close } = unsigned.parts;
  const qrReference = el(
    'cac:AdditionalDocumentReference',
    text('cbc:ID', 'QR') + el('cac:Attachment', text('cbc:EmbeddedDocumentBinaryObject', qr, ['mimeCode', 'text/plain'])),
  );
  const signature = el(
    'cac:Signature',
    text('cbc:ID', 'urn:oasis:names:specification:ubl:signature:Invoice') +
      text('cbc:SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${open}${extensions(stamp)}${beforeQr}${qrReference}${signature}${afterSignature}${close}`;
}
