import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { buildUnsignedEinvoice, EinvoiceDraft, FIRST_PREVIOUS_INVOICE_HASH } from '../domain/einvoicing/ubl-invoice';
import { decodeTlv } from '../domain/einvoicing/zatca-tlv';
import {
  additionalReference,
  embeddedQr,
  independentInvoiceHash,
  invoiceValue,
  qrTags,
  signatureFacts,
  signatureVerifies,
  validateUbl,
  xpath,
  child,
} from '../../../../test/support/einvoice-checks';
import { egsIdentity } from '../../../../test/support/einvoice-fixtures';
import { buildCsr, certificateFacts, generateEgsKeyPair, issueCertificate, OID, parseCsr } from './zatca-certificates';
import { stampEinvoice } from './einvoice-stamper';

const seller = {
  legalNameAr: 'شركة بوابة الشحن & شركاه',
  legalNameEn: 'Logistics Gateway <Test> Co.',
  vatNumber: '399999999900003',
  crNumber: '1010010000',
  address: {
    street: 'King Fahd Rd',
    building_number: '1234',
    district: 'Al Olaya',
    city: 'Riyadh',
    postal_code: '12211',
    additional_number: '5678',
    country: 'SA',
  },
};

function ca() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const issuer = [
    [OID.country, 'SA'],
    [OID.organization, 'Test CA'],
    [OID.commonName, 'Test Issuing CA'],
  ] as const;
  const pem = privateKey.export({ format: 'pem', type: 'sec1' }).toString();
  return { pem, publicKey, issuer };
}

function draft(overrides: Partial<EinvoiceDraft> = {}): EinvoiceDraft {
  return {
    kind: 'invoice',
    profile: 'standard',
    number: 'INV-1',
    uuid: randomUUID(),
    issueDate: '2026-11-30',
    issueTime: '23:59:59',
    supplyDate: '2026-11-30',
    icv: 1,
    previousInvoiceHash: FIRST_PREVIOUS_INVOICE_HASH,
    seller,
    buyer: { legalNameAr: 'تاجر', legalNameEn: 'Merchant', vatNumber: '300000000000003', address: seller.address },
    lines: [
      { descriptionEn: 'Shipment SAHM1', descriptionAr: 'شحنة', netHalalas: 2_345 },
      { descriptionEn: 'COD fee', descriptionAr: 'رسوم', netHalalas: 3 },
    ],
    ...overrides,
  };
}

describe('e-invoice stamp', () => {
  const authority = ca();
  const egs = generateEgsKeyPair();
  const csr = buildCsr(egsIdentity('EGS-1', seller.vatNumber, seller.legalNameEn), egs.privateKeyPem, 'sandbox');
  const parsed = parseCsr(csr);
  const certificateDer = issueCertificate({
    serialNumber: 1234567890123n,
    issuer: authority.issuer,
    issuerPrivateKeyPem: authority.pem,
    subject: parsed.subject,
    subjectPublicKeySpki: parsed.publicKeySpki,
    notBefore: new Date('2026-01-01T00:00:00Z'),
    notAfter: new Date('2031-01-01T00:00:00Z'),
    alternativeName: parsed.alternativeName,
  });

  it('builds a CSR with the EGS identity, its template and a valid signature', () => {
    expect(parsed.signatureValid).toBe(true);
    expect(parsed.templateName).toBe('TSTZATCA-Code-Signing');
    expect(parsed.subject).toEqual([
      [OID.country, 'SA'],
      [OID.organizationalUnit, 'Riyadh'],
      [OID.organization, seller.legalNameEn],
      [OID.commonName, 'EGS-1'],
    ]);
    expect(Object.fromEntries(parsed.alternativeName)).toMatchObject({ [OID.userId]: seller.vatNumber, [OID.title]: '1100' });
    expect(parsed.publicKeySpki.equals(egs.publicKeySpki)).toBe(true);
  });

  it('issues a certificate that openssl-backed X509 verifies against the CA key', () => {
    const facts = certificateFacts(certificateDer);
    expect(facts.x509.verify(authority.publicKey)).toBe(true);
    expect(facts.serialNumber).toBe('1234567890123');
    expect(facts.issuerName).toBe('CN=Test Issuing CA, O=Test CA, C=SA');
  });

  it('stamps a document that is valid UBL 2.1, whose hash an independent canonicalisation reproduces, and whose signature verifies', () => {
    const unsigned = buildUnsignedEinvoice(draft());
    const stamped = stampEinvoice(unsigned, { privateKeyPem: egs.privateKeyPem, certificateDer }, seller, new Date('2026-11-30T21:00:00Z'));
    validateUbl(stamped.xml);
    expect(independentInvoiceHash(stamped.xml)).toBe(stamped.invoiceHash);
    const facts = signatureFacts(stamped.xml);
    expect(facts.invoiceHash).toBe(stamped.invoiceHash);
    expect(signatureVerifies(facts)).toBe(true);
    expect(invoiceValue(stamped.xml, 'InvoiceTypeCode')).toBe('388');
    expect(additionalReference(stamped.xml, 'PIH', 'Attachment', 'EmbeddedDocumentBinaryObject')).toBe(FIRST_PREVIOUS_INVOICE_HASH);
    // 23.45 + 0.03 = 23.48; VAT at category level 3.522 -> 3.52; lines 3.52 (3.5175) and 0.00 (0.0045).
    expect(invoiceValue(stamped.xml, 'LegalMonetaryTotal', 'TaxInclusiveAmount')).toBe('27.00');
    const tags = qrTags(embeddedQr(stamped.xml));
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags.get(1)!.toString('utf8')).toBe(seller.legalNameAr);
    expect(tags.get(4)!.toString()).toBe('27.00');
    expect(tags.get(5)!.toString()).toBe('3.52');
    expect(tags.get(6)!.toString()).toBe(stamped.invoiceHash);
    expect(tags.get(7)!.toString()).toBe(stamped.signature);
    expect(tags.get(8)!.equals(egs.publicKeySpki)).toBe(true);
    expect(tags.get(9)!.equals(certificateFacts(certificateDer).signature)).toBe(true);
    expect(decodeTlv(Buffer.from(stamped.qr, 'base64')).size).toBe(9);
  });

  it('builds credit notes (381) that reference the invoice they correct', () => {
    const unsigned = buildUnsignedEinvoice(
      draft({
        kind: 'credit_note',
        profile: 'simplified',
        billingReference: 'INV-1',
        reason: 'Shipment cancelled',
        buyer: { legalNameAr: 'تاجر', legalNameEn: 'Merchant' },
      }),
    );
    const stamped = stampEinvoice(unsigned, { privateKeyPem: egs.privateKeyPem, certificateDer }, seller, new Date());
    validateUbl(stamped.xml);
    expect(independentInvoiceHash(stamped.xml)).toBe(stamped.invoiceHash);
    expect(invoiceValue(stamped.xml, 'InvoiceTypeCode')).toBe('381');
    expect(xpath(stamped.xml, `string(/${child('Invoice', 'InvoiceTypeCode')}/@name)`)).toBe('0200000');
    expect(invoiceValue(stamped.xml, 'BillingReference', 'InvoiceDocumentReference', 'ID')).toBe('INV-1');
  });
});
