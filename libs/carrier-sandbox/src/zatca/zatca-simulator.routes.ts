import { createHash, createPublicKey, generateKeyPairSync, randomBytes, verify, X509Certificate } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  decodeTlv,
  FIRST_PREVIOUS_INVOICE_HASH,
  certificateFacts,
  issueCertificate,
  NameAttributes,
  nameValue,
  OID,
  parseCsr,
} from '@lgw/billing';

/**
 * A ZATCA Fatoora simulator (developer portal API, Accept-Version V2) with a CA of its own:
 * compliance CSID for an OTP, compliance invoice checks, production CSID, clearance and
 * reporting of single documents. Each document is checked: its hash recomputed (documents in
 * canonical serialisation, as the gateway writes them: the three excluded elements cut
 * out), the ECDSA signature verified with the certificate in it, the certificate verified
 * against this CA and matched to the caller's CSID, the QR tags 6–9 matched, the invoice
 * type matched to the route, and the ICV/PIH chain followed per CSID (a fork is an error, a
 * gap a warning). Faults: down (503), reject (400 with a validation error), warn (202).
 */
export type ZatcaFault = 'none' | 'down' | 'reject' | 'warn';

interface Csid {
  readonly token: string;
  readonly secret: string;
  readonly kind: 'compliance' | 'production';
  readonly requestId: string;
  readonly certificateDer: Buffer;
  /** What the certificate was issued for: the production CSID repeats it. */
  readonly subject: NameAttributes;
  readonly alternativeName?: NameAttributes;
  readonly passed: Set<string>;
  lastIcv: number;
  lastHash: string;
  /** ICV → hash of every document seen, accepted or not. */
  readonly seen: Map<number, string>;
  /** hash → the answer given, so a resubmission gets the same one. */
  readonly answers: Map<string, { status: number; body: unknown }>;
}

interface Message {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

const error = (code: string, category: string, message: string): Message => ({ type: 'ERROR', code, category, message, status: 'ERROR' });
const warning = (code: string, category: string, message: string): Message => ({
  type: 'WARNING',
  code,
  category,
  message,
  status: 'WARNING',
});
const INFO: Message = {
  type: 'INFO',
  code: 'XSD_ZATCA_VALID',
  category: 'XSD validation',
  message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
  status: 'PASS',
};

export class ZatcaSimulatorState {
  fault: ZatcaFault = 'none';
  readonly caKeyPem: string;
  readonly caCertificateDer: Buffer;
  readonly caIssuer = [
    [OID.country, 'SA'],
    [OID.organization, 'Logistics Gateway Sandbox'],
    [OID.commonName, 'Sandbox Fatoora Issuing CA'],
  ] as const;
  readonly csids = new Map<string, Csid>();
  readonly requests = new Map<string, Csid>();
  private serial = BigInt(`0x${randomBytes(8).toString('hex')}`);

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
    this.caKeyPem = privateKey.export({ format: 'pem', type: 'sec1' }).toString();
    const now = Date.now();
    this.caCertificateDer = issueCertificate({
      serialNumber: this.nextSerial(),
      issuer: this.caIssuer,
      issuerPrivateKeyPem: this.caKeyPem,
      subject: this.caIssuer,
      subjectPublicKeySpki: publicKey.export({ format: 'der', type: 'spki' }),
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 10 * 365 * 86_400_000),
      ca: true,
    });
  }

  nextSerial(): bigint {
    this.serial += 1n;
    return this.serial;
  }

  issue(
    kind: Csid['kind'],
    subject: Parameters<typeof issueCertificate>[0]['subject'],
    spki: Buffer,
    alternativeName: Parameters<typeof issueCertificate>[0]['alternativeName'],
  ): Csid {
    const now = Date.now();
    const certificateDer = issueCertificate({
      serialNumber: this.nextSerial(),
      issuer: this.caIssuer,
      issuerPrivateKeyPem: this.caKeyPem,
      subject,
      subjectPublicKeySpki: spki,
      notBefore: new Date(now - 3_600_000),
      notAfter: new Date(now + (kind === 'compliance' ? 30 : 5 * 365) * 86_400_000),
      alternativeName,
    });
    const csid: Csid = {
      token: Buffer.from(certificateDer.toString('base64')).toString('base64'),
      secret: randomBytes(24).toString('base64'),
      kind,
      requestId: String(1_000_000_000_000 + Number(this.nextSerial() % 1_000_000_000n)),
      certificateDer,
      subject,
      alternativeName,
      passed: new Set(),
      lastIcv: 0,
      lastHash: FIRST_PREVIOUS_INVOICE_HASH,
      seen: new Map(),
      answers: new Map(),
    };
    this.csids.set(csid.token, csid);
    this.requests.set(csid.requestId, csid);
    return csid;
  }
}

function element(xml: string, path: string): string | undefined {
  return new RegExp(`${path}`).exec(xml)?.[1];
}

/** The document as the standard hashes it: declaration dropped, three elements cut out. */
export function simulatorInvoiceHash(xml: string): string {
  const canonical = xml
    .replace(/^<\?xml[^>]*\?>\s*/, '')
    .replace(/<ext:UBLExtensions>[\s\S]*?<\/ext:UBLExtensions>/, '')
    .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>/, '')
    .replace(/<cac:AdditionalDocumentReference><cbc:ID>QR<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>/, '');
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}

interface Submission {
  invoiceHash?: string;
  uuid?: string;
  invoice?: string;
}

function check(state: ZatcaSimulatorState, csid: Csid, body: Submission, expect: 'standard' | 'simplified' | 'any') {
  const errors: Message[] = [];
  const warnings: Message[] = [];
  if (typeof body.invoice !== 'string' || typeof body.invoiceHash !== 'string' || typeof body.uuid !== 'string') {
    return { errors: [error('invalid-request', 'REQUEST', 'invoiceHash, uuid and invoice are required')], warnings, type: '', icv: 0 };
  }
  const xml = Buffer.from(body.invoice, 'base64').toString('utf8');
  if (!xml.includes('<Invoice '))
    return { errors: [error('XSD_SCHEMA_ERROR', 'XSD validation', 'Not a UBL 2.1 Invoice document')], warnings, type: '', icv: 0 };
  const hash = simulatorInvoiceHash(xml);
  if (hash !== body.invoiceHash)
    errors.push(
      error('invalid-invoice-hash', 'INVOICE_HASHING_ERRORS', 'The invoice hash API body does not match the (calculated) Hash of the XML'),
    );
  const digest = element(xml, '<ds:Reference Id="invoiceSignedData" URI="">[\\s\\S]*?<ds:DigestValue>([^<]+)</ds:DigestValue>');
  if (digest !== hash)
    errors.push(error('signed-info-digest', 'SIGNATURE_ERRORS', 'The invoice digest in SignedInfo does not match the document'));
  if (element(xml, '<cbc:UUID>([^<]+)</cbc:UUID>') !== body.uuid)
    errors.push(error('invalid-uuid', 'REQUEST', 'The uuid does not match the document'));
  const signature = element(xml, '<ds:SignatureValue>([^<]+)</ds:SignatureValue>') ?? '';
  const certificateText = element(xml, '<ds:X509Certificate>([^<]+)</ds:X509Certificate>') ?? '';
  const certificateDer = Buffer.from(certificateText, 'base64');
  let certificate: X509Certificate | undefined;
  try {
    certificate = new X509Certificate(certificateDer);
  } catch {
    errors.push(error('certificate-invalid', 'CERTIFICATE_ERRORS', 'The stamp certificate cannot be read'));
  }
  if (certificate) {
    const caKey = new X509Certificate(state.caCertificateDer).publicKey;
    if (!certificate.verify(caKey))
      errors.push(error('certificate-chain-invalid', 'CERTIFICATE_ERRORS', 'The stamp certificate was not issued by ZATCA'));
    if (!certificateDer.equals(csid.certificateDer))
      errors.push(error('certificate-mismatch', 'CERTIFICATE_ERRORS', "The stamp certificate is not the caller's CSID"));
    const key = createPublicKey(certificate.publicKey.export({ format: 'pem', type: 'spki' }));
    if (!verify('sha256', Buffer.from(body.invoiceHash, 'base64'), key, Buffer.from(signature, 'base64'))) {
      errors.push(error('signature-invalid', 'SIGNATURE_ERRORS', 'The cryptographic stamp does not verify'));
    }
  }
  const qr = element(xml, '<cbc:ID>QR</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">([^<]+)<');
  try {
    const tags = decodeTlv(Buffer.from(qr ?? '', 'base64'));
    const facts = certificate ? certificateFacts(certificateDer) : undefined;
    const ok =
      [1, 2, 3, 4, 5, 6, 7, 8, 9].every((t) => tags.has(t)) &&
      Buffer.from(tags.get(6)!).toString() === hash &&
      Buffer.from(tags.get(7)!).toString() === signature &&
      (!facts || (Buffer.from(tags.get(8)!).equals(facts.publicKeySpki) && Buffer.from(tags.get(9)!).equals(facts.signature)));
    if (!ok) errors.push(error('QRCODE_INVALID', 'QRCODE_ERRORS', 'The QR code does not match the document'));
  } catch {
    errors.push(error('QRCODE_INVALID', 'QRCODE_ERRORS', 'The QR code is not TLV'));
  }
  const typeCode = element(xml, '<cbc:InvoiceTypeCode name="(\\d{7})">') ?? '';
  const kind = element(xml, '<cbc:InvoiceTypeCode name="\\d{7}">(\\d{3})<') ?? '';
  const profile = typeCode.startsWith('01') ? 'standard' : typeCode.startsWith('02') ? 'simplified' : 'unknown';
  if (profile === 'unknown' || !['388', '381', '383'].includes(kind))
    errors.push(error('invalid-invoice-type', 'KSA', 'Unknown invoice type or sub-type'));
  if (expect !== 'any' && profile !== expect) {
    errors.push(
      error(
        'invoice-type-route',
        'KSA',
        expect === 'standard' ? 'Only standard invoices are cleared' : 'Only simplified invoices are reported',
      ),
    );
  }
  if (kind === '381' && !/<cac:BillingReference>/.test(xml))
    errors.push(error('BR-KSA-56', 'KSA', 'A credit note must reference the invoice it corrects'));
  const icv = Number(element(xml, '<cbc:ID>ICV</cbc:ID><cbc:UUID>(\\d+)</cbc:UUID>') ?? NaN);
  const pih = element(xml, '<cbc:ID>PIH</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">([^<]+)<');
  if (!Number.isInteger(icv) || icv < 1)
    errors.push(error('BR-KSA-33', 'KSA', 'The invoice counter value (ICV) is missing or not a positive integer'));
  else if (csid.seen.has(icv) && csid.seen.get(icv) !== hash)
    errors.push(error('icv-forked', 'KSA', `Another document with ICV ${icv} was already received`));
  else if (icv === csid.lastIcv + 1 && pih !== csid.lastHash)
    errors.push(error('BR-KSA-61', 'KSA', 'The previous invoice hash (PIH) does not match the previous document'));
  else if (icv !== csid.lastIcv + 1 && !csid.seen.has(icv))
    warnings.push(warning('icv-gap', 'KSA', `ICV ${icv} does not follow ${csid.lastIcv}`));
  if (state.fault === 'reject') errors.push(error('BR-KSA-EN16931-SIM', 'KSA', 'Rejected by the simulator (fault: reject)'));
  if (state.fault === 'warn') warnings.push(warning('BR-KSA-SIM-WARN', 'KSA', 'Accepted with a warning by the simulator (fault: warn)'));
  return { errors, warnings, type: `${profile}_${kind === '381' ? 'credit_note' : 'invoice'}`, icv, hash, xml };
}

function authenticate(state: ZatcaSimulatorState, request: FastifyRequest, kind: Csid['kind']): Csid | undefined {
  const header = request.headers.authorization ?? '';
  const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
  const at = decoded.indexOf(':');
  const csid = at > 0 ? state.csids.get(decoded.slice(0, at)) : undefined;
  return csid && csid.secret === decoded.slice(at + 1) && csid.kind === kind ? csid : undefined;
}

function results(errors: Message[], warnings: Message[]) {
  return {
    infoMessages: errors.length ? [] : [INFO],
    warningMessages: warnings,
    errorMessages: errors,
    status: errors.length ? 'ERROR' : warnings.length ? 'WARNING' : 'PASS',
  };
}

export async function zatcaSimulatorRoutes(app: FastifyInstance, options: { state?: ZatcaSimulatorState }): Promise<void> {
  const state = options.state ?? new ZatcaSimulatorState();
  const portal = '/e-invoicing/developer-portal';

  // Control: faults, and the CA certificate for anyone checking a chain.
  app.put<{ Body: { mode?: string } }>('/fault', async (request, reply) => {
    const mode = request.body?.mode;
    if (!['none', 'down', 'reject', 'warn'].includes(String(mode)))
      return reply.code(422).send({ error: 'mode must be none, down, reject or warn' });
    state.fault = mode as ZatcaFault;
    return { mode };
  });
  app.get('/ca', async () => ({ certificate: state.caCertificateDer.toString('base64') }));

  const down = (reply: FastifyReply) => reply.code(503).send({ message: 'Service Unavailable (simulated outage)' });

  app.post<{ Body: { csr?: string } }>(`${portal}/compliance`, async (request, reply) => {
    if (state.fault === 'down') return down(reply);
    const otp = String(request.headers.otp ?? '');
    if (!/^\d{6}$/.test(otp) || otp === '000000') {
      return reply.code(400).send({ errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid or expired' }] });
    }
    let csr: ReturnType<typeof parseCsr>;
    try {
      csr = parseCsr(String(request.body?.csr ?? ''));
    } catch {
      return reply.code(400).send({ errors: [{ code: 'Invalid-CSR', message: 'The CSR is not a PKCS#10 request' }] });
    }
    const problems: string[] = [];
    if (!csr.signatureValid) problems.push('the CSR signature does not verify');
    if (!csr.templateName?.endsWith('ZATCA-Code-Signing')) problems.push('the certificate template name is missing');
    if (!/^3\d{13}3$/.test(nameValue(csr.alternativeName, OID.userId) ?? ''))
      problems.push('UID (VAT number) must be 15 digits starting and ending with 3');
    if (!/^[01]{4}$/.test(nameValue(csr.alternativeName, OID.title) ?? ''))
      problems.push('title (invoice type) must be four binary digits');
    if (!/^1-.+\|2-.+\|3-.+$/.test(nameValue(csr.alternativeName, OID.surname) ?? ''))
      problems.push('SN must be 1-<solution>|2-<model>|3-<serial>');
    if (nameValue(csr.subject, OID.country) !== 'SA' || !nameValue(csr.subject, OID.commonName))
      problems.push('the subject needs C=SA and a CN');
    if (problems.length) return reply.code(400).send({ errors: problems.map((message) => ({ code: 'Invalid-CSR', message })) });
    const csid = state.issue('compliance', csr.subject, csr.publicKeySpki, csr.alternativeName);
    return {
      requestID: Number(csid.requestId),
      dispositionMessage: 'ISSUED',
      binarySecurityToken: csid.token,
      secret: csid.secret,
      errors: null,
    };
  });

  app.post<{ Body: Submission }>(`${portal}/compliance/invoices`, async (request, reply) => {
    if (state.fault === 'down') return down(reply);
    const csid = authenticate(state, request, 'compliance');
    if (!csid) return reply.code(401).send({ message: 'Unauthorized' });
    const result = check(state, csid, request.body ?? {}, 'any');
    const ok = result.errors.length === 0;
    if (ok) {
      csid.passed.add(result.type);
      csid.seen.set(result.icv, result.hash!);
      csid.lastIcv = Math.max(csid.lastIcv, result.icv);
      if (result.icv === csid.lastIcv) csid.lastHash = result.hash!;
    }
    const standard = result.type.startsWith('standard');
    return reply.code(ok ? 200 : 400).send({
      validationResults: results(result.errors, result.warnings),
      reportingStatus: standard ? null : ok ? 'REPORTED' : 'NOT_REPORTED',
      clearanceStatus: standard ? (ok ? 'CLEARED' : 'NOT_CLEARED') : null,
      qrSellertStatus: null,
      qrBuyertStatus: null,
    });
  });

  app.post<{ Body: { compliance_request_id?: string | number } }>(`${portal}/production/csids`, async (request, reply) => {
    if (state.fault === 'down') return down(reply);
    const compliance = authenticate(state, request, 'compliance');
    if (!compliance) return reply.code(401).send({ message: 'Unauthorized' });
    if (String(request.body?.compliance_request_id) !== compliance.requestId) {
      return reply
        .code(400)
        .send({ errors: [{ code: 'Invalid-Request-ID', message: 'compliance_request_id does not belong to this CSID' }] });
    }
    const needed = ['standard_invoice', 'standard_credit_note', 'simplified_invoice', 'simplified_credit_note'];
    const missing = needed.filter((t) => !compliance.passed.has(t));
    if (missing.length) {
      return reply
        .code(400)
        .send({ errors: missing.map((t) => ({ code: 'Missing-Compliance-Steps', message: `compliance check not passed: ${t}` })) });
    }
    const facts = certificateFacts(compliance.certificateDer);
    const production = state.issue('production', compliance.subject, facts.publicKeySpki, compliance.alternativeName);
    return {
      requestID: Number(production.requestId),
      tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
      dispositionMessage: 'ISSUED',
      binarySecurityToken: production.token,
      secret: production.secret,
      errors: null,
    };
  });

  const submit = (route: 'clearance' | 'reporting') => async (request: FastifyRequest<{ Body: Submission }>, reply: FastifyReply) => {
    if (state.fault === 'down') return down(reply);
    const csid = authenticate(state, request, 'production');
    if (!csid) return reply.code(401).send({ message: 'Unauthorized' });
    const body = request.body ?? {};
    const previous = body.invoiceHash ? csid.answers.get(body.invoiceHash) : undefined;
    if (previous && state.fault === 'none') return reply.code(previous.status).send(previous.body);
    const result = check(state, csid, body, route === 'clearance' ? 'standard' : 'simplified');
    const ok = result.errors.length === 0;
    if (result.hash && Number.isInteger(result.icv) && result.icv > 0 && !csid.seen.has(result.icv)) {
      csid.seen.set(result.icv, result.hash);
      if (result.icv > csid.lastIcv) {
        csid.lastIcv = result.icv;
        csid.lastHash = result.hash;
      }
    }
    const status = ok ? (result.warnings.length ? 202 : 200) : 400;
    const answer =
      route === 'clearance'
        ? {
            validationResults: results(result.errors, result.warnings),
            clearanceStatus: ok ? 'CLEARED' : 'NOT_CLEARED',
            clearedInvoice: ok ? Buffer.from(result.xml!).toString('base64') : null,
          }
        : { validationResults: results(result.errors, result.warnings), reportingStatus: ok ? 'REPORTED' : 'NOT_REPORTED' };
    if (body.invoiceHash) csid.answers.set(body.invoiceHash, { status, body: answer });
    return reply.code(status).send(answer);
  };
  app.post(`${portal}/invoices/clearance/single`, submit('clearance'));
  app.post(`${portal}/invoices/reporting/single`, submit('reporting'));
}
