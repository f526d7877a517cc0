import { randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfText, savePdf, scanBarcodes } from '../support/pdf-tools';
import { IssueEinvoicesUseCase } from '@lgw/billing';
import { book } from '../support/booking';
import { CARRIER_CODES, lacks } from '../support/carriers';
import {
  additionalReference,
  child,
  embeddedQr,
  independentInvoiceHash,
  invoiceValue,
  qrTags,
  signatureFacts,
  invoiceLines,
  printedInvoiceRows,
  signatureVerifies,
  validateUbl,
  wellFormed,
  xpath,
} from '../support/einvoice-checks';
import { afterRetryAfter, eventually } from '../support/eventually';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { SERVICES_MODE } from '../support/test-mode';

const FIRST_PIH = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';
const ADDRESS = {
  street: 'Prince Sultan St',
  building_number: '1234',
  district: 'Al Rawdah',
  city: 'Jeddah',
  postal_code: '23433',
  additional_number: '5678',
  country: 'SA',
};
/** One seller for every invoice; the CR number through its deprecated e-invoicing name, which still works. */
const SELLER_ENV = {
  INVOICE_SELLER_NAME: 'Sample Freight Co.',
  INVOICE_SELLER_NAME_AR: 'شركة العينة للشحن',
  INVOICE_SELLER_VAT_NUMBER: '310175397400003',
  EINVOICE_SELLER_CR_NUMBER: '1010123456',
};
const halalas = (sar: number) => Math.round(sar * 100);

describe('e-invoicing (ZATCA phase 2) against the Fatoora simulator', () => {
  let t: TestApp;
  let b2b: TestTeam;
  let b2c: TestTeam;
  let caCertificate: X509Certificate;

  beforeAll(async () => {
    t = await bootTestApp({ worker: true, env: { EINVOICE_RETRY_EVERY_MS: '300', ...SELLER_ENV } });
    b2b = await t.createTeam('Merchant B2B');
    b2c = await t.createTeam('Merchant B2C');
    for (const team of [b2b, b2c]) await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    caCertificate = new X509Certificate(Buffer.from((await t.sandbox('GET', '/sandbox/zatca/ca')).body.certificate, 'base64'));
  });
  afterAll(() => t.close());

  /** Runs `body` with the simulator in a fault mode, and always puts it back. */
  async function withFault<T>(mode: string, body: () => Promise<T>): Promise<T> {
    expect((await t.sandbox('PUT', '/sandbox/zatca/fault', { mode })).status).toBe(200);
    try {
      return await body();
    } finally {
      await t.sandbox('PUT', '/sandbox/zatca/fault', { mode: 'none' });
    }
  }

  /** Waits until the ledger holds `count` lines of the team not yet invoiced. */
  async function openLines(team: TestTeam, count: number): Promise<any[]> {
    return eventually(`${count} open ledger lines`, async () => {
      const res = await t.api('/invoices/current', { key: team.apiKey });
      return res.body.line_items.length >= count ? res.body.line_items : undefined;
    });
  }

  async function issue(teamId?: string) {
    const res = await t.admin('POST', '/invoices/issue', teamId ? { team_id: teamId } : {});
    expect(res.status).toBe(201);
    return res.body.documents as any[];
  }

  async function xmlOf(team: TestTeam, id: string): Promise<string> {
    const res = await t.api(`/invoices/${id}.xml`, { key: team.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    return res.text;
  }

  /** Everything the standard asks of a signed document, checked by tools other than the gateway's. */
  function expectSignedDocument(xml: string) {
    validateUbl(xml);
    const facts = signatureFacts(xml);
    expect(independentInvoiceHash(xml)).toBe(facts.invoiceHash);
    expect(signatureVerifies(facts)).toBe(true);
    expect(facts.certificate.verify(caCertificate.publicKey)).toBe(true);
    const tags = qrTags(embeddedQr(xml));
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tags.get(4)!.toString()).toBe(invoiceValue(xml, 'LegalMonetaryTotal', 'TaxInclusiveAmount'));
    expect(tags.get(5)!.toString()).toBe(xpath(xml, `string(/${child('Invoice', 'TaxTotal')}[1]/${child('TaxAmount')})`));
    expect(tags.get(6)!.toString()).toBe(facts.invoiceHash);
    expect(tags.get(7)!.toString()).toBe(facts.signatureValue);
    expect(tags.get(8)!.equals(facts.certificate.publicKey.export({ format: 'der', type: 'spki' }))).toBe(true);
    return facts;
  }

  it('refuses to issue before the EGS unit is onboarded, and refuses a wrong OTP', async () => {
    const before = await t.admin('POST', '/invoices/issue', {});
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('E_EINVOICING_NOT_ONBOARDED');
    const wrongOtp = await t.admin('POST', '/einvoicing/onboarding', { otp: '000000' });
    expect(wrongOtp.status).toBe(502);
    expect(wrongOtp.body.error).toMatchObject({ code: 'E_EINVOICING_ONBOARDING_FAILED', details: { step: 'compliance CSID' } });
    expect((await t.admin('POST', '/einvoicing/onboarding', { otp: '12' })).body.error.details.field).toBe('otp');
  });

  it('onboards: CSR, compliance CSID for the OTP, the four compliance checks, production CSID; key and secret stored encrypted', async () => {
    const res = await t.admin('POST', '/einvoicing/onboarding', { otp: '123345' });
    expect(res.status).toBe(201);
    expect(res.body.compliance_checks).toEqual([
      { type: 'standard_invoice', status: 'CLEARED' },
      { type: 'standard_credit_note', status: 'CLEARED' },
      { type: 'simplified_invoice', status: 'REPORTED' },
      { type: 'simplified_credit_note', status: 'REPORTED' },
    ]);
    const [unit] = await t.runtime.database.dataSource.query(
      'SELECT private_key_encrypted, production_secret_encrypted, certificate FROM einvoice_egs_units WHERE id = $1',
      [res.body.egs_id],
    );
    expect(unit.private_key_encrypted).toMatch(/^v1:/);
    expect(unit.private_key_encrypted).not.toContain('PRIVATE KEY');
    expect(unit.production_secret_encrypted).toMatch(/^v1:/);
    const certificate = new X509Certificate(Buffer.from(unit.certificate, 'base64'));
    expect(certificate.verify(caCertificate.publicKey)).toBe(true);
    expect(certificate.subject).toContain(`CN=${res.body.common_name}`);
  });

  it('validates buyer profiles: VAT number 15 digits starting and ending with 3, National Address fields, unknown team 404', async () => {
    const bad = await t.admin('PUT', `/teams/${b2b.teamId}/billing-profile`, {
      legal_name_ar: 'شركة التاجر',
      legal_name_en: 'Merchant Co.',
      vat_number: '300000000000004',
      address: ADDRESS,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'vat_number', reason_ar: expect.any(String) } });
    const badAddress = await t.admin('PUT', `/teams/${b2b.teamId}/billing-profile`, {
      legal_name_ar: 'شركة التاجر',
      legal_name_en: 'Merchant Co.',
      address: { ...ADDRESS, postal_code: '123' },
    });
    expect(badAddress.body.error.details.field).toBe('address.postal_code');
    expect(
      (await t.admin('PUT', `/teams/${randomUUID()}/billing-profile`, { legal_name_ar: 'أ', legal_name_en: 'A', address: ADDRESS })).status,
    ).toBe(404);
    const ok = await t.admin('PUT', `/teams/${b2b.teamId}/billing-profile`, {
      legal_name_ar: 'شركة التاجر المحدودة',
      legal_name_en: 'Merchant Trading Co.',
      vat_number: '310122393500003',
      address: ADDRESS,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ vat_number: '310122393500003', invoice_profile: 'standard' });
  });

  let invoice: any;
  let invoicedShipment: any;

  it('issues a VAT-registered team a standard tax invoice that is cleared, valid UBL 2.1, hashed, signed, chained; the month shows what is left', async () => {
    invoicedShipment = await book(t, b2b);
    const other = await book(t, b2b, undefined, { cod_amount: 99.5 });
    const lines = await openLines(b2b, 3);
    const documents = await issue(b2b.teamId);
    expect(documents).toEqual([expect.objectContaining({ team_id: b2b.teamId, type: 'invoice', status: 'CLEARED', profile: 'standard' })]);
    invoice = documents[0];
    const net = lines.reduce((n, l) => n + halalas(l.amount_sar), 0);

    const left = await t.api('/invoices/current', { key: b2b.apiKey });
    expect(left.body.line_items).toEqual([]);
    const list = await t.api('/invoices', { key: b2b.apiKey });
    expect(list.body.invoices[0]).toMatchObject({ type: 'invoice', status: 'OPEN', line_count: 0 });
    expect(list.body.invoices).toContainEqual(
      expect.objectContaining({ id: invoice.id, type: 'invoice', status: 'CLEARED', line_count: 3 }),
    );
    expect(list.body.total).toBe(list.body.invoices.length);

    const xml = await xmlOf(b2b, invoice.id);
    expectSignedDocument(xml);
    expect(invoiceValue(xml, 'InvoiceTypeCode')).toBe('388');
    expect(xpath(xml, `string(/${child('Invoice', 'InvoiceTypeCode')}/@name)`)).toBe('0100000');
    expect(invoiceValue(xml, 'UUID')).toMatch(/^[0-9a-f-]{36}$/);
    expect(invoiceValue(xml, 'AccountingCustomerParty', 'Party', 'PartyTaxScheme', 'CompanyID')).toBe('310122393500003');
    expect(invoiceValue(xml, 'AccountingSupplierParty', 'Party', 'PartyIdentification', 'ID')).toMatch(/^\d{10}$/);
    expect(additionalReference(xml, 'ICV', 'UUID')).toBe(String(invoice.icv));
    // Halala-exact: the lines' net amounts are the ledger's, the VAT is the category's 15 % rounded.
    expect(halalas(Number(invoiceValue(xml, 'LegalMonetaryTotal', 'TaxExclusiveAmount')))).toBe(net);
    const vat = halalas(Number(xpath(xml, `string(/${child('Invoice', 'TaxTotal')}[1]/${child('TaxAmount')})`)));
    expect(vat).toBe(Math.round((net * 15) / 100));
    expect(halalas(invoice.total_sar)).toBe(net + vat);
    expect(xml).toContain(other.tracking_number);

    // The PDF carries the phase 2 QR code (tags 1–9, read back with zbarimg) and the clearance status.
    const pdfRes = await fetch(`${t.url}/api/v1/invoices/${invoice.id}.pdf`, { headers: { authorization: `Bearer ${b2b.apiKey}` } });
    expect(pdfRes.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'lgw-einvoice-pdf-'));
    try {
      const path = await savePdf(dir, Buffer.from(await pdfRes.arrayBuffer()));
      const text = await pdfText(path);
      expect(text).toContain('Tax Invoice');
      expect(text).toContain('CLEARED');
      expect(text).toContain(invoice.number);
      // Latin names keep their full stop at the end in the Arabic (right-to-left) block too
      // ("Logistics Gateway Co.", never ".Logistics Gateway Co").
      expect(text).not.toMatch(/(^|[\s·])\.[A-Za-z]/m);
      const [symbol] = (await scanBarcodes(path)).filter((s) => s.startsWith('QR-Code:'));
      const printed = symbol.slice('QR-Code:'.length);
      expect(printed).toBe(embeddedQr(xml));
      const tags = qrTags(printed);
      expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(tags.get(2)!.toString()).toBe(invoiceValue(xml, 'AccountingSupplierParty', 'Party', 'PartyTaxScheme', 'CompanyID'));
      expect(tags.get(3)!.toString()).toBe(`${invoiceValue(xml, 'IssueDate')}T${invoiceValue(xml, 'IssueTime')}`);
      expect(tags.get(6)!.toString()).toBe(independentInvoiceHash(xml));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const stranger = await t.createTeam('Stranger');
    expect((await t.api(`/invoices/${invoice.id}.xml`, { key: stranger.apiKey })).status).toBe(404);
  });

  it('turns a cancellation after the invoice into a credit note (381) referencing it', async () => {
    const cancel = await t.api(`/shipments/${invoicedShipment.id}/cancel`, { method: 'POST', key: b2b.apiKey, body: {} });
    expect(cancel.status).toBe(200);
    const [credit] = await openLines(b2b, 1);
    expect(credit.cause).toBe('cancellation_credit');
    const documents = await issue(b2b.teamId);
    expect(documents).toEqual([expect.objectContaining({ type: 'credit_note', status: 'CLEARED', billing_reference_id: invoice.id })]);
    const xml = await xmlOf(b2b, documents[0].id);
    expectSignedDocument(xml);
    expect(invoiceValue(xml, 'InvoiceTypeCode')).toBe('381');
    expect(invoiceValue(xml, 'BillingReference', 'InvoiceDocumentReference', 'ID')).toBe(invoice.number);
    expect(invoiceValue(xml, 'PaymentMeans', 'InstructionNote')).not.toBe('');
    expect(halalas(Number(invoiceValue(xml, 'LegalMonetaryTotal', 'TaxExclusiveAmount')))).toBe(-halalas(credit.amount_sar));
    // Chained to the invoice before it.
    const invoiceXml = await xmlOf(b2b, invoice.id);
    expect(additionalReference(xml, 'PIH', 'Attachment', 'EmbeddedDocumentBinaryObject')).toBe(independentInvoiceHash(invoiceXml));
    expect(Number(additionalReference(xml, 'ICV', 'UUID'))).toBe(invoice.icv + 1);
  });

  it('issues a team without a VAT number a simplified invoice, reported', async () => {
    await book(t, b2c);
    await openLines(b2c, 1);
    const [document] = await issue(b2c.teamId);
    expect(document).toMatchObject({ type: 'invoice', status: 'REPORTED', profile: 'simplified' });
    const xml = await xmlOf(b2c, document.id);
    expectSignedDocument(xml);
    expect(xpath(xml, `string(/${child('Invoice', 'InvoiceTypeCode')}/@name)`)).toBe('0200000');
  });

  it('keeps a standard invoice PENDING_CLEARANCE while ZATCA is down, unshared, and the retry job clears it', async () => {
    await book(t, b2b);
    await openLines(b2b, 1);
    const document = await withFault('down', async () => {
      const [pending] = await issue(b2b.teamId);
      expect(pending.status).toBe('PENDING_CLEARANCE');
      const unshared = await t.api(`/invoices/${pending.id}.xml`, { key: b2b.apiKey });
      expect(unshared.status).toBe(409);
      expect(unshared.body.error.code).toBe('E_INVOICE_NOT_CLEARED');
      return pending;
    });
    await eventually('the retry job clears the invoice', async () => {
      const res = await t.admin('GET', `/invoices/${document.id}`);
      return res.body.status === 'CLEARED' ? res.body : undefined;
    });
    expectSignedDocument(await xmlOf(b2b, document.id));
  });

  it('shows a rejection to the operator with its reasons, never to the team, and invoices the lines again', async () => {
    await book(t, b2b);
    const lines = await openLines(b2b, 1);
    const [rejected] = await withFault('reject', () => issue(b2b.teamId));
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      rejection: { message_en: expect.stringContaining('rejected'), message_ar: expect.stringMatching(/[\u0600-\u06FF]/) },
    });
    expect(rejected.rejection.errors[0]).toMatchObject({ type: 'ERROR', code: expect.any(String), message: expect.any(String) });
    expect((await t.api(`/invoices/${rejected.id}.xml`, { key: b2b.apiKey })).status).toBe(404);
    const list = await t.api('/invoices?limit=100', { key: b2b.apiKey });
    expect(list.body.invoices.map((i: any) => i.id)).not.toContain(rejected.id);
    expect((await t.api('/invoices/current', { key: b2b.apiKey })).body.line_items).toHaveLength(lines.length);

    const [cleared] = await issue(b2b.teamId);
    expect(cleared).toMatchObject({ status: 'CLEARED', icv: rejected.icv + 1 });
    const [row] = await t.runtime.database.dataSource.query('SELECT invoice_hash FROM einvoice_documents WHERE id = $1', [rejected.id]);
    expect(additionalReference(await xmlOf(b2b, cleared.id), 'PIH', 'Attachment', 'EmbeddedDocumentBinaryObject')).toBe(row.invoice_hash);
  });

  it('month-end run: issues the lines of closed Riyadh months and leaves the open month alone', async () => {
    const team = await t.createTeam('Month End');
    const db = t.runtime.database.dataSource;
    const insert = (period: string, occurredAt: string, n: number) =>
      db.query(
        `INSERT INTO billing_lines (team_id, shipment_id, tracking_number, cause, source_event_id, period_start, occurred_at,
           amount_halalas, vat_halalas, description_en, description_ar)
         VALUES ($1, $2, $3, 'shipment', $4, $5, $6, 2500, 375, 'Shipment', 'شحنة')`,
        [team.teamId, randomUUID(), `MONTHEND${n}`, `month-end-${n}`, period, occurredAt],
      );
    const [now] = await db.query(
      `SELECT to_char(date_trunc('month', now() AT TIME ZONE 'Asia/Riyadh'), 'YYYY-MM-DD') AS current,
              to_char(date_trunc('month', now() AT TIME ZONE 'Asia/Riyadh') - interval '1 month', 'YYYY-MM-DD') AS previous`,
    );
    await insert(now.previous, `${now.previous}T12:00:00+03:00`, 1);
    await insert(now.current, new Date().toISOString(), 2);
    const documents = await t.app.get(IssueEinvoicesUseCase).execute({ closedPeriodsOnly: true });
    const mine = documents.filter((d) => d.teamId === team.teamId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'invoice', periodStart: now.previous, lineCount: 1, status: 'REPORTED' });
    const left = await t.api('/invoices/current', { key: team.apiKey });
    expect(left.body.line_items.map((l: any) => l.tracking_number)).toEqual(['MONTHEND2']);
  });

  it('an issued B2B invoice is its signed document: GET answers it, its PDF lists the XML lines and names the buyer, surcharges as the open period showed', async () => {
    const team = await t.createTeam('Buyer Shown');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    const profile = await t.admin('PUT', `/teams/${team.teamId}/billing-profile`, {
      legal_name_ar: 'شركة المشتري الظاهر',
      legal_name_en: 'Buyer Shown Trading Co.',
      vat_number: '311111111100003',
      address: ADDRESS,
    });
    expect(profile.status).toBe(200);
    const kept = await book(t, team, undefined, { cod_amount: 150 });
    // On a carrier with a cancel: a void in the gateway (ADR 0076) is not what this invoice shows.
    const cancelled = await book(
      t,
      team,
      CARRIER_CODES.find((code) => !lacks(code, 'cancel')),
    );
    await openLines(team, 3);
    expect((await t.api(`/shipments/${cancelled.id}/cancel`, { method: 'POST', key: team.apiKey, body: {} })).status).toBe(200);
    await openLines(team, 4);
    const open = (await t.api('/invoices/current', { key: team.apiKey })).body;
    expect(open.surcharges_sar).toBeGreaterThan(0);

    const [document] = await issue(team.teamId);
    expect(document).toMatchObject({ type: 'invoice', status: 'CLEARED', profile: 'standard' });
    const xml = await xmlOf(team, document.id);
    const xmlLines = invoiceLines(xml);
    expect(xmlLines.length).toBe(2);
    expect(xml).not.toContain(cancelled.tracking_number);

    // The invoice itself, as its owner reads it; a stranger gets 404.
    const got = await t.api(`/invoices/${document.id}`, { key: team.apiKey });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id: document.id,
      type: 'invoice',
      status: 'CLEARED',
      number: document.number,
      profile: 'standard',
      surcharges_sar: open.surcharges_sar,
      vat_sar: document.vat_sar,
      total_sar: document.total_sar,
    });
    expect(got.body.line_items.map((l: any) => l.amount_sar.toFixed(2))).toEqual(xmlLines.map((l) => l.net));
    expect(got.body.subtotal_sar + got.body.surcharges_sar).toBeCloseTo(
      Number(invoiceValue(xml, 'LegalMonetaryTotal', 'TaxExclusiveAmount')),
      2,
    );
    const stranger = await t.createTeam('Stranger 22');
    expect((await t.api(`/invoices/${document.id}`, { key: stranger.apiKey })).status).toBe(404);

    // The list shows the same split as the open period did.
    const listed = (await t.api('/invoices?limit=100', { key: team.apiKey })).body.invoices.find((i: any) => i.id === document.id);
    expect(listed).toMatchObject({ surcharges_sar: open.surcharges_sar, line_count: 2, total_sar: document.total_sar });

    // The PDF renders the signed document: the XML's lines and nothing else, the buyer named.
    const pdfRes = await fetch(`${t.url}/api/v1/invoices/${document.id}.pdf`, { headers: { authorization: `Bearer ${team.apiKey}` } });
    expect(pdfRes.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'lgw-einvoice-pdf-'));
    try {
      const text = await pdfText(await savePdf(dir, Buffer.from(await pdfRes.arrayBuffer())));
      expect(text).not.toContain(cancelled.tracking_number);
      expect(text).toContain(kept.tracking_number);
      expect(printedInvoiceRows(text)).toEqual(xmlLines.map((l) => [l.net, l.vat, l.gross]));
      expect(text).not.toMatch(/-\d+\.\d{2}/);
      expect(text).toContain('Buyer Shown Trading Co.');
      expect(text).toContain('شركة المشتري الظاهر');
      expect(text).toContain('311111111100003');
      expect(text).toContain(ADDRESS.street);
      expect(text).toContain(ADDRESS.postal_code);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names one seller on the open period and on the e-invoice: the same legal names, VAT and CR number from one configuration', async () => {
    const team = await t.createTeam('One Seller');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    await book(t, team);
    await openLines(team, 1);
    const dir = mkdtempSync(join(tmpdir(), 'lgw-seller-pdf-'));
    try {
      const pdfOf = async (id: string) => {
        const res = await fetch(`${t.url}/api/v1/invoices/${id}.pdf`, { headers: { authorization: `Bearer ${team.apiKey}` } });
        expect(res.status).toBe(200);
        return pdfText(await savePdf(dir, Buffer.from(await res.arrayBuffer())));
      };
      const openPeriod = await pdfOf('current');
      const [document] = await issue(team.teamId);
      const xml = await xmlOf(team, document.id);
      expect(invoiceValue(xml, 'AccountingSupplierParty', 'Party', 'PartyName', 'Name')).toBe(SELLER_ENV.INVOICE_SELLER_NAME);
      expect(invoiceValue(xml, 'AccountingSupplierParty', 'Party', 'PartyLegalEntity', 'RegistrationName')).toBe(
        SELLER_ENV.INVOICE_SELLER_NAME_AR,
      );
      expect(invoiceValue(xml, 'AccountingSupplierParty', 'Party', 'PartyTaxScheme', 'CompanyID')).toBe(
        SELLER_ENV.INVOICE_SELLER_VAT_NUMBER,
      );
      expect(invoiceValue(xml, 'AccountingSupplierParty', 'Party', 'PartyIdentification', 'ID')).toBe(SELLER_ENV.EINVOICE_SELLER_CR_NUMBER);
      const issued = await pdfOf(document.id);
      for (const text of [openPeriod, issued]) {
        expect(text).toContain(SELLER_ENV.INVOICE_SELLER_NAME);
        expect(text).toContain(SELLER_ENV.INVOICE_SELLER_NAME_AR);
        expect(text).toContain(SELLER_ENV.INVOICE_SELLER_VAT_NUMBER);
        expect(text).not.toContain('Logistics Gateway');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses characters XML forbids in a team name or billing profile (422 naming the field); a stored one never makes a malformed document', async () => {
    for (const bad of ['\uFFFE', '\uFFFF', '\u0001', '\u000B']) {
      const team = await t.admin('POST', '/teams', { name: `Bad${bad}Name` });
      expect(team.status).toBe(422);
      expect(team.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field: 'name', reason_ar: expect.any(String) } });
    }
    const team = await t.createTeam('Legacy Name');
    for (const [field, body] of [
      ['legal_name_en', { legal_name_ar: 'شركة', legal_name_en: 'Co\uFFFE', address: ADDRESS }],
      ['legal_name_ar', { legal_name_ar: 'شركة\uFFFF', legal_name_en: 'Co', address: ADDRESS }],
      ['address.street', { legal_name_ar: 'شركة', legal_name_en: 'Co', address: { ...ADDRESS, street: 'St\uFFFE' } }],
    ] as const) {
      const res = await t.admin('PUT', `/teams/${team.teamId}/billing-profile`, body);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'E_VALIDATION', details: { field, reason_ar: expect.any(String) } });
    }
    // A name stored before the rule (written past the API): the document stays well-formed XML.
    await t.runtime.database.dataSource.query('UPDATE teams SET name = $2 WHERE id = $1', [team.teamId, 'Legacy\uFFFE\uFFFF\u0001Name']);
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    await book(t, team);
    await openLines(team, 1);
    const [document] = await issue(team.teamId);
    expect(document.status).toBe('REPORTED');
    const xml = await xmlOf(team, document.id);
    wellFormed(xml);
    expectSignedDocument(xml);
    expect(invoiceValue(xml, 'AccountingCustomerParty', 'Party', 'PartyName', 'Name')).toBe('Legacy\uFFFD\uFFFD\uFFFDName');
  });

  it('issues a booking made a moment before: "invoice now" bills what is booked first, and names what it could not bill yet', async () => {
    const team = await t.createTeam('Just Booked');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    const shipment = await book(t, team);
    const res = await t.admin('POST', '/invoices/issue', { team_id: team.teamId });
    expect(res.status).toBe(201);
    expect(res.body.documents).toEqual([expect.objectContaining({ team_id: team.teamId, type: 'invoice', status: 'REPORTED' })]);
    expect(res.body.still_billing).toEqual([]);
    expect(await xmlOf(team, res.body.documents[0].id)).toContain(shipment.tracking_number);
    // Issued once: the billing job that runs after adds nothing to a second issue.
    const again = await t.admin('POST', '/invoices/issue', { team_id: team.teamId });
    expect(again.body).toEqual({ documents: [], still_billing: [] });

    // A weighing that cannot be billed yet (its service level lost its rate card) is named, not left off silently.
    const db = t.runtime.database.dataSource;
    await db.query(`UPDATE shipments SET service_code = 'RETIRED_SERVICE' WHERE id = $1`, [shipment.id]);
    await db.query(`INSERT INTO outbox_events (team_id, aggregate_id, type, payload) VALUES ($1, $2, 'shipment.weighed', $3)`, [
      team.teamId,
      shipment.id,
      JSON.stringify({ measured_weight_kg: 30 }),
    ]);
    const waiting = await t.admin('POST', '/invoices/issue', { team_id: team.teamId });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toEqual({
      documents: [],
      still_billing: [{ shipment_id: shipment.id, event: 'shipment.weighed', reason: expect.stringContaining('no rate card') }],
    });
  });

  it('keeps one unbroken chain across 50 documents issued concurrently by two issuers', async () => {
    const second = SERVICES_MODE ? await bootTestApp({ shareWith: t }) : t;
    try {
      const teams: TestTeam[] = [];
      for (let i = 0; i < 50; i++) teams.push(await t.createTeam(`Chain ${i}`));
      const db = t.runtime.database.dataSource;
      const [period] = await db.query(`SELECT to_char(date_trunc('month', now() AT TIME ZONE 'Asia/Riyadh'), 'YYYY-MM-DD') AS start`);
      for (const [i, team] of teams.entries()) {
        await db.query(
          `INSERT INTO billing_lines (team_id, shipment_id, tracking_number, cause, source_event_id, period_start, occurred_at,
             amount_halalas, vat_halalas, description_en, description_ar)
           VALUES ($1, $2, $3, 'shipment', $4, $5, now(), $6, $7, $8, $9)`,
          [
            team.teamId,
            randomUUID(),
            `CHAIN${i}`,
            `chain-${i}`,
            period.start,
            1001 + i,
            Math.round(((1001 + i) * 15) / 100),
            `Shipment CHAIN${i}`,
            `شحنة CHAIN${i}`,
          ],
        );
      }
      const issuers = [t, second];
      // Fifty issues at once on a loaded two-core host can wait for a pooled connection past its
      // timeout: the gateway then answers 503 with Retry-After, and a client issues again after it.
      const issue = (app: TestApp, teamId: string) =>
        afterRetryAfter(
          () => app.admin('POST', '/invoices/issue', { team_id: teamId }),
          (res) => {
            expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
            return res.headers.get('retry-after');
          },
          { attempts: 5, capMs: 2000 },
        );
      const results = await Promise.all(
        teams.map((team, i) =>
          issue(issuers[i % 2], team.teamId).then((res) => {
            expect(res.status).toBe(201);
            return res.body.documents[0];
          }),
        ),
      );
      expect(results.every((d) => d.status === 'REPORTED')).toBe(true);
      const rows: Array<{ icv: string; xml: string }> = await db.query(
        `SELECT icv, xml FROM einvoice_documents WHERE egs_id = (SELECT egs_id FROM einvoice_documents WHERE id = $1) ORDER BY icv`,
        [results[0].id],
      );
      expect(rows.map((r) => Number(r.icv))).toEqual(rows.map((_, i) => i + 1));
      let previous = FIRST_PIH;
      for (const row of rows) {
        expect(additionalReference(row.xml, 'PIH', 'Attachment', 'EmbeddedDocumentBinaryObject')).toBe(previous);
        expect(additionalReference(row.xml, 'ICV', 'UUID')).toBe(row.icv);
        previous = independentInvoiceHash(row.xml);
      }
      expect(rows.length).toBeGreaterThanOrEqual(55);
    } finally {
      if (second !== t) await second.close();
    }
  });
});

describe('e-invoicing onboarding against a Fatoora API that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) has no listener here; the user info stands for a secret an operator might put in the URL.
    t = await bootTestApp({ env: { ZATCA_BASE_URL: 'http://operator:s3cret-pass@127.0.0.1:9/e-invoicing/simulation' } });
  });
  afterAll(() => t.close());

  it('answers 502 naming the URL it tried, without secrets', async () => {
    const res = await t.admin('POST', '/einvoicing/onboarding', { otp: '123345' });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({
      code: 'E_EINVOICING_ONBOARDING_FAILED',
      details: { step: 'compliance CSID', url: 'http://127.0.0.1:9/e-invoicing/simulation/compliance' },
    });
    expect(res.body.error.details.reasons[0]).toContain('http://127.0.0.1:9/e-invoicing/simulation/compliance');
    expect(res.text).not.toMatch(/s3cret|operator/);
  });
});
