import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Independent checks of a signed e-invoice, none of which uses the code under test: the
 * OASIS UBL 2.1 schemas (test/fixtures/ubl-2.1) with xmllint; the invoice hash recomputed by
 * removing the three excluded elements with Python's DOM and canonicalising with
 * `xmllint --c14n11`; the signature verified with node's crypto against the certificate in
 * the document; values read back with `xmllint --xpath`.
 */
export const UBL_INVOICE_XSD = join(__dirname, '..', 'fixtures', 'ubl-2.1', 'maindoc', 'UBL-Invoice-2.1.xsd');

function withFile<T>(content: string, run: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'lgw-einvoice-'));
  try {
    const path = join(dir, 'invoice.xml');
    writeFileSync(path, content);
    return run(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** xmllint --schema: throws with xmllint's messages when the document is not valid UBL 2.1. */
export function validateUbl(xml: string): void {
  withFile(xml, (path) => {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', UBL_INVOICE_XSD, path], { stdio: 'pipe' });
  });
}

const STRIP = `
import sys
from xml.dom import minidom
doc = minidom.parse(sys.argv[1])
EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2'
CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'
CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2'
root = doc.documentElement
drop = []
for node in root.childNodes:
    if node.nodeType != node.ELEMENT_NODE:
        continue
    if node.namespaceURI == EXT and node.localName == 'UBLExtensions':
        drop.append(node)
    elif node.namespaceURI == CAC and node.localName == 'Signature':
        drop.append(node)
    elif node.namespaceURI == CAC and node.localName == 'AdditionalDocumentReference':
        ids = [c for c in node.childNodes if c.nodeType == c.ELEMENT_NODE and c.namespaceURI == CBC and c.localName == 'ID']
        if ids and ids[0].firstChild and ids[0].firstChild.data == 'QR':
            drop.append(node)
for node in drop:
    root.removeChild(node)
sys.stdout.write(doc.toxml())
`;

/** The invoice hash as the standard defines it, computed by other tools than the gateway's. */
export function independentInvoiceHash(xml: string): string {
  return withFile(xml, (path) => {
    const stripped = execFileSync('python3', ['-c', STRIP, path], { maxBuffer: 64 * 1024 * 1024 });
    const strippedPath = `${path}.stripped.xml`;
    writeFileSync(strippedPath, stripped);
    const canonical = execFileSync('xmllint', ['--c14n11', strippedPath], { maxBuffer: 64 * 1024 * 1024 });
    return createHash('sha256').update(canonical).digest('base64');
  });
}

/** `xmllint --xpath` with local-name() tests (no namespace bindings needed). */
export function xpath(xml: string, expression: string): string {
  return withFile(xml, (path) => execFileSync('xmllint', ['--xpath', expression, path], { stdio: 'pipe' }).toString().replace(/\n$/, ''));
}

export const child = (...names: string[]) => names.map((n) => `*[local-name()='${n}']`).join('/');

export interface SignatureFacts {
  readonly invoiceHash: string;
  readonly signatureValue: string;
  readonly certificate: X509Certificate;
}

export function signatureFacts(xml: string): SignatureFacts {
  const sig = `/${child('Invoice', 'UBLExtensions', 'UBLExtension', 'ExtensionContent', 'UBLDocumentSignatures', 'SignatureInformation', 'Signature')}`;
  const invoiceHash = xpath(xml, `string(${sig}/${child('SignedInfo', 'Reference')}[@Id='invoiceSignedData']/${child('DigestValue')})`);
  const signatureValue = xpath(xml, `string(${sig}/${child('SignatureValue')})`);
  const certificate = new X509Certificate(
    Buffer.from(xpath(xml, `string(${sig}/${child('KeyInfo', 'X509Data', 'X509Certificate')})`), 'base64'),
  );
  return { invoiceHash, signatureValue, certificate };
}

/** ECDSA (secp256k1, SHA-256) over the invoice hash, checked with the certificate's public key. */
export function signatureVerifies(facts: SignatureFacts): boolean {
  const key = createPublicKey(facts.certificate.publicKey.export({ format: 'pem', type: 'spki' }));
  return verify('sha256', Buffer.from(facts.invoiceHash, 'base64'), key, Buffer.from(facts.signatureValue, 'base64'));
}

/** TLV fields of a QR text (base64), parsed here rather than by the gateway's decoder. */
export function qrTags(text: string): Map<number, Buffer> {
  const bytes = Buffer.from(text, 'base64');
  const tags = new Map<number, Buffer>();
  let at = 0;
  while (at < bytes.length) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    tags.set(tag, bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  if (at !== bytes.length) throw new Error('QR TLV overruns its bytes');
  return tags;
}

export function invoiceValue(xml: string, ...path: string[]): string {
  return xpath(xml, `string(/${child('Invoice', ...path)})`);
}

/** The QR text embedded in the document. */
export function embeddedQr(xml: string): string {
  return xpath(
    xml,
    `string(/${child('Invoice', 'AdditionalDocumentReference')}[${child('ID')}='QR']/${child('Attachment', 'EmbeddedDocumentBinaryObject')})`,
  );
}

export function additionalReference(xml: string, id: string, ...path: string[]): string {
  return xpath(xml, `string(/${child('Invoice', 'AdditionalDocumentReference')}[${child('ID')}='${id}']/${child(...path)})`);
}

/** xmllint with no schema: throws with its messages when the document is not well-formed XML. */
export function wellFormed(xml: string): void {
  withFile(xml, (path) => {
    execFileSync('xmllint', ['--noout', '--nonet', path], { stdio: 'pipe' });
  });
}

export interface XmlInvoiceLine {
  readonly name: string;
  /** SAR text as the XML has it: net, its VAT, and both (RoundingAmount). */
  readonly net: string;
  readonly vat: string;
  readonly gross: string;
}

/** The document's cac:InvoiceLine items as xmllint reads them. */
export function invoiceLines(xml: string): XmlInvoiceLine[] {
  const count = Number(xpath(xml, `count(/${child('Invoice', 'InvoiceLine')})`));
  const lines: XmlInvoiceLine[] = [];
  for (let i = 1; i <= count; i++) {
    const line = `/${child('Invoice', 'InvoiceLine')}[${i}]`;
    lines.push({
      name: xpath(xml, `string(${line}/${child('Item', 'Name')})`),
      net: xpath(xml, `string(${line}/${child('LineExtensionAmount')})`),
      vat: xpath(xml, `string(${line}/${child('TaxTotal', 'TaxAmount')})`),
      gross: xpath(xml, `string(${line}/${child('TaxTotal', 'RoundingAmount')})`),
    });
  }
  return lines;
}

/**
 * The line rows of an invoice PDF's text (pdftotext): each row ends in three amounts on lines
 * of their own, net, VAT and net + VAT, which no other part of the page prints in a row.
 */
export function printedInvoiceRows(text: string): Array<[string, string, string]> {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const amount = /^-?[\d,]+\.\d{2}$/;
  const halalas = (s: string) => Math.round(Number(s.replace(/,/g, '')) * 100);
  const rows: Array<[string, string, string]> = [];
  for (let i = 0; i + 2 < lines.length; i++) {
    const [a, b, c] = lines.slice(i, i + 3);
    if (amount.test(a) && amount.test(b) && amount.test(c) && halalas(a) + halalas(b) === halalas(c)) {
      rows.push([a, b, c]);
      i += 2;
    }
  }
  return rows;
}
