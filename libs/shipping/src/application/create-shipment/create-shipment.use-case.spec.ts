import { Shipment } from '../../domain/shipment.aggregate';
import { AddressProps, DomainError, CarrierIntent, CarrierIntentState, CarrierIntentStorePort, CarrierRejectedError } from '@lgw/kernel';
import { DestinationAddressCheck } from '@lgw/addresses';
import { CarrierDescriptor, CarrierConnectionResolver, CarrierPort } from '@lgw/carrier-access';
import { QuoteClaim, QuoteRepositoryPort, StoredQuote, parcelsFingerprint } from '@lgw/rating';
import { BookingIntentCompletion, ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { CreateShipmentCommand } from './create-shipment.command';
import { CreateShipmentUseCase } from './create-shipment.use-case';

const TEAM = 'b1c2d3e4-0000-4000-8000-000000000001';
const NOW = new Date('2026-01-02T00:00:00Z');
const ORIGIN: AddressProps = { city: 'Riyadh', country: 'SA', short_address: 'RRRD2929', phone: '966512345678' };
const DESTINATION: AddressProps = { name: 'Mohammed', city: 'Jeddah', country: 'SA', short_address: 'JEDA1234', phone: '966598765432' };
const PARCELS = [{ weight_kg: 1.2, length_cm: 30, width_cm: 20, height_cm: 10 }];

function quote(overrides: Partial<StoredQuote> = {}): StoredQuote {
  return {
    id: 'quote-1',
    teamId: TEAM,
    carrierCode: 'sahm',
    serviceCode: 'sahm_express_domestic',
    lane: 'domestic',
    originCountry: 'SA',
    destinationCountry: 'SA',
    parcelsFingerprint: parcelsFingerprint(PARCELS),
    chargeableKg: 1.2,
    baseHalalas: 1000,
    weightChargeHalalas: 0,
    fuelSurchargeHalalas: 100,
    vatHalalas: 165,
    totalHalalas: 1265,
    codAmountHalalas: 0,
    codFeeHalalas: 0,
    createdAt: new Date(NOW.getTime() - 60_000),
    expiresAt: new Date(NOW.getTime() + 60_000),
    usedAt: null,
    ...overrides,
  };
}

/** Quotes as the signed repository keeps them: the id says what was quoted, a set says which were used. */
class FakeQuotes implements QuoteRepositoryPort {
  readonly used = new Map<string, Date>();
  readonly calls: string[] = [];

  constructor(
    private readonly stored: StoredQuote,
    private readonly intents: FakeIntents,
  ) {}

  issue(): Promise<string[]> {
    return Promise.resolve([]);
  }

  async findForTeam(teamId: string, quoteId: string): Promise<StoredQuote | null> {
    if (quoteId !== this.stored.id || teamId !== this.stored.teamId) return null;
    return { ...this.stored, usedAt: this.used.get(quoteId) ?? null };
  }

  open(claim: QuoteClaim): StoredQuote | null {
    const q = this.stored;
    if (claim.quoteId !== q.id || claim.teamId !== q.teamId || q.expiresAt <= claim.now) return null;
    if (claim.parcelsFingerprint !== q.parcelsFingerprint || claim.originCountry !== q.originCountry) return null;
    return { ...q, usedAt: null };
  }

  async claim(claim: QuoteClaim): Promise<StoredQuote | null> {
    this.calls.push('claim');
    const q = this.open(claim);
    if (!q || this.used.has(q.id)) return null;
    this.used.set(q.id, claim.now);
    return { ...q, usedAt: claim.now };
  }

  async claimWithIntent(claim: QuoteClaim, q: StoredQuote, intent: Omit<CarrierIntent, 'state'>): Promise<StoredQuote | null> {
    this.calls.push('claimWithIntent');
    if (this.used.has(q.id)) return null;
    this.used.set(q.id, claim.now);
    this.intents.rows.set(intent.id, { ...intent, state: 'pending' });
    return { ...q, usedAt: claim.now };
  }

  async release(teamId: string, quoteId: string): Promise<void> {
    this.calls.push('release');
    this.used.delete(quoteId);
  }
}

class FakeIntents implements CarrierIntentStorePort {
  readonly rows = new Map<string, CarrierIntent>();
  recorded = 0;

  async record(intent: Omit<CarrierIntent, 'state'>): Promise<void> {
    this.recorded += 1;
    this.rows.set(intent.id, { ...intent, state: 'pending' });
  }

  async transition(id: string, from: readonly CarrierIntentState[], to: CarrierIntentState): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || !from.includes(row.state)) return false;
    this.rows.set(id, { ...row, state: to });
    return true;
  }

  claimUnresolved(): Promise<CarrierIntent[]> {
    return Promise.resolve([]);
  }

  async holdsQuote(quoteId: string): Promise<boolean> {
    return [...this.rows.values()].some((r) => r.quoteId === quoteId && r.state !== 'abandoned');
  }

  claimForKey(): Promise<{ claimed: CarrierIntent[]; heldElsewhere: boolean }> {
    return Promise.resolve({ claimed: [], heldElsewhere: false });
  }
}

// A courier level with a parcel limit, as the carrier publishes it.
const LIMITED: CarrierDescriptor = {
  code: 'sahm',
  service_levels: [{ code: 'sahm_express_domestic', lanes: ['domestic'], transit_days: { min: 1, max: 2 }, limits: { max_weight_kg: 1 } }],
} as unknown as CarrierDescriptor;

function setUp(
  options: { quote?: StoredQuote; book?: () => Promise<unknown>; connectionGone?: boolean; catalogue?: CarrierDescriptor[] } = {},
) {
  const intents = new FakeIntents();
  const quotes = new FakeQuotes(options.quote ?? quote(), intents);
  const inserted: Array<{ id: string; completes?: BookingIntentCompletion }> = [];
  const shipments = {
    insertBooked: async (s: Shipment, completes?: BookingIntentCompletion) => {
      inserted.push({ id: s.id, completes });
      // The booking records its CREATED step and shipment.created, saved with it.
      const { history, events } = s.pullEvents();
      expect(history.map((h) => h.code)).toEqual(['CREATED']);
      expect(events.map((e) => e.type)).toEqual(['shipment.created']);
      // What the database does in the same statement.
      const row = completes ? intents.rows.get(completes.intentId) : undefined;
      if (row?.state === 'pending') intents.rows.set(row.id, { ...row, state: 'completed' });
      return 'LGW0000000001';
    },
    findForTeam: async () => null,
  } as unknown as ShipmentRepositoryPort;
  const carrierCalls: string[] = [];
  const adapter = {
    book: async (request: { shipmentId: string }) => {
      carrierCalls.push(request.shipmentId);
      await options.book?.();
      return { trackingNumber: 'SHM1', carrierReference: 'ref-1' };
    },
  } as unknown as CarrierPort;
  const connections = {
    forBooking: async () => {
      if (options.connectionGone) throw new DomainError('E_VALIDATION', { field: 'quote_id', reason: 'connection removed' });
      return adapter;
    },
  } as unknown as CarrierConnectionResolver;
  const links = { label: (id: string) => `/labels/${id}`, batchResult: () => '', batchRejections: () => '' };
  const useCase = new CreateShipmentUseCase(
    quotes,
    shipments,
    { all: () => options.catalogue ?? [], find: (code) => options.catalogue?.find((c) => c.code === code), connectionOnly: () => [] },
    { now: () => NOW },
    intents,
    links,
    { intentRecoveryAfterMs: 60_000 } as never,
    // National Address verification off: destinations pass unchanged (its own rules are tested with the check).
    new DestinationAddressCheck({ lookup: async () => null }, { enabled: false }),
    connections,
  );
  const command = (overrides: Partial<CreateShipmentCommand> = {}): CreateShipmentCommand => ({
    teamId: TEAM,
    quoteId: 'quote-1',
    origin: ORIGIN,
    destination: DESTINATION,
    parcels: PARCELS,
    ...overrides,
  });
  return { useCase, command, quotes, intents, inserted, carrierCalls };
}

describe('CreateShipmentUseCase', () => {
  it('claims the quote and records the intent in one write, and completes the intent with the shipment', async () => {
    const { useCase, command, quotes, intents, inserted, carrierCalls } = setUp();
    const view = await useCase.execute(command());
    expect(quotes.calls).toEqual(['claimWithIntent']);
    expect(intents.recorded).toBe(0);
    const [intent] = [...intents.rows.values()];
    expect(intent).toMatchObject({ kind: 'book', quoteId: 'quote-1', idempotency: null, shipmentId: view.id, state: 'completed' });
    expect(carrierCalls).toEqual([view.id]);
    expect(inserted).toEqual([{ id: view.id, completes: { intentId: intent.id, at: NOW } }]);
  });

  it('under an Idempotency-Key leaves the intent pending for the key to close with the kept answer', async () => {
    const { useCase, command, intents, inserted } = setUp();
    const key = { scope: 'POST /shipments', key: 'k-1' };
    const view = await useCase.execute(command({ idempotencyKey: key }));
    expect([...intents.rows.values()]).toEqual([expect.objectContaining({ idempotency: key, shipmentId: view.id, state: 'pending' })]);
    expect(inserted).toEqual([{ id: view.id, completes: undefined }]);
  });

  it('refuses a quote used already with 409 and records no intent', async () => {
    const { useCase, command, quotes, intents, carrierCalls } = setUp();
    quotes.used.set('quote-1', NOW);
    await expect(useCase.execute(command())).rejects.toMatchObject({ code: 'E_QUOTE_ALREADY_USED' });
    expect(intents.rows.size).toBe(0);
    expect(carrierCalls).toEqual([]);
  });

  it('refuses another cash amount than the quote priced and leaves the quote unused', async () => {
    const { useCase, command, quotes, intents } = setUp();
    await expect(useCase.execute(command({ codAmountHalalas: 5000 }))).rejects.toMatchObject({
      code: 'E_VALIDATION',
      details: { field: 'cod_amount' },
    });
    expect(quotes.used.size).toBe(0);
    expect(intents.rows.size).toBe(0);
  });

  it('refuses a parcel over the service level limits with 422 naming the field, before any write or carrier call', async () => {
    const { useCase, command, quotes, intents, carrierCalls } = setUp({ catalogue: [LIMITED] });
    await expect(useCase.execute(command())).rejects.toMatchObject({
      code: 'E_VALIDATION',
      details: {
        field: 'parcels.0.weight_kg',
        reason: 'must be at most 1 kg on sahm_express_domestic (max_weight_kg)',
        reason_ar: 'يجب ألا يتجاوز 1 كغ في خدمة sahm_express_domestic (max_weight_kg)',
      },
    });
    expect(quotes.used.size).toBe(0);
    expect(intents.rows.size).toBe(0);
    expect(carrierCalls).toEqual([]);
  });

  it('books a parcel within the service level limits', async () => {
    const within = [{ weight_kg: 0.9, length_cm: 30, width_cm: 20, height_cm: 10 }];
    const { useCase, command, carrierCalls } = setUp({
      catalogue: [LIMITED],
      quote: quote({ parcelsFingerprint: parcelsFingerprint(within) }),
    });
    const view = await useCase.execute(command({ parcels: within }));
    expect(carrierCalls).toEqual([view.id]);
  });

  it('still answers 409 for a used quote whose connection is gone (the claim decides first)', async () => {
    const { useCase, command, quotes } = setUp({ connectionGone: true });
    quotes.used.set('quote-1', NOW);
    await expect(useCase.execute(command())).rejects.toMatchObject({ code: 'E_QUOTE_ALREADY_USED' });
  });

  it('gives the quote back when its connection is gone, with no intent left', async () => {
    const { useCase, command, quotes, intents, carrierCalls } = setUp({ connectionGone: true });
    await expect(useCase.execute(command())).rejects.toMatchObject({ details: { reason: 'connection removed' } });
    expect(quotes.used.size).toBe(0);
    expect(intents.rows.size).toBe(0);
    expect(carrierCalls).toEqual([]);
  });

  it('abandons the intent and gives the quote back when the carrier refuses', async () => {
    const { useCase, command, quotes, intents } = setUp({
      book: () => Promise.reject(new CarrierRejectedError('sahm', 'no')),
    });
    await expect(useCase.execute(command())).rejects.toBeInstanceOf(CarrierRejectedError);
    expect([...intents.rows.values()].map((i) => i.state)).toEqual(['abandoned']);
    expect(quotes.used.size).toBe(0);
  });

  it('claims again a quote whose request died before recording an intent (claim, then intent)', async () => {
    const { useCase, command, quotes, intents } = setUp();
    quotes.used.set('quote-1', new Date(NOW.getTime() - 120_000));
    const view = await useCase.execute(command());
    expect(quotes.calls).toEqual(['claimWithIntent', 'claim', 'release', 'claim']);
    expect(intents.recorded).toBe(1);
    expect([...intents.rows.values()]).toEqual([expect.objectContaining({ shipmentId: view.id, state: 'completed' })]);
  });
});
