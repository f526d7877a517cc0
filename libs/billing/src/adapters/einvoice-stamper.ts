import { createHash, createPrivateKey, sign } from 'node:crypto';
import { assembleSignedEinvoice, EinvoiceParty, signedPropertiesHashInput, UnsignedEinvoice } from '../domain/einvoicing/ubl-invoice';
import { phase2QrText } from '../domain/einvoicing/zatca-tlv';
import { sarText } from '../domain/einvoicing/einvoice-amounts';
import { certificateFacts } from './zatca-certificates';

export interface StampCredentials {
  readonly privateKeyPem: string;
  readonly certificateDer: Buffer;
}

export interface StampedEinvoice {
  readonly xml: string;
  /** base64 SHA-256 of the canonical invoice: the next document's PIH. */
  readonly invoiceHash: string;
  readonly signature: string;
  readonly qr: string;
}

export const sha256Base64 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64');
/** The form of ZATCA's samples for the certificate and signed-properties digests: base64 of the hex digest. */
export const sha256HexBase64 = (data: string | Buffer) => Buffer.from(createHash('sha256').update(data).digest('hex')).toString('base64');

/**
 * The cryptographic stamp (security features standard): the invoice hash, its ECDSA
 * signature (SHA-256 with ECDSA over the hash) with the EGS unit's key, the XAdES signed
 * properties naming the stamp certificate, and the QR code with tags 1–9.
 */
export function stampEinvoice(
  unsigned: UnsignedEinvoice,
  credentials: StampCredentials,
  seller: EinvoiceParty,
  signedAt: Date,
): StampedEinvoice {
  const invoiceHash = sha256Base64(Buffer.from(unsigned.hashInput, 'utf8'));
  const key = createPrivateKey(credentials.privateKeyPem);
  const signature = sign('sha256', Buffer.from(invoiceHash, 'base64'), key).toString('base64');
  const cert = certificateFacts(credentials.certificateDer);
  const signed = {
    signingTime: signedAt.toISOString().slice(0, 19),
    certificateDigest: sha256HexBase64(credentials.certificateDer.toString('base64')),
    issuerName: cert.issuerName,
    serialNumber: cert.serialNumber,
  };
  const { draft, totals } = unsigned;
  const qr = phase2QrText({
    sellerName: seller.legalNameAr,
    vatNumber: seller.vatNumber ?? '',
    timestamp: `${draft.issueDate}T${draft.issueTime}`,
    totalWithVat: sarText(totals.grossHalalas),
    vatTotal: sarText(totals.vatHalalas),
    invoiceHash,
    signature,
    publicKey: cert.publicKeySpki,
    certificateSignature: cert.signature,
  });
  const xml = assembleSignedEinvoice(
    unsigned,
    {
      ...signed,
      invoiceHash,
      signatureValue: signature,
      certificate: credentials.certificateDer.toString('base64'),
      signedPropertiesDigest: sha256HexBase64(signedPropertiesHashInput(signed)),
    },
    qr,
  );
  return { xml, invoiceHash, signature, qr };
}
