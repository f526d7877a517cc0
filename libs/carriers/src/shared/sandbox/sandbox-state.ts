import { FAULT_ERROR_BODY } from './fault-body';
import { randomBytes } from 'node:crypto';
import { isTerminal, ShipmentStatus } from '@lgw/kernel';
import { applyStatus, nextAutomaticStatus, sideOf } from './lifecycle';
import { describeCity } from './places';
import { PLATFORM_SANDBOX_ACCOUNT, SandboxAccounts } from './sandbox-accounts';
import { TEST_SCENARIOS, testScenarioOf } from './test-values';
import {
  Fault,
  PassthroughRecord,
  SandboxPickup,
  SandboxBookingDetail,
  SandboxEvent,
  SandboxParcel,
  SandboxParty,
  SandboxProof,
  SandboxRemittance,
  SandboxShipment,
  Vocabulary,
} from './sandbox-types';

const PASSTHROUGH_LOG_SIZE = 20;
/**
 * Full booking details (addresses, parcels, raw payload) are kept for the most recent
 * bookings only: they serve inspection in tests, and a bulk run (a 100,000-row order file
 * through an in-process sandbox) must not hold them all in memory.
 */
const DETAILS_KEPT = 1000;

export interface CarrierStats {
  native_requests: number;
  bookings: number;
  passthrough_requests: number;
}

export class CarrierState {
  readonly shipments = new Map<string, SandboxShipment>();
  /** The other parcels' numbers of shipments numbered per parcel → the shipment's tracking number. */
  readonly pieceNumbers = new Map<string, string>();
  /** Courier collections by confirmation number. */
  readonly pickups = new Map<string, SandboxPickup>();
  fault: Fault = { mode: 'none', latencyMs: 0 };
  /** What the `error` fault answers: the simulator's declared failure body (CarrierSimulator.faultBody). */
  faultBody: unknown = FAULT_ERROR_BODY;
  stats: CarrierStats = { native_requests: 0, bookings: 0, passthrough_requests: 0 };
  passthroughLog: PassthroughRecord[] = [];
  /** Cash-on-delivery payouts, in publication order; each simulator publishes them in its own style. */
  remittances: SandboxRemittance[] = [];
  /** Merchant accounts and their credentials; kept across resets, like a carrier's customer base. */
  readonly accounts = new SandboxAccounts();
  private details = new Map<string, SandboxBookingDetail>();

  constructor(
    readonly code: string,
    readonly vocabulary: Vocabulary,
  ) {}

  /** Recent booking details, oldest first (persistence). */
  recentDetails(): [string, SandboxBookingDetail][] {
    return [...this.details];
  }

  /** Whether a booking already holds this number, as a shipment's or as one of its parcels'. */
  isIssued(trackingNumber: string): boolean {
    return this.shipments.has(trackingNumber) || this.pieceNumbers.has(trackingNumber);
  }

  /** The shipment a number tracks, and which parcel when it is one of a shipment's parcel numbers. */
  tracked(trackingNumber: string): { shipment: SandboxShipment; piece?: number } | undefined {
    const own = this.shipments.get(trackingNumber);
    if (own) return { shipment: own };
    const master = this.pieceNumbers.get(trackingNumber);
    const shipment = master === undefined ? undefined : this.shipments.get(master);
    const index = shipment?.pieceTrackingNumbers?.indexOf(trackingNumber) ?? -1;
    return shipment && index >= 0 ? { shipment, piece: index + 1 } : undefined;
  }

  /** Files a shipment under its number and its parcels' numbers. */
  file(shipment: SandboxShipment): void {
    this.shipments.set(shipment.trackingNumber, shipment);
    for (const number of shipment.pieceTrackingNumbers ?? []) {
      if (number !== shipment.trackingNumber) this.pieceNumbers.set(number, shipment.trackingNumber);
    }
  }

  canExpress(status: ShipmentStatus): boolean {
    return this.vocabulary[status] !== undefined;
  }

  keepDetail(trackingNumber: string, detail: SandboxBookingDetail): void {
    this.details.set(trackingNumber, detail);
    if (this.details.size > DETAILS_KEPT) this.details.delete(this.details.keys().next().value as string);
  }

  /** Undefined once the booking has aged out of the cache. */
  detail(trackingNumber: string): SandboxBookingDetail | undefined {
    return this.details.get(trackingNumber);
  }

  recordPassthrough(record: PassthroughRecord): void {
    this.stats.passthrough_requests++;
    this.passthroughLog.push(record);
    if (this.passthroughLog.length > PASSTHROUGH_LOG_SIZE) this.passthroughLog.shift();
  }

  /** The collection booked under a client's reference, if any. */
  pickupByReference(reference: string): SandboxPickup | undefined {
    for (const pickup of this.pickups.values()) if (pickup.reference === reference) return pickup;
    return undefined;
  }

  clear(): void {
    this.shipments.clear();
    this.pieceNumbers.clear();
    this.pickups.clear();
    this.fault = { mode: 'none', latencyMs: 0 };
    this.stats = { native_requests: 0, bookings: 0, passthrough_requests: 0 };
    this.passthroughLog = [];
    this.remittances = [];
    this.details.clear();
  }
}

/** A payout reference in the style the simulated carriers give theirs. */
function payoutReference(code: string): string {
  return `${code.toUpperCase()}-PAY-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Keeps a simulator's map of plain JSON values with the sandbox state (see SandboxState.keep). */
export function keepMap<V>(state: SandboxState, name: string, map: Map<string, V>): void {
  state.keep(name, {
    save: () => [...map],
    restore: (saved) => {
      for (const [key, value] of saved as [string, V][]) map.set(key, value);
    },
  });
}

export const SNAPSHOT_VERSION = 1;

/** The saved form of SandboxState (dates as Date; the store writes them as ISO strings). */
export interface SandboxSnapshot {
  version: number;
  seq: number;
  carriers: Record<
    string,
    {
      shipments: SandboxShipment[];
      pickups: SandboxPickup[];
      remittances: SandboxRemittance[];
      details: [string, SandboxBookingDetail][];
    }
  >;
  kept: Record<string, unknown>;
}

/** Drops absent fields: a bulk run keeps many of these, and empty slots still cost memory. */
function compactParty(party: SandboxParty): SandboxParty {
  const out = {} as Record<string, string>;
  for (const [key, value] of Object.entries(party)) if (value !== undefined && value !== '') out[key] = value;
  return out as unknown as SandboxParty;
}

export interface NewShipment {
  carrier: string;
  trackingNumber: string;
  carrierReference: string;
  service: string;
  clientReference?: string;
  merchantReference?: string;
  codAmountHalalas?: number;
  /** The account whose credentials booked it (SandboxAccounts). */
  account?: string;
  origin: SandboxParty;
  destination: SandboxParty;
  parcels: SandboxParcel[];
  native: unknown;
  /** A carrier that numbers each parcel: the parcels' numbers, the first being trackingNumber. */
  pieceTrackingNumbers?: readonly string[];
}

export interface EventDetails {
  occurredAt?: Date;
  locationEn?: string;
  locationAr?: string;
  measuredWeightKg?: number;
  /** DELIVERED only; a cash-on-delivery shipment defaults to the full amount. */
  codCollectedHalalas?: number;
  /** DELIVERED only: the proof of delivery the carrier reports. */
  proof?: SandboxProof;
  source: SandboxEvent['source'];
  /** A scan of one parcel only (SandboxEvent.piece): it does not move the shipment's own lifecycle. */
  piece?: number;
}

/** State a simulator keeps outside SandboxState (an index by client reference…), saved with it. */
export interface KeptState {
  save(): unknown;
  restore(saved: unknown): void;
}

/**
 * Everything the simulated carriers remember. In memory; a sandbox given a directory saves it
 * there (SandboxStore, docs/adr/0063) so a restart picks up where it stopped.
 */
export class SandboxState {
  private readonly carriers = new Map<string, CarrierState>();
  private seq = 0;
  private readonly autoAdvancing = new Set<SandboxShipment>();
  private readonly resetHooks: (() => void)[] = [];
  private readonly changeHooks: (() => void)[] = [];
  private readonly kept = new Map<string, KeptState>();

  /** Milliseconds between the steps of a scripted walk (a magic reference): the automatic interval, else one second. */
  readonly scenarioStepMs: number;

  constructor(
    /** Milliseconds between automatic lifecycle steps; 0 = only the control API moves shipments. */
    readonly autoAdvanceMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.scenarioStepMs = autoAdvanceMs > 0 ? autoAdvanceMs : 1000;
  }

  /** Called by each simulator as the sandbox mounts it. */
  addCarrier(code: string, vocabulary: Vocabulary): CarrierState {
    if (this.carriers.has(code)) throw new Error(`carrier ${code} simulated twice`);
    const carrier = new CarrierState(code, vocabulary);
    this.carriers.set(code, carrier);
    return carrier;
  }

  get codes(): string[] {
    return [...this.carriers.keys()];
  }

  has(code: string): boolean {
    return this.carriers.has(code);
  }

  carrier(code: string): CarrierState {
    const carrier = this.carriers.get(code);
    if (!carrier) throw new Error(`no simulated carrier ${code}`);
    return carrier;
  }

  findShipment(code: string, trackingNumber: string): SandboxShipment | undefined {
    return this.carriers.get(code)?.shipments.get(trackingNumber);
  }

  addShipment(input: NewShipment): SandboxShipment {
    const { native, origin, destination, parcels } = input;
    // Spelled out rather than spread: a fixed shape keeps each of possibly 100,000 records small.
    const shipment: SandboxShipment = {
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      carrierReference: input.carrierReference,
      service: input.service,
      clientReference: input.clientReference,
      merchantReference: input.merchantReference,
      ...(input.codAmountHalalas ? { codAmountHalalas: input.codAmountHalalas } : {}),
      ...(input.account ? { account: input.account } : {}),
      ...(input.pieceTrackingNumbers && input.pieceTrackingNumbers.length > 1 ? { pieceTrackingNumbers: input.pieceTrackingNumbers } : {}),
      originCity: origin.city,
      destinationCity: destination.city,
      lane: origin.country.toUpperCase() === destination.country.toUpperCase() ? 'domestic' : 'international',
      bookedAt: new Date(this.now()),
      position: 0,
      latestStatus: 'CREATED',
      cancelled: false,
      events: [],
    };
    const carrier = this.carrier(input.carrier);
    carrier.file(shipment);
    carrier.keepDetail(shipment.trackingNumber, {
      origin: compactParty(origin),
      destination: compactParty(destination),
      parcels,
      nativeJson: JSON.stringify(native ?? null),
    });
    carrier.stats.bookings++;
    const scenario = testScenarioOf(input.merchantReference);
    if (scenario) {
      shipment.scenario = scenario;
      shipment.scenarioStep = 0;
      shipment.nextAdvanceAt = this.now() + this.scenarioStepMs;
      this.autoAdvancing.add(shipment);
    } else if (this.autoAdvanceMs > 0) {
      shipment.nextAdvanceAt = this.now() + this.autoAdvanceMs;
      this.autoAdvancing.add(shipment);
    }
    this.changed();
    return shipment;
  }

  /** Records a lifecycle event in the carrier's own vocabulary (the caller checks canExpress). */
  recordStatus(shipment: SandboxShipment, status: ShipmentStatus, details: EventDetails): SandboxEvent {
    const native = this.carrier(shipment.carrier).vocabulary[status];
    if (!native) throw new Error(`carrier ${shipment.carrier} has no code for ${status}`);
    const location = this.defaultLocation(shipment, status, details);
    const cash =
      status === 'DELIVERED' && shipment.codAmountHalalas
        ? { codCollectedHalalas: details.codCollectedHalalas ?? shipment.codAmountHalalas }
        : { codCollectedHalalas: undefined };
    const event = this.pushEvent(shipment, status, native.code, native.text, { ...details, ...location, ...cash });
    // One parcel's scan says where that parcel is; the shipment's own lifecycle (its pace, what
    // may still be cancelled) follows the scans of every parcel.
    if (details.piece === undefined) {
      applyStatus(shipment, status);
      if (isTerminal(status)) this.autoAdvancing.delete(shipment);
    }
    this.changed();
    return event;
  }

  /** Records a code outside the vocabulary, as carriers sometimes do without notice. */
  recordNativeCode(shipment: SandboxShipment, nativeCode: string, details: EventDetails): SandboxEvent {
    const event = this.pushEvent(shipment, null, nativeCode, nativeCode, details);
    this.changed();
    return event;
  }

  cancel(shipment: SandboxShipment, reason?: string, account?: string): void {
    (shipment.cancellations ??= []).push({ received_at: new Date(this.now()), reason, ...(account ? { account } : {}) });
    shipment.cancelled = true;
    shipment.latestStatus = 'CANCELLED';
    this.autoAdvancing.delete(shipment);
    this.changed();
  }

  updateDestination(shipment: SandboxShipment, address: SandboxParty, native: unknown, account?: string): void {
    shipment.destinationCity = address.city;
    (shipment.destinationUpdates ??= []).push({
      received_at: new Date(this.now()),
      address: compactParty(address),
      native,
      ...(account ? { account } : {}),
    });
    this.changed();
  }

  /** Moves every shipment whose step is due by one lifecycle step. */
  advanceDue(): number {
    const now = this.now();
    let moved = 0;
    for (const shipment of this.autoAdvancing) {
      if ((shipment.nextAdvanceAt ?? Infinity) > now) continue;
      const next = shipment.scenario
        ? this.nextScenarioStatus(shipment)
        : nextAutomaticStatus(shipment, this.carrier(shipment.carrier).vocabulary);
      if (!next) {
        this.autoAdvancing.delete(shipment);
        continue;
      }
      this.recordStatus(shipment, next, { source: 'auto' });
      shipment.nextAdvanceAt = now + (shipment.scenario ? this.scenarioStepMs : this.autoAdvanceMs);
      moved++;
    }
    return moved;
  }

  /** The next step of a scripted walk the carrier can express, or null once it is walked (or stopped). */
  private nextScenarioStatus(shipment: SandboxShipment): ShipmentStatus | null {
    if (shipment.cancelled || isTerminal(shipment.latestStatus)) return null;
    const vocabulary = this.carrier(shipment.carrier).vocabulary;
    const script = TEST_SCENARIOS[shipment.scenario!] ?? [];
    let step = shipment.scenarioStep ?? 0;
    while (step < script.length && vocabulary[script[step]] === undefined) step++;
    shipment.scenarioStep = step + 1;
    return step < script.length ? script[step] : null;
  }

  /**
   * Publishes a payout to one merchant account (the platform's when none is named): only that
   * account's payout feed lists it. The same reference may be published again: carriers re-send
   * payouts, and the gateway must record each once.
   */
  addRemittance(code: string, items: SandboxRemittance['items'], reference?: string, account?: string): SandboxRemittance {
    const carrier = this.carrier(code);
    const remittance: SandboxRemittance = {
      seq: carrier.remittances.length + 1,
      reference: reference ?? payoutReference(code),
      remittedAt: new Date(this.now()),
      items,
      ...(account && account !== PLATFORM_SANDBOX_ACCOUNT ? { account } : {}),
    };
    carrier.remittances.push(remittance);
    this.changed();
    return remittance;
  }

  /**
   * Pays the cash of these lines out as a carrier does, to the account each shipment was booked
   * with: one payout per account under the same reference, each on that account's feed only. A
   * line naming no shipment the carrier knows goes to the platform's account.
   */
  payOut(code: string, items: SandboxRemittance['items'], reference?: string): SandboxRemittance[] {
    const byAccount = new Map<string, SandboxRemittance['items'][number][]>();
    for (const item of items) {
      const account = this.findShipment(code, item.trackingNumber)?.account ?? PLATFORM_SANDBOX_ACCOUNT;
      const list = byAccount.get(account);
      if (list) list.push(item);
      else byAccount.set(account, [item]);
    }
    // One reference for every account's part: the carrier made one payout run.
    const ref = reference ?? payoutReference(code);
    return [...byAccount].map(([account, lines]) => this.addRemittance(code, lines, ref, account));
  }

  /** The payouts an account's feed lists, in publication order. */
  remittancesOf(code: string, account: string | undefined): SandboxRemittance[] {
    const paid = account ?? PLATFORM_SANDBOX_ACCOUNT;
    return this.carrier(code).remittances.filter((r) => (r.account ?? PLATFORM_SANDBOX_ACCOUNT) === paid);
  }

  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  reset(): void {
    for (const carrier of this.carriers.values()) carrier.clear();
    this.autoAdvancing.clear();
    for (const hook of this.resetHooks) hook();
    this.changed();
  }

  /** Called after every change (the store schedules a save). */
  onChange(hook: () => void): void {
    this.changeHooks.push(hook);
  }

  /** Tells the store something changed outside the methods above (a pickup booked or cancelled). */
  changed(): void {
    for (const hook of this.changeHooks) hook();
  }

  /** Registers a simulator's own state under a name unique in the sandbox (`<code>.<what>`). */
  keep(name: string, kept: KeptState): void {
    if (this.kept.has(name)) throw new Error(`sandbox state ${name} kept twice`);
    this.kept.set(name, kept);
  }

  /** What a restart needs, as plain JSON-able data (faults, statistics and request logs are not kept). */
  snapshot(): SandboxSnapshot {
    const carriers: SandboxSnapshot['carriers'] = {};
    for (const [code, carrier] of this.carriers) {
      carriers[code] = {
        shipments: [...carrier.shipments.values()],
        pickups: [...carrier.pickups.values()],
        remittances: carrier.remittances,
        details: carrier.recentDetails(),
      };
    }
    const kept: Record<string, unknown> = {};
    for (const [name, state] of this.kept) kept[name] = state.save();
    return { version: SNAPSHOT_VERSION, seq: this.seq, carriers, kept };
  }

  /**
   * Takes a snapshot back in, after every simulator is mounted. Carriers no longer simulated are
   * left out; shipments still moving resume their automatic steps.
   */
  restore(snapshot: SandboxSnapshot): void {
    if (snapshot.version !== SNAPSHOT_VERSION) throw new Error(`sandbox snapshot version ${String(snapshot.version)} not supported`);
    this.seq = Math.max(this.seq, snapshot.seq);
    for (const [code, saved] of Object.entries(snapshot.carriers)) {
      const carrier = this.carriers.get(code);
      if (!carrier) continue;
      for (const shipment of saved.shipments) {
        carrier.file(shipment);
        const walking = shipment.scenario
          ? (shipment.scenarioStep ?? 0) < (TEST_SCENARIOS[shipment.scenario]?.length ?? 0)
          : this.autoAdvanceMs > 0;
        if (walking && !shipment.cancelled && !isTerminal(shipment.latestStatus)) {
          const step = shipment.scenario ? this.scenarioStepMs : this.autoAdvanceMs;
          shipment.nextAdvanceAt = Math.min(shipment.nextAdvanceAt ?? Infinity, this.now() + step);
          this.autoAdvancing.add(shipment);
        }
      }
      for (const pickup of saved.pickups) carrier.pickups.set(pickup.confirmationNumber, pickup);
      carrier.remittances = [...saved.remittances];
      for (const [tn, detail] of saved.details) carrier.keepDetail(tn, detail);
    }
    for (const [name, state] of this.kept) if (snapshot.kept[name] !== undefined) state.restore(snapshot.kept[name]);
  }

  private pushEvent(
    shipment: SandboxShipment,
    status: ShipmentStatus | null,
    nativeCode: string,
    nativeText: string,
    details: EventDetails,
  ): SandboxEvent {
    const recordedAt = new Date(this.now());
    const event: SandboxEvent = {
      seq: ++this.seq,
      // Random, so ids stay unique across sandbox restarts while the gateway's store persists.
      id: randomBytes(8).toString('hex'),
      specStatus: status,
      nativeCode,
      nativeText,
      occurredAt: details.occurredAt ?? recordedAt,
      recordedAt,
      locationEn: details.locationEn,
      locationAr: details.locationAr,
      measuredWeightKg: details.measuredWeightKg,
      ...(details.codCollectedHalalas !== undefined ? { codCollectedHalalas: details.codCollectedHalalas } : {}),
      ...(details.proof && status === 'DELIVERED' ? { proof: details.proof } : {}),
      source: details.source,
      ...(details.piece !== undefined ? { piece: details.piece } : {}),
    };
    shipment.events.push(event);
    return event;
  }

  private defaultLocation(
    shipment: SandboxShipment,
    status: ShipmentStatus,
    details: EventDetails,
  ): { locationEn?: string; locationAr?: string } {
    if (details.locationEn || details.locationAr) {
      return { locationEn: details.locationEn, locationAr: details.locationAr };
    }
    const side = sideOf(status);
    if (side === 'none') return {};
    const city = describeCity(side === 'origin' ? shipment.originCity : shipment.destinationCity);
    return { locationEn: city.en, locationAr: city.ar };
  }
}
