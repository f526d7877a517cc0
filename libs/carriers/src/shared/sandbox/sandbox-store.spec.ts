import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHIPMENT_STATUSES } from '@lgw/kernel';
import { bookSandboxPickup } from './pickups';
import { keepMap, NewShipment, SandboxState } from './sandbox-state';
import { SANDBOX_STATE_FILE, SandboxStore } from './sandbox-store';
import { Vocabulary } from './sandbox-types';

const vocabulary: Vocabulary = Object.fromEntries(SHIPMENT_STATUSES.map((status, i) => [status, { code: `c${i}`, text: status }]));

/** A sandbox as the server builds it: one carrier and one simulator index kept with the state. */
function sandbox(autoAdvanceMs = 0): { state: SandboxState; index: Map<string, string> } {
  const state = new SandboxState(autoAdvanceMs);
  state.addCarrier('global', vocabulary);
  const index = new Map<string, string>();
  state.onReset(() => index.clear());
  keepMap(state, 'global.index', index);
  return { state, index };
}

const booking = (trackingNumber: string, overrides: Partial<NewShipment> = {}): NewShipment => ({
  carrier: 'global',
  trackingNumber,
  carrierReference: `ref-${trackingNumber}`,
  service: 'EXP-DOM',
  clientReference: `gw-${trackingNumber}`,
  origin: { city: 'Riyadh', country: 'SA', name: 'Shop' },
  destination: { city: 'Jeddah', country: 'SA', name: 'Buyer' },
  parcels: [{ weight_kg: 1.5, length_cm: 10, width_cm: 10, height_cm: 10 }],
  native: { any: 'thing' },
  ...overrides,
});

describe('SandboxStore', () => {
  let dir: string;
  const warnings: { message: string; fields: Record<string, unknown> }[] = [];
  const warn = (message: string, fields: Record<string, unknown>) => warnings.push({ message, fields });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lgw-sandbox-store-'));
    warnings.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a new sandbox over the same directory knows every shipment, event, cancellation, pickup, payout and simulator index', async () => {
    const first = sandbox();
    const store = new SandboxStore(first.state, { dir, warn });
    expect(store.load()).toEqual({ restored: false });
    const moving = first.state.addShipment(booking('T1', { codAmountHalalas: 12_500 }));
    first.state.recordStatus(moving, 'PICKED_UP', { source: 'control', locationEn: 'Riyadh hub', locationAr: 'مركز الرياض' });
    first.state.recordStatus(moving, 'DELIVERED', { source: 'control' });
    const cancelled = first.state.addShipment(booking('T2'));
    first.state.cancel(cancelled, 'changed mind');
    first.state.addShipment(booking('T3'));
    const parcels = first.state.addShipment({ ...booking('T4'), pieceTrackingNumbers: ['T4', 'T4B'] });
    first.state.recordStatus(parcels, 'PICKED_UP', { source: 'control', piece: 2 });
    const pickup = bookSandboxPickup(
      first.state.carrier('global'),
      { reference: 'pk_1', date: '2026-12-01', from: '09:00', to: '12:00', trackingNumbers: ['T3'], city: 'Riyadh', native: {} },
      'PU',
    );
    first.state.changed();
    first.state.addRemittance('global', [{ trackingNumber: 'T1', amountHalalas: 12_500 }], 'PAY-1');
    first.index.set('gw-T1', 'T1');
    first.state.changed();
    await store.close();

    const second = sandbox();
    expect(new SandboxStore(second.state, { dir, warn }).load()).toEqual({ restored: true });
    const carrier = second.state.carrier('global');
    expect([...carrier.shipments.keys()]).toEqual(['T1', 'T2', 'T3', 'T4']);
    // A parcel's own number still finds its shipment, and its scan stays that parcel's.
    expect(carrier.tracked('T4B')).toMatchObject({ shipment: { trackingNumber: 'T4', latestStatus: 'CREATED' }, piece: 2 });
    expect(carrier.tracked('T4B')!.shipment.events.map((e) => e.piece)).toEqual([2]);
    const t1 = second.state.findShipment('global', 'T1')!;
    expect(t1.latestStatus).toBe('DELIVERED');
    expect(t1.bookedAt).toBeInstanceOf(Date);
    expect(t1.bookedAt.getTime()).toBe(moving.bookedAt.getTime());
    expect(t1.events.map((e) => [e.specStatus, e.nativeCode, e.locationAr])).toEqual(
      moving.events.map((e) => [e.specStatus, e.nativeCode, e.locationAr]),
    );
    expect(t1.events[1].codCollectedHalalas).toBe(12_500);
    expect(t1.events[0].occurredAt).toBeInstanceOf(Date);
    expect(second.state.findShipment('global', 'T2')).toMatchObject({ cancelled: true, latestStatus: 'CANCELLED' });
    expect(second.state.findShipment('global', 'T2')!.cancellations![0].received_at).toBeInstanceOf(Date);
    expect(carrier.pickups.get(pickup.pickup!.confirmationNumber)).toMatchObject({ reference: 'pk_1', trackingNumbers: ['T3'] });
    expect(carrier.remittances).toEqual([expect.objectContaining({ seq: 1, reference: 'PAY-1', remittedAt: expect.any(Date) })]);
    expect(carrier.detail('T1')).toMatchObject({ destination: { city: 'Jeddah', name: 'Buyer' }, nativeJson: '{"any":"thing"}' });
    expect(second.index.get('gw-T1')).toBe('T1');
    // Event sequence numbers keep growing across the restart: feeds that page on them see no repeat.
    const next = second.state.recordStatus(second.state.findShipment('global', 'T3')!, 'PICKED_UP', { source: 'control' });
    expect(next.seq).toBeGreaterThan(t1.events[1].seq);
    expect(warnings).toEqual([]);
  });

  it('saves in the background after changes, at most one save per interval, and replaces the file whole', async () => {
    const { state } = sandbox();
    const store = new SandboxStore(state, { dir, warn, minIntervalMs: 50 });
    store.load();
    for (let i = 0; i < 200; i++) state.addShipment(booking(`B${i}`));
    const path = join(dir, SANDBOX_STATE_FILE);
    for (let i = 0; i < 100 && !readdirSync(dir).includes(SANDBOX_STATE_FILE); i++) await new Promise((r) => setTimeout(r, 20));
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.carriers.global.shipments).toHaveLength(200);
    state.addShipment(booking('LATE'));
    await store.close();
    expect(JSON.parse(readFileSync(path, 'utf8')).carriers.global.shipments).toHaveLength(201);
    // Only the state file: temporary files are renamed over it, none is left behind.
    expect(readdirSync(dir)).toEqual([SANDBOX_STATE_FILE]);
  });

  it('a save cut short (a temporary file left by a crash) leaves the previous snapshot in force', async () => {
    const first = sandbox();
    const store = new SandboxStore(first.state, { dir, warn });
    store.load();
    first.state.addShipment(booking('KEPT'));
    await store.close();
    writeFileSync(join(dir, `${SANDBOX_STATE_FILE}.tmp-99999`), '{"version":1,"seq":0,"carriers":{"glob');

    const second = sandbox();
    expect(new SandboxStore(second.state, { dir, warn }).load()).toEqual({ restored: true });
    expect([...second.state.carrier('global').shipments.keys()]).toEqual(['KEPT']);
  });

  it.each([
    ['truncated JSON', '{"version":1,"seq":3,"carriers":{"global":{"shipments":[{"carrier":"gl'],
    ['not a snapshot', '["hello"]'],
    ['a future version', '{"version":99,"seq":0,"carriers":{},"kept":{}}'],
  ])('an unreadable file (%s) is set aside with a warning and the sandbox starts empty', async (_, content) => {
    writeFileSync(join(dir, SANDBOX_STATE_FILE), content);
    const { state } = sandbox();
    const store = new SandboxStore(state, { dir, warn });
    expect(store.load()).toEqual({ restored: false });
    expect(state.carrier('global').shipments.size).toBe(0);
    expect(warnings).toEqual([
      expect.objectContaining({
        message: 'carrier sandbox state unreadable; starting empty',
        fields: expect.objectContaining({ path: join(dir, SANDBOX_STATE_FILE) }),
      }),
    ]);
    const aside = readdirSync(dir).filter((f) => f.startsWith(`${SANDBOX_STATE_FILE}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]), 'utf8')).toBe(content);

    // The sandbox carries on and saves again.
    state.addShipment(booking('AFTER'));
    await store.close();
    const again = sandbox();
    new SandboxStore(again.state, { dir, warn }).load();
    expect([...again.state.carrier('global').shipments.keys()]).toEqual(['AFTER']);
  });

  it('a restored shipment still on its way resumes automatic steps', async () => {
    const first = sandbox(60_000);
    const store = new SandboxStore(first.state, { dir, warn });
    store.load();
    first.state.addShipment(booking('AUTO'));
    first.state.cancel(first.state.addShipment(booking('STOPPED')));
    await store.close();

    let now = Date.now();
    const state = new SandboxState(1000, () => now);
    state.addCarrier('global', vocabulary);
    keepMap(state, 'global.index', new Map());
    new SandboxStore(state, { dir, warn }).load();
    now += 1000;
    expect(state.advanceDue()).toBe(1);
    expect(state.findShipment('global', 'AUTO')!.latestStatus).not.toBe('CREATED');
    expect(state.findShipment('global', 'STOPPED')!.events).toEqual([]);
  });
});
