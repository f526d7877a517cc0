import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyncTrackingUseCase } from '@lgw/tracking';
import { CARRIERS } from '@lgw/carriers';
import { MAX_PARCELS_PER_REQUEST, MAX_PIECES, rollUpPieceStatuses, ShipmentStatus } from '@lgw/kernel';
import { quoteWhere, shipmentBody } from '../support/booking';
import { apiCredentials, laneOf, openSandboxAccount } from '../support/carrier-connections';
import { PARCELS } from '../support/fixtures';
import { pdfInfo, pdfPageText, savePdf, scanBarcodesOfPage } from '../support/pdf-tools';
import { bootTestApp, TestApp, TestTeam } from '../support/test-app';

/** Every registered carrier that takes several parcels as pieces of one booking (docs/adr/0087). */
const WITH_PIECES = CARRIERS.filter((carrier) => carrier.descriptor.capabilities.pieces);
const THREE = [PARCELS[0], { ...PARCELS[0], weight_kg: 2.5 }, { ...PARCELS[0], weight_kg: 0.7 }];

describe('multi-piece shipments (DESIGN §7, docs/adr/0087)', () => {
  let t: TestApp;
  let team: TestTeam;
  const dir = mkdtempSync(join(tmpdir(), 'lgw-multi-piece-e2e-'));

  beforeAll(async () => {
    t = await bootTestApp({ worker: true, env: { CARRIER_TIMEOUT_MS: '2000' } });
    team = await t.createTeam('Multi Piece Merchant');
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    // The real carriers are offered on a connection: the team connects a sandbox account of each.
    for (const carrier of CARRIERS.filter((c) => c.offeredWithConnectionOnly)) {
      const opened = await openSandboxAccount(t, carrier.descriptor.code);
      const created = await t.api('/carrier-connections', {
        method: 'POST',
        key: team.apiKey,
        body: { carrier: carrier.descriptor.code, credentials: apiCredentials(opened.credentials) },
      });
      if (created.status !== 201) throw new Error(`connecting ${carrier.descriptor.code}: ${created.status} ${created.text}`);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has carriers that take pieces', () => {
    expect(WITH_PIECES.length).toBeGreaterThan(0);
  });

  it(`refuses more than ${MAX_PARCELS_PER_REQUEST} parcels with 422 on the field, in both languages; quotes ${MAX_PARCELS_PER_REQUEST}`, async () => {
    const { body } = laneOf(WITH_PIECES[0].descriptor.code);
    const many = (n: number) => Array.from({ length: n }, () => PARCELS[0]);
    const res = await t.api('/rates', { method: 'POST', key: team.apiKey, body: { ...body, parcels: many(MAX_PARCELS_PER_REQUEST + 1) } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('E_VALIDATION');
    expect(res.body.error.details.errors).toEqual([
      {
        field: 'parcels',
        reason: `must contain at most ${MAX_PARCELS_PER_REQUEST} parcels`,
        reason_ar: expect.stringMatching(/[\u0600-\u06ff]/),
      },
    ]);
    const quoted = await t.api('/rates', { method: 'POST', key: team.apiKey, body: { ...body, parcels: many(MAX_PARCELS_PER_REQUEST) } });
    expect(quoted.status).toBe(200);
    expect(quoted.body.quotes.length).toBeGreaterThan(0);
  });

  it.each(CARRIERS.map((carrier) => carrier.descriptor.code))(
    `%s: books more than ${MAX_PIECES} parcels as one consolidated shipment without pieces`,
    async (code) => {
      const lane = laneOf(code);
      const body = { ...lane.body, parcels: Array.from({ length: MAX_PIECES + 1 }, () => PARCELS[0]) };
      const rated = await t.api('/rates', { method: 'POST', key: team.apiKey, body });
      expect(rated.status).toBe(200);
      const quote = (rated.body.quotes as any[]).find((q) => q.carrier.code === code);
      const booked = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body) });
      expect({ status: booked.status, error: booked.body.error }).toEqual({ status: 201, error: undefined });
      expect(booked.body.parcels).toHaveLength(MAX_PIECES + 1);
      expect(booked.body.pieces).toBeUndefined();
    },
  );

  it(`lists every bad parcel of a booking of up to ${MAX_PIECES}, each in both languages`, async () => {
    const { body } = laneOf(WITH_PIECES[0].descriptor.code);
    const parcels = Array.from({ length: MAX_PIECES }, () => PARCELS[0]);
    parcels[3] = { ...PARCELS[0], weight_kg: -1 };
    parcels[17] = { ...PARCELS[0], height_cm: 0 };
    const res = await t.api('/rates', { method: 'POST', key: team.apiKey, body: { ...body, parcels } });
    expect(res.status).toBe(422);
    const errors = res.body.error.details.errors as { field: string; reason: string; reason_ar?: string }[];
    expect(errors.map((e) => e.field)).toEqual(['parcels.3.weight_kg', 'parcels.17.height_cm']);
    for (const error of errors) expect(error.reason_ar).toMatch(/[\u0600-\u06ff]/);
  });

  describe.each(WITH_PIECES.map((carrier) => [carrier.descriptor.code, carrier] as const))('%s', (code, carrier) => {
    const lane = laneOf(code);
    const body = { ...lane.body, parcels: THREE };
    const capability = carrier.descriptor.capabilities.pieces!;
    const ownLabel = carrier.descriptor.capabilities.labels?.formats;
    let shipment: any;

    it('quotes and books three parcels as one shipment of three pieces, each with its own tracking number', async () => {
      const ofLane = (q: any) => q.carrier.code === code && q.service.code === lane.service;
      const quote = await quoteWhere(t, team.apiKey, body, ofLane);
      expect(quote).toBeDefined();
      const one = await quoteWhere(t, team.apiKey, { ...lane.body, parcels: [THREE[1]] }, ofLane);
      // Three parcels never cost less than the heaviest alone.
      expect(quote.total_sar).toBeGreaterThanOrEqual(one.total_sar);

      const res = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: { quote_id: quote.quote_id, ...body } });
      expect(res.status).toBe(201);
      shipment = res.body;
      expect(shipment.pieces).toHaveLength(3);
      expect(shipment.pieces.map((p: any) => p.number)).toEqual([1, 2, 3]);
      expect(shipment.pieces.map((p: any) => p.weight_kg)).toEqual(THREE.map((p) => p.weight_kg));
      const numbers = shipment.pieces.map((p: any) => p.tracking_number);
      expect(new Set(numbers).size).toBe(3);
      if (capability.numbering === 'gateway') {
        expect(numbers).toEqual([1, 2, 3].map((n) => `${shipment.tracking_number}-${n}`));
      } else {
        // The carrier's own numbers; the first piece's tracks the shipment (the master).
        expect(numbers[0]).toBe(shipment.tracking_number);
        for (const n of numbers) expect(n).not.toContain('-');
      }
      const atCarrier = await t.sandbox('GET', `/sandbox/v1/carriers/${code}/shipments/${shipment.tracking_number}`);
      expect(atCarrier.status).toBe(200);

      // Read back as booked (the label job may have moved the shipment, and its pieces with it, meanwhile).
      const read = await t.api(`/shipments/${shipment.id}`, { key: team.apiKey });
      const booked = (pieces: any[]) => pieces.map(({ status: _status, ...piece }) => piece);
      expect(booked(read.body.pieces)).toEqual(booked(shipment.pieces));
      expect(read.body.pieces.map((p: any) => p.status)).toEqual([read.body.status, read.body.status, read.body.status]);
    });

    it('prints a label page per piece, each marked n/N with its own barcode, or keeps the carrier document', async () => {
      const res = await fetch(`${t.url}${shipment.label_url}`, { headers: { authorization: `Bearer ${team.apiKey}` } });
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const path = await savePdf(dir, pdf);
      const info = await pdfInfo(path);
      if (ownLabel && capability.numbering === 'gateway') {
        // The carrier issues one document for the shipment (it states the pieces): kept as it came.
        expect(info.pages).toBeGreaterThanOrEqual(1);
        expect(await pdfPageText(path, 1)).toContain(shipment.tracking_number);
        return;
      }
      expect(info.pages).toBe(3);
      for (const [i, piece] of shipment.pieces.entries()) {
        const text = await pdfPageText(path, i + 1);
        expect(text).toContain(piece.tracking_number);
        if (ownLabel) {
          // The carrier's waybill of the piece, as it drew it.
          expect(text).toContain(`${i + 1}/3`);
          continue;
        }
        expect(text).toContain(`Piece ${i + 1}/3`);
        expect(text).toContain('قطعة');
        const symbols = await scanBarcodesOfPage(path, i + 1);
        expect(symbols).toContain(`CODE-128:${piece.tracking_number}`);
        expect(symbols.some((s) => s.startsWith('QR-Code:') && s.includes(piece.tracking_number))).toBe(true);
      }
    });

    it("rolls the pieces' tracking up to the shipment's status", async () => {
      const at = new Date(Date.parse(shipment.created_at) + 1000).toISOString();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const injected = await t.sandbox('POST', `/sandbox/v1/carriers/${code}/shipments/${shipment.tracking_number}/events`, {
        code: 'PICKED_UP',
        location_en: 'Riyadh',
        occurred_at: at,
      });
      expect(injected.status).toBe(201);
      await t.app.get(SyncTrackingUseCase).execute({ carrierCode: code, now: new Date(Date.now() + 86_400_000) });
      const read = (await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body;
      expect(read.status).toBe('PICKED_UP');
      expect(read.pieces.map((p: any) => p.status)).toEqual(['PICKED_UP', 'PICKED_UP', 'PICKED_UP']);
      expect(rollUpPieceStatuses(read.pieces.map((p: any) => p.status as ShipmentStatus))).toBe(read.status);
    });
  });

  it('keeps a single-parcel shipment without pieces and its label one page', async () => {
    const code = WITH_PIECES.find((c) => !c.descriptor.capabilities.labels)?.descriptor.code ?? WITH_PIECES[0].descriptor.code;
    const lane = laneOf(code);
    const quote = await quoteWhere(t, team.apiKey, lane.body, (q) => q.carrier.code === code);
    const res = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: { quote_id: quote.quote_id, ...lane.body } });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('pieces');
    const label = await fetch(`${t.url}${res.body.label_url}`, { headers: { authorization: `Bearer ${team.apiKey}` } });
    expect((await pdfInfo(await savePdf(dir, Buffer.from(await label.arrayBuffer())))).pages).toBe(1);
  });
});
