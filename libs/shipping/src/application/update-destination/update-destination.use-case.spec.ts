import { AddressProps, ShipmentStatus, CarrierIntentStorePort, WebhookSecretCipherPort } from '@lgw/kernel';
import { DestinationAddressCheck } from '@lgw/addresses';
import { CarrierConnectionRepositoryPort, CarrierConnectionResolver, CarrierPort, CarrierRegistryPort } from '@lgw/carrier-access';
import { QuoteRepositoryPort } from '@lgw/rating';
import { DestinationChange, ShipmentDestinationWriterPort } from '../ports/shipment-destination.port';
import { ShipmentRepositoryPort } from '../ports/shipment.repository.port';
import { ShipmentRecord } from '../shipment.record';
import { UpdateDestinationUseCase } from './update-destination.use-case';

const JEDDAH: AddressProps = { city: 'Jeddah', country: 'SA', short_address: 'JEDA1234', phone: '966598765432' };
const DAMMAM: AddressProps = { city: 'Dammam', country: 'SA', short_address: 'DMMD1234', phone: '966501112233' };
const KHOBAR: AddressProps = { city: 'Khobar', country: 'SA', short_address: 'KHBR1234', phone: '966501112244' };

function shipment(overrides: Partial<ShipmentRecord> = {}): ShipmentRecord {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    id: '6d3c1a8e-4b1f-4f7a-9c55-0d7c2f1e9a01',
    teamId: 'b1c2d3e4-0000-4000-8000-000000000001',
    quoteId: 'q',
    serviceReference: 'LGW0000000001',
    carrierCode: 'sahm',
    serviceCode: 'sahm_express_domestic',
    trackingNumber: 'SHM1',
    carrierReference: 'ref',
    status: 'CREATED',
    progress: 'CREATED',
    lastEventAt: at,
    lane: 'domestic',
    origin: { city: 'Riyadh', country: 'SA', short_address: 'RRRD2929' },
    destination: JEDDAH,
    parcels: [{ weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 }],
    chargeableKg: 1,
    declaredValueHalalas: null,
    incoterm: null,
    hsCodes: [],
    codAmountHalalas: null,
    reference: null,
    quotedTotalHalalas: 1000,
    warnings: [],
    estimatedDeliveryAt: at,
    createdAt: at,
    updatedAt: at,
    cancelledAt: null,
    cancelReason: null,
    ...overrides,
  };
}

/** Reads come from `reads` in turn (the last one repeats); writes answer from `writes`. */
function setUp(reads: ShipmentRecord[], writes: Array<(c: DestinationChange) => ShipmentRecord | null>) {
  const carrierCalls: AddressProps[] = [];
  const changes: DestinationChange[] = [];
  let read = 0;
  const repository = {
    findForTeam: async () => reads[Math.min(read++, reads.length - 1)],
  } as unknown as ShipmentRepositoryPort;
  const adapter = { updateDestination: async (_tn: string, a: AddressProps) => void carrierCalls.push(a) } as unknown as CarrierPort;
  const registry: CarrierRegistryPort = { get: () => adapter };
  let write = 0;
  const writer: ShipmentDestinationWriterPort = {
    replaceDestination: async (change) => {
      changes.push(change);
      return writes[Math.min(write++, writes.length - 1)](change);
    },
  };
  const links = {
    label: (id: string) => `/labels/${id}`,
    batchResult: () => '',
    batchRejections: () => '',
    carrierWebhook: () => '',
    trackingPage: (token: string) => `https://track.example/t/${token}`,
  };
  const clock = { now: () => new Date('2026-01-02T00:00:00Z') };
  const intents = { record: async () => undefined, transition: async () => true } as unknown as CarrierIntentStorePort;
  // The real resolver: the shipment's quote names no connection, so the carrier's platform adapter answers.
  const connections = new CarrierConnectionResolver(
    { activePlatform: async () => [] } as unknown as CarrierConnectionRepositoryPort,
    registry,
    {} as WebhookSecretCipherPort,
    clock,
    { open: () => null } as unknown as QuoteRepositoryPort,
  );
  const addresses = new DestinationAddressCheck({ lookup: async () => null }, { enabled: false });
  const catalogue = { all: () => [], find: () => undefined, connectionOnly: () => [] };
  const useCase = new UpdateDestinationUseCase(repository, catalogue, links, writer, clock, intents, addresses, connections);
  const run = (body: AddressProps = DAMMAM) => useCase.execute({ teamId: shipment().teamId, shipmentId: shipment().id, destination: body });
  return { run, carrierCalls, changes };
}

const applied = (c: DestinationChange) => shipment({ destination: c.shipment.state.destination, warnings: [...c.shipment.state.warnings] });

describe('UpdateDestinationUseCase', () => {
  it('tells the carrier, then writes destination and event conditionally on what it read', async () => {
    const { run, carrierCalls, changes } = setUp([shipment()], [applied]);
    const view = await run();
    expect(view.destination).toEqual(DAMMAM);
    expect(carrierCalls).toEqual([DAMMAM]);
    expect(changes[0]).toMatchObject({ expected: JEDDAH, refusedIn: ['DELIVERED', 'RETURNED', 'LOST', 'CANCELLED'] });
    expect(changes[0].shipment.state.destination).toEqual(DAMMAM);
    expect(changes[0].shipment.pullEvents().events).toMatchObject([
      { type: 'shipment.destination_updated', payload: { previous_destination: JEDDAH, destination: DAMMAM, kinds: [] } },
    ]);
  });

  it('re-sends its address when another update won the race, so carrier and gateway agree', async () => {
    const { run, carrierCalls } = setUp([shipment(), shipment({ destination: KHOBAR })], [() => null, applied]);
    const view = await run();
    expect(view.destination).toEqual(DAMMAM);
    expect(carrierCalls).toEqual([DAMMAM, DAMMAM]);
  });

  it.each<ShipmentStatus>(['DELIVERED', 'CANCELLED'])('gives 409 when the shipment became %s meanwhile', async (status) => {
    const { run } = setUp([shipment(), shipment({ status })], [() => null]);
    await expect(run()).rejects.toMatchObject({ code: 'E_DESTINATION_UPDATE_NOT_ALLOWED', details: { status } });
  });

  it('gives up with 409 after three lost rounds', async () => {
    const rivals = [JEDDAH, KHOBAR, JEDDAH, KHOBAR].map((destination) => shipment({ destination }));
    const { run, carrierCalls } = setUp(rivals, [() => null]);
    await expect(run()).rejects.toMatchObject({ code: 'E_DESTINATION_UPDATE_NOT_ALLOWED' });
    expect(carrierCalls).toHaveLength(3);
  });

  it('does nothing for the address it already has', async () => {
    const { run, carrierCalls, changes } = setUp([shipment({ destination: DAMMAM })], [applied]);
    expect((await run({ ...DAMMAM, short_address: 'dmmd1234' })).destination).toEqual(DAMMAM);
    expect(carrierCalls).toHaveLength(0);
    expect(changes).toHaveLength(0);
  });

  it('recomputes only the destination-phone warning', async () => {
    const kept = { code: 'HS_CODES_MISSING' as const, message_en: 'x', message_ar: 'y' };
    const { run } = setUp([shipment({ warnings: [kept] })], [applied]);
    const { phone: _phone, ...noPhone } = DAMMAM;
    const view = await run(noPhone);
    expect(view.warnings.map((w) => w.code)).toEqual(['HS_CODES_MISSING', 'DESTINATION_PHONE_MISSING']);
  });
});
