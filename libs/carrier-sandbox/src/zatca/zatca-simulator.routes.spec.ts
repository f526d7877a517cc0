import { randomUUID } from 'node:crypto';
import Fastify, { FastifyInstance } from 'fastify';
import {
  buildUnsignedEinvoice,
  EinvoiceDraft,
  FIRST_PREVIOUS_INVOICE_HASH,
  buildCsr,
  generateEgsKeyPair,
  stampEinvoice,
} from '@lgw/billing';
import { egsIdentity, SAUDI_ADDRESS } from '../../../../test/support/einvoice-fixtures';
import { ZatcaSimulatorState, zatcaSimulatorRoutes } from './zatca-simulator.routes';

const PORTAL = '/e-invoicing/developer-portal';
const address = SAUDI_ADDRESS;
const seller = { legalNameAr: 'شركة البائع', legalNameEn: 'Seller Co.', vatNumber: '399999999900003', crNumber: '1010010000', address };

describe('Fatoora simulator', () => {
  let app: FastifyInstance;
  const state = new ZatcaSimulatorState();
  const egs = generateEgsKeyPair();
  let compliance: { token: string; secret: string; requestId: number };

  const auth = (c: { token: string; secret: string }) => ({
    authorization: `Basic ${Buffer.from(`${c.token}:${c.secret}`).toString('base64')}`,
  });
  const certificateOf = (token: string) => Buffer.from(Buffer.from(token, 'base64').toString('ascii'), 'base64');

  function document(icv: number, pih: string, overrides: Partial<EinvoiceDraft> = {}) {
    const unsigned = buildUnsignedEinvoice({
      kind: 'invoice',
      profile: 'simplified',
      number: `T-${icv}`,
      uuid: randomUUID(),
      issueDate: '2026-11-25',
      issueTime: '10:00:00',
      supplyDate: '2026-11-25',
      icv,
      previousInvoiceHash: pih,
      seller,
      buyer: { legalNameAr: 'مشتري', legalNameEn: 'Buyer' },
      lines: [{ descriptionEn: 'Shipment', descriptionAr: 'شحنة', netHalalas: 1000 }],
      ...overrides,
    });
    const stamped = stampEinvoice(
      unsigned,
      { privateKeyPem: egs.privateKeyPem, certificateDer: certificateOf(compliance.token) },
      seller,
      new Date(),
    );
    return { ...stamped, uuid: unsigned.draft.uuid };
  }

  const submit = (doc: { xml: string; invoiceHash: string; uuid: string }, xml = doc.xml) =>
    app.inject({
      method: 'POST',
      url: `${PORTAL}/compliance/invoices`,
      headers: auth(compliance),
      payload: { invoiceHash: doc.invoiceHash, uuid: doc.uuid, invoice: Buffer.from(xml).toString('base64') },
    });

  beforeAll(async () => {
    app = Fastify();
    await app.register(zatcaSimulatorRoutes, { state });
    await app.ready();
    const csr = buildCsr(egsIdentity('EGS-T', seller.vatNumber, seller.legalNameEn), egs.privateKeyPem, 'sandbox');
    const res = await app.inject({ method: 'POST', url: `${PORTAL}/compliance`, headers: { otp: '123345' }, payload: { csr } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    compliance = { token: body.binarySecurityToken, secret: body.secret, requestId: body.requestID };
  });
  afterAll(() => app.close());

  it('accepts a correctly stamped, chained document', async () => {
    const res = await submit(document(1, FIRST_PREVIOUS_INVOICE_HASH));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reportingStatus: 'REPORTED', validationResults: { status: 'PASS', errorMessages: [] } });
  });

  it('recomputes the hash: a document changed after stamping is refused', async () => {
    const doc = document(2, FIRST_PREVIOUS_INVOICE_HASH);
    const tampered = doc.xml.replace('<cbc:PayableAmount currencyID="SAR">11.50<', '<cbc:PayableAmount currencyID="SAR">1.50<');
    expect(tampered).not.toBe(doc.xml);
    const res = await submit(doc, tampered);
    expect(res.statusCode).toBe(400);
    expect(res.json().validationResults.errorMessages.map((m: { code: string }) => m.code)).toContain('invalid-invoice-hash');
  });

  it("verifies the signature and that the certificate is the caller's, issued by its CA", async () => {
    const other = generateEgsKeyPair();
    const unsigned = buildUnsignedEinvoice({
      kind: 'invoice',
      profile: 'simplified',
      number: 'T-X',
      uuid: randomUUID(),
      issueDate: '2026-11-25',
      issueTime: '10:00:00',
      supplyDate: '2026-11-25',
      icv: 2,
      previousInvoiceHash: FIRST_PREVIOUS_INVOICE_HASH,
      seller,
      buyer: { legalNameAr: 'مشتري', legalNameEn: 'Buyer' },
      lines: [{ descriptionEn: 'Shipment', descriptionAr: 'شحنة', netHalalas: 1000 }],
    });
    // Signed with another key under the same certificate: the signature does not verify.
    const forged = stampEinvoice(
      unsigned,
      { privateKeyPem: other.privateKeyPem, certificateDer: certificateOf(compliance.token) },
      seller,
      new Date(),
    );
    const res = await submit({ ...forged, uuid: unsigned.draft.uuid });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationResults.errorMessages.map((m: { code: string }) => m.code)).toContain('signature-invalid');
  });

  it('follows the chain: a wrong PIH for the next counter is refused, a second document with a seen counter is a fork', async () => {
    const wrongPih = await submit(document(2, FIRST_PREVIOUS_INVOICE_HASH));
    expect(wrongPih.json().validationResults.errorMessages.map((m: { code: string }) => m.code)).toContain('BR-KSA-61');
    const fork = await submit(
      document(1, FIRST_PREVIOUS_INVOICE_HASH, { lines: [{ descriptionEn: 'Other', descriptionAr: 'أخرى', netHalalas: 5 }] }),
    );
    expect(fork.json().validationResults.errorMessages.map((m: { code: string }) => m.code)).toContain('icv-forked');
  });

  it('answers 401 to an unknown CSID and 503 when down', async () => {
    const doc = document(9, FIRST_PREVIOUS_INVOICE_HASH);
    const res = await app.inject({
      method: 'POST',
      url: `${PORTAL}/invoices/reporting/single`,
      headers: auth({ token: 'x', secret: 'y' }),
      payload: doc,
    });
    expect(res.statusCode).toBe(401);
    state.fault = 'down';
    try {
      expect((await submit(doc)).statusCode).toBe(503);
    } finally {
      state.fault = 'none';
    }
  });

  it('refuses the production CSID until the four compliance checks passed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${PORTAL}/production/csids`,
      headers: auth(compliance),
      payload: { compliance_request_id: String(compliance.requestId) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain('compliance check not passed: standard_invoice');
  });
});
