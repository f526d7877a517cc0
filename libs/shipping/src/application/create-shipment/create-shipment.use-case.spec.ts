import { Shipment } from '../../domain/shipment.aggregate';
import {
  AddressProps,
  DomainError,
  CarrierIntent,
  CarrierIntentState,
  CarrierIntentStorePort,
  CarrierRejectedError,
  CarrierDescriptor,
} from '@lgw/kernel';
import { DestinationAddressCheck } from '@lgw/addresses';
import { CarrierConnectionResolver, CarrierPort } from '@lgw/carrier-access';
import { QuoteRepositoryPort, StoredQuote, parcelsFingerprint } from '@lgw/rating';
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
    price: { totalHalalas: 1265, lines: { base: 1000, weight_charge: 0, fuel_surcharge: 100, vat: 165 } },
    codAmountHalalas: 0,
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

  open(teamId: string, quoteId: string): StoredQuote | null {
    const q = this.stored;
    return quoteId === q.id && teamId === q.teamId ? { ...q, usedAt: null } : null;
  }

  async claimWithIntent(q: StoredQuote, intent: Omit<CarrierIntent, 'state'>, now: Date): Promise<boolean> {
    this.calls.push('claimWithIntent');
    if (this.used.has(q.id)) return false;
    this.used.set(q.id, now);
    this.intents.rows.set(intent.id, { ...intent, state: 'pending' });
    return true;
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

  claimForKey(): Promise<{ claimed: CarrierIntent[]; heldElsewhere: boolean }> {
    return Promise.resolve({ claimed: [], heldElsewhere: false });
  }

  bookedUnderKey(): Promise<string | null> {
    return Promise.resolve(null);
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
  const links = {
    label: (id: string) => `/labels/${id}`,
    batchResult: () => '',
    batchRejections: () => '',
    carrierWebhook: () => '',
    trackingPage: (token: string) => `https://track.example/t/${token}`,
  };
  const useCase = new CreateShipmentUseCase(
    quotes,
    shipments,
    { all: () => options.catalogue ?? [], find: (code) => options.catalogue?.find((c) => c.code === code), connectionOnly: () => [] },
    { now: () => NOW },
    intents,
    links,
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

  it('under an Idempotency-Key closes the intent with the shipment too, naming the key for a retry to find it', async () => {
    const { useCase, command, intents, inserted } = setUp();
    const key = { scope: 'POST /shipments', key: 'k-1' };
    const view = await useCase.execute(command({ idempotencyKey: key }));
    const [intent] = [...intents.rows.values()];
    expect(intent).toMatchObject({ idempotency: key, shipmentId: view.id, state: 'completed' });
    expect(inserted).toEqual([{ id: view.id, completes: { intentId: intent.id, at: NOW } }]);
  });

  it('books the price lines and the cash on delivery the quote carries; a cod_amount in the request only confirms it', async () => {
    const lines = { base: 1000, weight_charge: 0, fuel_surcharge: 100, cod_fee: 1500, vat: 390 };
    const cod = quote({ codAmountHalalas: 12_550, price: { totalHalalas: 2990, lines } });
    const omitted = setUp({ quote: cod });
    const view = await omitted.useCase.execute(omitted.command());
    expect(view.cod).toMatchObject({ amount_sar: 125.5, fee_sar: 15 });
    const confirmed = setUp({ quote: cod });
    await expect(confirmed.useCase.execute(confirmed.command({ codAmountHalalas: 12_550 }))).resolves.toMatchObject({
      cod: { amount_sar: 125.5 },
    });
    const plain = setUp();
    expect((await plain.useCase.execute(plain.command())).cod).toBeNull();
  });

  it('refuses an expired quote with 409 before any write, and a used one with 409 first', async () => {
    const expired = quote({ expiresAt: new Date(NOW.getTime() - 1) });
    const fresh = setUp({ quote: expired });
    await expect(fresh.useCase.execute(fresh.command())).rejects.toMatchObject({ code: 'E_QUOTE_EXPIRED' });
    expect(fresh.quotes.calls).toEqual([]);
    const used = setUp({ quote: expired });
    used.quotes.used.set('quote-1', NOW);
    await expect(used.useCase.execute(used.command())).rejects.toMatchObject({ code: 'E_QUOTE_ALREADY_USED' });
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

  it('refuses several parcels on a carrier that takes one per shipment, listing every problem, before any write or carrier call', async () => {
    const heavy = [
      { weight_kg: 3, length_cm: 30, width_cm: 20, height_cm: 10 },
      { weight_kg: 0.5, length_cm: 30, width_cm: 20, height_cm: 10 },
    ];
    const { useCase, command, quotes, intents, carrierCalls } = setUp({
      catalogue: [LIMITED],
      quote: quote({ parcelsFingerprint: parcelsFingerprint(heavy) }),
    });
    await expect(useCase.execute(command({ parcels: heavy }))).rejects.toMatchObject({
      code: 'E_VALIDATION',
      details: {
        errors: [
          expect.objectContaining({ field: 'parcels.0.weight_kg' }),
          {
            field: 'parcels',
            reason: 'the carrier takes one parcel per shipment',
            reason_ar: 'شركة الشحن تقبل طرداً واحداً لكل شحنة',
          },
        ],
      },
    });
    expect(quotes.used.size).toBe(0);
    expect(intents.rows.size).toBe(0);
    expect(carrierCalls).toEqual([]);
  });

  it('still answers 409 for a used quote whose connection is gone (the use is the refusal a caller acts on first)', async () => {
    const { useCase, command, quotes } = setUp({ connectionGone: true });
    quotes.used.set('quote-1', NOW);
    await expect(useCase.execute(command())).rejects.toMatchObject({ code: 'E_QUOTE_ALREADY_USED' });
  });

  it('refuses a quote whose connection is gone without claiming it, with no intent left', async () => {
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
});
