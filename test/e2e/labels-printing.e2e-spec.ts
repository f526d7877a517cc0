import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { book, quoteFor, shipmentBody } from '../support/booking';
import { LABEL_FORMATS } from '@lgw/kernel';
import { CARRIER_CODES, carrierDefinition, collectsCashDomestic } from '../support/carriers';
import { JEDDAH } from '../support/fixtures';
import { pdfInfo, pdfText, savePdf, scanBarcodes } from '../support/pdf-tools';
import { getBytes, labelRendered } from '../support/printing';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { darkDots, readPicture, regionChecksum, renderZpl, scanPicture } from '../support/zpl-tools';

const FOUR_BY_SIX_POINTS = { width: 288, height: 432 };

/** Real carriers issue their own label document (capabilities.labels); the gateway renders the others'. */
const OWN_LABEL_CARRIERS = CARRIER_CODES.filter((code) => carrierDefinition(code).descriptor.capabilities.labels);
const RENDERED_LABEL_CARRIERS = CARRIER_CODES.filter((code) => !carrierDefinition(code).descriptor.capabilities.labels);

describe('label formats, void labels', () => {
  let t: TestApp;
  let team: TestTeam;
  let other: TestTeam;
  const dir = mkdtempSync(join(tmpdir(), 'lgw-printing-e2e-'));

  const raw = async (path: string, key = team.apiKey) => {
    const res = await getBytes(t, path, key);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.body.toString()}`);
    return res;
  };
  const labelled = (id: string) => labelRendered(t, team, id);

  beforeAll(async () => {
    t = await bootTestApp({ worker: true });
    team = await t.createTeam('Printing Team');
    other = await t.createTeam('Other Printing Team');
    // Every registered carrier's labels in one team: more than the default 60 requests a minute.
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(OWN_LABEL_CARRIERS)(
    "%s: serves the carrier's own label document as it came, and refuses another format naming those it has",
    async (carrier) => {
      const formats = carrierDefinition(carrier).descriptor.capabilities.labels!.formats;
      const shipment = await book(t, team, carrier, collectsCashDomestic(carrier) ? { cod_amount: 120 } : {});
      // Asked before the label job ran, it is fetched from the carrier then (no browser involved).
      const res = await raw(`/labels/${shipment.id}`);
      expect(res.status).toBe(200);
      expect(res.type).toBe(formats[0] === 'zpl' ? 'application/zpl' : 'application/pdf');
      expect((await raw(`/labels/${shipment.id}?format=${formats[0]}`)).body.equals(res.body)).toBe(true);
      if (formats[0] !== 'zpl') expect((await pdfInfo(await savePdf(dir, res.body))).pages).toBeGreaterThanOrEqual(1);
      expect((await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body.status).toBe('LABEL_GENERATED');
      for (const other of LABEL_FORMATS.filter((f) => !formats.includes(f))) {
        const refused = await t.api(`/labels/${shipment.id}?format=${other}`, { key: team.apiKey });
        expect(refused.status).toBe(422);
        expect(refused.body.error.details.field).toBe('format');
        for (const format of formats) expect(refused.body.error.details.reason).toContain(format);
        expect(refused.body.error.details.reason_ar).toMatch(/[\u0600-\u06ff]/);
      }
    },
  );

  it.each(RENDERED_LABEL_CARRIERS)(
    '%s: ZPL with native barcode and QR decodes to the tracking number from a real render, Arabic printed',
    async (carrier) => {
      const shipment = await book(t, team, carrier, collectsCashDomestic(carrier) ? { cod_amount: 120 } : {});
      await labelled(shipment.id);
      const res = await raw(`/labels/${shipment.id}?format=zpl`);
      expect(res.status).toBe(200);
      expect(res.type).toContain('application/zpl');
      const zpl = res.body.toString('utf8');
      expect(zpl.startsWith('^XA')).toBe(true);
      expect(zpl).toContain('^CI28');
      expect(zpl).toContain('^BC');
      expect(zpl).toContain('^BQ');
      // Only the Arabic lines are graphics: a few small fields, never a picture of the page.
      const graphics = zpl.match(/\^GFA,(\d+)/g) ?? [];
      expect(graphics.length).toBeGreaterThan(0);
      for (const g of graphics) expect(Number(g.slice(5))).toBeLessThan((812 * 60) / 8);

      const png = await renderZpl(dir, zpl);
      const symbols = await scanPicture(png);
      expect(symbols).toContain(`CODE-128:${shipment.tracking_number}`);
      expect(symbols).toContain(`QR-Code:${shipment.tracking_number}`);

      // The recipient's Arabic name (JEDDAH.name) is printed where the layout puts it, and the
      // same region is blank once the graphic fields are taken out.
      expect(JEDDAH.name).toMatch(/[\u0600-\u06ff]/);
      const blank = await readPicture(await renderZpl(dir, zpl.replace(/\^FO\d+,\d+\^GFA,[^^]*\^FS/g, '')));
      const printed = await readPicture(png);
      const region = [36, 476, 740, 40] as const;
      expect(darkDots(blank, ...region)).toBe(0);
      expect(darkDots(printed, ...region)).toBeGreaterThan(200);
      expect(regionChecksum(printed, ...region)).not.toBe(regionChecksum(blank, ...region));
      // The rest of the label is the same in both: only the Arabic fields differ.
      expect(regionChecksum(printed, 0, 150, 812, 170)).toBe(regionChecksum(blank, 0, 150, 812, 170));
    },
  );

  it.each(RENDERED_LABEL_CARRIERS)('%s: pdf_4x6 is 288 × 432 pt and decodes to the tracking number', async (carrier) => {
    const shipment = await book(t, team, carrier);
    const res = await raw(`/labels/${shipment.id}?format=pdf_4x6`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const path = await savePdf(dir, res.body);
    const info = await pdfInfo(path);
    expect(info.pages).toBe(1);
    // Exactly the media a 4×6 printer holds (pdfinfo prints two decimals).
    expect({ width: info.width, height: info.height }).toEqual(FOUR_BY_SIX_POINTS);
    const symbols = await scanBarcodes(path);
    expect(symbols).toContain(`CODE-128:${shipment.tracking_number}`);
    expect(symbols.some((s) => s.startsWith('QR-Code:') && s.includes(shipment.tracking_number))).toBe(true);
    // Rendered once and kept.
    expect((await raw(`/labels/${shipment.id}?format=pdf_4x6`)).body.equals(res.body)).toBe(true);
  });

  it('refuses an unknown format with 422 on the format field, and hides other teams', async () => {
    const shipment = await book(t, team, CARRIER_CODES[0]);
    for (const format of ['png', 'PDF_A6', '', 'zpl,pdf_a6']) {
      const res = await t.api(`/labels/${shipment.id}?format=${encodeURIComponent(format)}`, { key: team.apiKey });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('E_VALIDATION');
      expect(res.body.error.details.field).toBe('format');
    }
    const unknown = await t.api(`/labels/00000000-0000-4000-8000-000000000000?format=zpl`, { key: team.apiKey });
    const foreign = await t.api(`/labels/${shipment.id}?format=zpl`, { key: other.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(unknown.text.replace('00000000-0000-4000-8000-000000000000', shipment.id));
  });

  it('serves the label_format asked for at booking when no format is named, and refuses an unknown one', async () => {
    team = await t.createTeam('Printing Team (default format)');
    const zplByDefault = await book(t, team, CARRIER_CODES[0], { label_format: 'zpl' });
    await labelled(zplByDefault.id);
    const zpl = await raw(`/labels/${zplByDefault.id}`);
    expect(zpl.type).toContain('application/zpl');
    expect(zpl.body.toString()).toContain(`^FD${zplByDefault.tracking_number}^FS`);
    // A named format still wins.
    expect((await raw(`/labels/${zplByDefault.id}?format=pdf_a6`)).body.subarray(0, 5).toString()).toBe('%PDF-');

    const fourBySix = await book(t, team, CARRIER_CODES[0], { label_format: 'pdf_4x6' });
    const pdf = await raw(`/labels/${fourBySix.id}`);
    expect(pdf.type).toBe('application/pdf');
    const info = await pdfInfo(await savePdf(dir, pdf.body));
    expect(Math.abs(info.width - FOUR_BY_SIX_POINTS.width)).toBeLessThan(1);

    const { quote, body } = await quoteFor(t, team, CARRIER_CODES[0]);
    const refused = await t.api('/shipments', {
      method: 'POST',
      key: team.apiKey,
      body: shipmentBody(quote, body, { label_format: 'png' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.field).toBe('label_format');
  });

  it('answers 410 E_LABEL_VOIDED for a cancelled shipment, in every format', async () => {
    team = await t.createTeam('Printing Team (void)');
    const shipment = await book(t, team, CARRIER_CODES[0]);
    await labelled(shipment.id);
    expect((await raw(`/labels/${shipment.id}`)).status).toBe(200);
    expect((await t.api(`/shipments/${shipment.id}/cancel`, { method: 'POST', key: team.apiKey })).status).toBe(200);
    for (const format of ['', '?format=pdf_a6', '?format=pdf_4x6', '?format=zpl']) {
      const res = await t.api(`/labels/${shipment.id}${format}`, { key: team.apiKey });
      expect(res.status).toBe(410);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body.error.code).toBe('E_LABEL_VOIDED');
      expect(res.body.error.message_ar).toMatch(/[\u0600-\u06ff]/);
    }
    // A shipment cancelled before its label was rendered is void too, and nothing is rendered.
    const early = await book(t, team, CARRIER_CODES[0]);
    await t.api(`/shipments/${early.id}/cancel`, { method: 'POST', key: team.apiKey });
    expect((await t.api(`/labels/${early.id}?format=zpl`, { key: team.apiKey })).status).toBe(410);
  });

  it('serves the new destination after a destination change, never the stale label', async () => {
    team = await t.createTeam('Printing Team (destination)');
    const shipment = await book(t, team, CARRIER_CODES[0]);
    await labelled(shipment.id);
    const before = await raw(`/labels/${shipment.id}`);
    expect(await pdfText(await savePdf(dir, before.body))).toContain('Tahlia Street 55');
    const zplBefore = (await raw(`/labels/${shipment.id}?format=zpl`)).body.toString();
    expect(zplBefore).toContain('Tahlia Street 55');

    const moved = { ...JEDDAH, line1: 'Prince Sultan Road 808' };
    const patch = await t.api(`/shipments/${shipment.id}/destination`, { method: 'PATCH', key: team.apiKey, body: moved });
    expect(patch.status).toBe(200);

    const after = await raw(`/labels/${shipment.id}`);
    expect(after.status).toBe(200);
    const text = await pdfText(await savePdf(dir, after.body));
    expect(text).toContain('Prince Sultan Road 808');
    expect(text).not.toContain('Tahlia Street 55');
    const zplAfter = (await raw(`/labels/${shipment.id}?format=zpl`)).body.toString();
    expect(zplAfter).toContain('Prince Sultan Road 808');
    expect(zplAfter).not.toContain('Tahlia Street 55');
    const fourBySix = await pdfText(await savePdf(dir, (await raw(`/labels/${shipment.id}?format=pdf_4x6`)).body));
    expect(fourBySix).toContain('Prince Sultan Road 808');
  });
});
