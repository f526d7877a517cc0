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
import { eventually, sleep } from '../support/eventually';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/** Every registered carrier that takes several parcels as pieces of one booking (docs/adr/0087). */
const WITH_PIECES = CARRIERS.filter((carrier) => carrier.descriptor.capabilities.pieces);
const THREE = [PARCELS[0], { ...PARCELS[0], weight_kg: 2.5 }, { ...PARCELS[0], weight_kg: 0.7 }];
/** Carriers that number each piece themselves and track it by its own number. */
const NUMBERING_PIECES = WITH_PIECES.filter((carrier) => carrier.descriptor.capabilities.pieces?.numbering === 'carrier');

describe('multi-piece shipments (DESIGN §7, docs/adr/0087)', () => {
  let t: TestApp;
  let team: TestTeam;
  let receiver: WebhookReceiver;
  const dir = mkdtempSync(join(tmpdir(), 'lgw-multi-piece-e2e-'));

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await bootTestApp({
      worker: true,
      env: { CARRIER_TIMEOUT_MS: '2000', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_CA_FILE: receiver.caFile },
    });
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
    await t?.close();
    await receiver?.close();
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
      // Polls (running the sync) as the suite below does: the process's own tracking poll can hold the
      // shipment at that moment, or the carrier's answer miss its 2 s deadline on a busy machine.
      const read = await eventually('the pick-up rolled up', async () => {
        await t.app.get(SyncTrackingUseCase).execute({ carrierCode: code, now: new Date(Date.now() + 86_400_000) });
        const body = (await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body;
        return body.status === 'PICKED_UP' ? body : undefined;
      });
      expect(read.status).toBe('PICKED_UP');
      expect(read.pieces.map((p: any) => p.status)).toEqual(['PICKED_UP', 'PICKED_UP', 'PICKED_UP']);
      expect(rollUpPieceStatuses(read.pieces.map((p: any) => p.status as ShipmentStatus))).toBe(read.status);
    });
  });

  describe.each(NUMBERING_PIECES.map((carrier) => carrier.descriptor.code))('%s: tracking each piece by its own number', (code) => {
    const path = `/pieces-${code}`;
    const read = async (id: string) => (await t.api(`/shipments/${id}`, { key: team.apiKey })).body;
    /** Polls (running the sync) until the pieces show `statuses`: the carrier's scans have been applied. */
    const piecesAt = (id: string, statuses: ShipmentStatus[]) =>
      eventually(`pieces ${statuses.join(', ')}`, async () => {
        await t.app.get(SyncTrackingUseCase).execute({ carrierCode: code, now: new Date(Date.now() + 86_400_000) });
        const shipment = await read(id);
        return JSON.stringify(shipment.pieces.map((p: any) => p.status)) === JSON.stringify(statuses) ? shipment : undefined;
      });
    const webhooksOf = (shipmentId: string, type: string) =>
      receiver.at(path).filter((r) => {
        const m = JSON.parse(r.body);
        return m.type === type && m.data.shipment?.id === shipmentId;
      });

    it("shows each piece's own status and the shipment their roll-up; shipment.delivered once, when every piece is delivered", async () => {
      const endpoint = await t.api('/webhooks/config', {
        method: 'POST',
        key: team.apiKey,
        body: { url: `${receiver.url}${path}`, events: ['shipment.status_updated', 'shipment.delivered', 'shipment.exception'] },
      });
      expect(endpoint.status).toBe(200);
      const lane = laneOf(code);
      const body = { ...lane.body, parcels: THREE };
      const quote = await quoteWhere(t, team.apiKey, body, (q) => q.carrier.code === code && q.service.code === lane.service);
      const booked = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: { quote_id: quote.quote_id, ...body } });
      expect(booked.status).toBe(201);
      const { id } = booked.body;
      const [master, second, third] = booked.body.pieces.map((p: any) => p.tracking_number);
      await eventually('label', async () => ((await read(id)).status === 'LABEL_GENERATED' ? true : undefined));

      // Scans a second apart from the booking on (the carrier reports to the second).
      const created = Date.parse(booked.body.created_at);
      const scan = async (awb: string, seconds: number, event: Record<string, unknown>) => {
        const res = await t.sandbox('POST', `/sandbox/v1/carriers/${code}/shipments/${awb}/events`, {
          ...event,
          occurred_at: new Date(created + seconds * 1000).toISOString(),
        });
        expect(res.status).toBe(201);
      };
      // The master's AWB is the first piece's: a scan of that parcel alone names its piece.
      await scan(master, 1, { code: 'PICKED_UP', piece_number: 1 });
      await scan(second, 1, { code: 'PICKED_UP' });
      let shipment = await piecesAt(id, ['PICKED_UP', 'PICKED_UP', 'LABEL_GENERATED']);
      expect(shipment.status).toBe('LABEL_GENERATED');
      // The carrier has two of its parcels: cancelling is refused before any carrier call, naming the first.
      const cancel = await t.api(`/shipments/${id}/cancel`, { method: 'POST', key: team.apiKey, body: {} });
      expect(cancel.status).toBe(409);
      expect(cancel.body.error.code).toBe('E_CANCEL_NOT_ALLOWED');
      expect(cancel.body.error.details).toMatchObject({ piece_number: 1, piece_status: 'PICKED_UP' });
      expect((await read(id)).status).toBe('LABEL_GENERATED');

      await scan(third, 1, { code: 'PICKED_UP' });
      await scan(master, 2, { code: 'OUT_FOR_DELIVERY', piece_number: 1 });
      await scan(master, 3, { code: 'DELIVERED', piece_number: 1 });
      shipment = await piecesAt(id, ['DELIVERED', 'PICKED_UP', 'PICKED_UP']);
      // One piece delivered is not the shipment delivered: it is where its slowest piece is.
      expect(shipment.status).toBe('PICKED_UP');
      expect(rollUpPieceStatuses(shipment.pieces.map((p: any) => p.status))).toBe('PICKED_UP');

      await scan(second, 3, { code: 'EXCEPTION', exception_type: 'CARRIER_DELAY' });
      shipment = await piecesAt(id, ['DELIVERED', 'EXCEPTION_CARRIER_DELAY', 'PICKED_UP']);
      // An exception of any piece surfaces.
      expect(shipment.status).toBe('EXCEPTION_CARRIER_DELAY');

      await scan(second, 4, { code: 'OUT_FOR_DELIVERY' });
      await scan(second, 5, { code: 'DELIVERED' });
      await scan(third, 4, { code: 'OUT_FOR_DELIVERY' });
      shipment = await piecesAt(id, ['DELIVERED', 'DELIVERED', 'OUT_FOR_DELIVERY']);
      expect(shipment.status).toBe('OUT_FOR_DELIVERY');
      expect(webhooksOf(id, 'shipment.delivered')).toHaveLength(0);

      await scan(third, 6, { code: 'DELIVERED' });
      shipment = await piecesAt(id, ['DELIVERED', 'DELIVERED', 'DELIVERED']);
      expect(shipment.status).toBe('DELIVERED');
      await eventually('shipment.delivered', async () => (webhooksOf(id, 'shipment.delivered').length > 0 ? true : undefined));
      await eventually('shipment.exception', async () => (webhooksOf(id, 'shipment.exception').length > 0 ? true : undefined));
      // Each names the piece whose scan moved the shipment.
      expect(JSON.parse(webhooksOf(id, 'shipment.exception')[0].body).data.piece_number).toBe(2);
      expect(JSON.parse(webhooksOf(id, 'shipment.delivered')[0].body).data.piece_number).toBe(3);

      // The history keeps every piece's scans, each naming its piece; the shipment's own steps name none.
      const tracking = await t.api(`/shipments/${id}/tracking`, { key: team.apiKey });
      expect(tracking.status).toBe(200);
      expect(tracking.body.status).toBe('DELIVERED');
      const events = tracking.body.events as any[];
      const ofPiece = (n: number) => events.filter((e) => e.piece_number === n).map((e) => e.code);
      expect(ofPiece(1)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'PICKED_UP']);
      expect(ofPiece(2)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'EXCEPTION_CARRIER_DELAY', 'PICKED_UP']);
      expect(ofPiece(3)).toEqual(['DELIVERED', 'OUT_FOR_DELIVERY', 'PICKED_UP']);
      expect(events.filter((e) => !('piece_number' in e)).map((e) => e.code)).toEqual(['LABEL_GENERATED', 'CREATED']);

      // The recipient's page says which parcel each scan is about, in both languages.
      const page = `${t.url}${new URL(booked.body.tracking_url).pathname}`;
      const shown: any = await (await fetch(`${page}.json`)).json();
      expect(shown.events.filter((e: any) => e.piece?.number === 2).map((e: any) => [e.code, e.piece.of])).toEqual([
        ['DELIVERED', 3],
        ['OUT_FOR_DELIVERY', 3],
        ['EXCEPTION_CARRIER_DELAY', 3],
        ['PICKED_UP', 3],
      ]);
      expect(shown.events.filter((e: any) => e.piece === null).map((e: any) => e.code)).toEqual(['LABEL_GENERATED', 'CREATED']);
      expect(await (await fetch(page)).text()).toContain('القطعة 2 من 3');
      expect(await (await fetch(`${page}?lang=en`)).text()).toContain('Parcel 3 of 3');

      // Once, whatever the sync reads again.
      await t.app.get(SyncTrackingUseCase).execute({ carrierCode: code, now: new Date(Date.now() + 86_400_000) });
      await sleep(1000);
      expect(webhooksOf(id, 'shipment.delivered')).toHaveLength(1);
      expect(webhooksOf(id, 'shipment.exception')).toHaveLength(1);
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
