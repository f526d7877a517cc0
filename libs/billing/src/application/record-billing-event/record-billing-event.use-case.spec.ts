import { TenantModes } from '@lgw/access';
import { BillingLineDraft } from '../../domain/billing-line';
import { chargeWithoutVat } from '../rate-card-charge';
import { RateCardSourcePort } from '@lgw/carrier-access';
import { parseRateCard, RateCard } from '@lgw/kernel';
import { EXPRESS_CARD_JSON } from '@lgw/rating';
import { BillingLedgerPort, LedgerEntry, LedgerLine } from '../ports/billing-ledger.port';
import { ShipmentRepositoryPort, ShipmentRecord } from '@lgw/shipping';
import { RecordBillingEventUseCase } from './record-billing-event.use-case';

/** The ledger's contract in memory: unique (shipment, cause, source event), receipts. */
class MemoryLedger implements Pick<BillingLedgerPort, 'record' | 'acknowledge'> {
  readonly lines: Array<LedgerLine & { sourceEventId: string; period: string; occurredAt: Date }> = [];
  readonly receipts = new Set<string>();

  async record(entry: LedgerEntry, decide: (existing: readonly LedgerLine[]) => readonly BillingLineDraft[]): Promise<number> {
    const existing = this.lines.filter((l) => l.shipmentId === entry.shipmentId);
    let added = 0;
    for (const d of decide(existing)) {
      if (existing.some((l) => l.cause === d.cause && l.sourceEventId === entry.sourceEventId)) continue;
      this.lines.push({
        shipmentId: entry.shipmentId,
        trackingNumber: entry.trackingNumber,
        cause: d.cause,
        amountHalalas: d.amount.halalas,
        vatHalalas: d.vat.halalas,
        descriptionEn: d.description_en,
        descriptionAr: d.description_ar,
        recordedAt: new Date(),
        sourceEventId: entry.sourceEventId,
        period: entry.period.key,
        occurredAt: entry.occurredAt,
      });
      added += 1;
    }
    this.receipts.add(entry.sourceEventId);
    return added;
  }

  async acknowledge(eventId: string): Promise<void> {
    this.receipts.add(eventId);
  }
}

const card: RateCard = parseRateCard(EXPRESS_CARD_JSON);

const shipment: ShipmentRecord = {
  id: '11111111-1111-4111-8111-111111111111',
  teamId: '22222222-2222-4222-8222-222222222222',
  quoteId: 'q',
  serviceReference: 'LGW1',
  carrierCode: 'test',
  serviceCode: 'test_express',
  trackingNumber: 'TEST0001',
  carrierReference: 'c',
  status: 'CREATED',
  progress: 'CREATED',
  lastEventAt: null,
  lane: 'domestic',
  origin: { city: 'Riyadh', country: 'SA' },
  destination: { city: 'Jeddah', country: 'SA' },
  parcels: [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }],
  chargeableKg: 1.5,
  declaredValueHalalas: null,
  incoterm: null,
  hsCodes: [],
  codAmountHalalas: 20_000,
  reference: null,
  quotedTotalHalalas: 0,
  // Deliberately not the card's price: the charge must come from what was quoted.
  quotedLines: { base: 1800, weight_charge: 400, fuel_surcharge: 220, vat: 363 },
  warnings: [],
  estimatedDeliveryAt: new Date('2026-11-03T00:00:00Z'),
  createdAt: new Date('2026-10-31T20:30:00Z'),
  updatedAt: new Date('2026-10-31T20:30:00Z'),
  cancelledAt: new Date('2026-11-02T08:00:00Z'),
  cancelReason: null,
};

function setup(record: ShipmentRecord | null = shipment) {
  const ledger = new MemoryLedger();
  const shipments = { findForTeam: async () => record } as unknown as ShipmentRepositoryPort;
  const cards: RateCardSourcePort = { get: (code) => (code === card.service_code ? card : undefined) };
  // The real tenant modes over a team store that knows this team as live.
  const modes = new TenantModes({ modeOf: async () => 'live' });
  const useCase = new RecordBillingEventUseCase(shipments, ledger as unknown as BillingLedgerPort, cards, modes);
  const run = (eventId: string, type: string, payload: Record<string, unknown> = {}, recordedAt = '2026-11-05T10:00:00Z') =>
    useCase.execute({ eventId, type, teamId: shipment.teamId, shipmentId: shipment.id, payload, recordedAt });
  return { ledger, run };
}

describe('RecordBillingEventUseCase', () => {
  it('bills a booking at the stored quoted charge, with its COD fee, in the month it was booked', async () => {
    const { ledger, run } = setup();
    expect(await run('1', 'shipment.created')).toBe(2);
    expect(ledger.lines.map((l) => [l.cause, l.amountHalalas, l.vatHalalas, l.period])).toEqual([
      ['shipment', 2420, 363, '2026-10'],
      ['cod_fee', 500, 75, '2026-10'],
    ]);
    expect(await run('1', 'shipment.created')).toBe(0);
  });

  it('credits a cancellation once, whatever number of cancellation events arrive', async () => {
    const { ledger, run } = setup();
    await run('1', 'shipment.created');
    expect(await run('2', 'shipment.cancelled')).toBe(1);
    expect(await run('3', 'shipment.cancelled')).toBe(0);
    const credit = ledger.lines.filter((l) => l.cause === 'cancellation_credit');
    expect(credit.map((l) => [l.amountHalalas, l.vatHalalas, l.period])).toEqual([[-2420, -363, '2026-11']]);
  });

  it("prices a measured weight on the service level's rate card and bills it in the month it was recorded", async () => {
    const { ledger, run } = setup();
    expect(await run('4', 'shipment.weighed', { measured_weight_kg: 3.2 })).toBe(1);
    expect(ledger.lines[0]).toMatchObject({
      cause: 'weight_adjustment',
      amountHalalas: chargeWithoutVat(card, 3.5).halalas - chargeWithoutVat(card, 1.5).halalas,
      period: '2026-11',
    });
    // The same weight reported again by a later event bills nothing more.
    expect(await run('5', 'shipment.weighed', { measured_weight_kg: 3.2 })).toBe(0);
  });

  it('bills a return once, at the forward charge, on RETURN_TO_ORIGIN or a RETURNED reported without it', async () => {
    const { ledger, run } = setup();
    expect(await run('6', 'shipment.status_changed', { status: 'RETURN_TO_ORIGIN' })).toBe(1);
    expect(await run('7', 'shipment.status_changed', { status: 'RETURNED' })).toBe(0);
    const direct = setup();
    expect(await direct.run('6', 'shipment.status_changed', { status: 'RETURNED' })).toBe(1);
    expect(ledger.lines.map((l) => [l.cause, l.amountHalalas])).toEqual([['return_fee', 2420]]);
  });

  it('acknowledges events that bill nothing, so the sweep does not chase them', async () => {
    const { ledger, run } = setup(null);
    expect(await run('8', 'shipment.created')).toBe(0);
    expect(ledger.receipts.has('8')).toBe(true);
  });

  it('fails (and so retries) rather than bill a measured weight without a rate card', async () => {
    const { run } = setup({ ...shipment, serviceCode: 'gone' });
    await expect(run('9', 'shipment.weighed', { measured_weight_kg: 9 })).rejects.toThrow(/no rate card/);
  });
});
