import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { applyStatusEvents, eventKindsForStatusChange, StatusTransition, OutboxEventDraft, TrackingEventRecord } from '@lgw/shipping';
import {
  exceptionTypeOf,
  isTerminal,
  isUnexpectedOnLane,
  trackingEventIdentity,
  withoutDuplicates,
  isShipmentStatus,
  ShipmentStatus,
  CarrierUnavailableError,
  CLOCK,
  ClockPort,
  TRACKING_SYNC_SETTINGS,
  TrackingSyncSettings,
} from '@lgw/kernel';
import { CARRIER_REGISTRY, CarrierRegistryPort, carriersFor, CarrierTrackingEvent } from '@lgw/carrier-access';
import {
  CandidateEvent,
  CodReport,
  DueShipment,
  PollSchedule,
  StoredTrackingState,
  TRACKING_REPOSITORY,
  TrackingRepositoryPort,
  TrackingSyncPlan,
} from '../ports/tracking.repository.port';
import { SyncTrackingCommand, SyncTrackingResult } from './sync-tracking.command';
import { nextPollAt } from './tracking-poll-policy';

type MappedEvent = CarrierTrackingEvent & { readonly status: ShipmentStatus };

/** A fetched event with its identity in the history (code, time at the carrier's resolution, place). */
interface Candidate {
  readonly event: CarrierTrackingEvent;
  readonly dedupeKey: string;
}

const NOTHING: SyncTrackingResult = { shipments: 0, events: 0, transitions: 0 };

/**
 * Pulls carrier tracking events into the gateway for one batch of due shipments of one
 * carrier: one carrier call for the batch, then one transaction per shipment that has
 * something new (events, status, domain events and its next poll commit together).
 * Shipments with nothing new cost no transaction: they are rescheduled in one statement.
 * Carriers report whole histories again and again, late, out of order and sometimes under
 * new ids; an event is stored once per identity (libs/domain tracking-event-identity), the
 * reducer (tracking-status-reducer) decides what moves the status, and every event is kept in
 * the history whether it moves it or not. Terminal shipments are still asked about for a
 * grace period (TrackingPollPolicy.terminalGraceMs): late scans join the history, never the
 * status (docs/adr/0036-tracking-history-fidelity.md).
 */
@Injectable()
export class SyncTrackingUseCase {
  private readonly logger = new Logger('TrackingSync');
  /** Carriers whose last call failed: an outage is logged when it starts and ends, not every run. */
  private readonly failing = new Set<string>();

  constructor(
    @Inject(TRACKING_REPOSITORY) private readonly tracking: TrackingRepositoryPort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    @Inject(TRACKING_SYNC_SETTINGS) private readonly settings: TrackingSyncSettings,
  ) {}

  async execute(command: SyncTrackingCommand): Promise<SyncTrackingResult> {
    const { carrierCode } = command;
    const adapter = this.carriers.get(carrierCode);
    if (!adapter) {
      this.logger.error(`tracking sync: no adapter for carrier ${carrierCode}`);
      return NOTHING;
    }
    const now = command.now ?? this.clock.now();
    const limit = Math.max(1, command.batchSize ?? this.settings.batchSize);
    const due = await this.tracking.claimDue(
      carrierCode,
      now,
      limit,
      new Date(now.getTime() + this.settings.leaseMs),
      new Date(now.getTime() - this.settings.terminalGraceMs),
      command.shipmentId,
    );
    if (due.length === 0) return NOTHING;
    const resolutionMs = this.carriers.eventTimeResolutionMs?.(carrierCode) ?? 1;

    let fetched: CarrierTrackingEvent[];
    try {
      fetched = await this.fetchTracking(carrierCode, due);
    } catch (error) {
      this.reportFailure(carrierCode, due.length, error);
      await this.tracking.reschedule(due.map((s) => ({ shipmentId: s.id, nextPollAt: this.afterFailure(now) })));
      return { shipments: due.length, events: 0, transitions: 0 };
    }
    if (this.failing.delete(carrierCode)) this.logger.log(`tracking sync: carrier ${carrierCode} answers again`);

    const candidates = await this.newEventsByShipment(due, fetched, resolutionMs);
    const quiet: PollSchedule[] = [];
    let events = 0;
    let transitions = 0;
    for (const shipment of due) {
      const fresh = candidates.get(shipment.id);
      if (!fresh) {
        const at = nextPollAt(shipment.state, now, this.settings, Math.random());
        if (at) quiet.push({ shipmentId: shipment.id, nextPollAt: at });
        continue;
      }
      try {
        const written = await this.tracking.applySync(
          shipment.id,
          fresh.map((c): CandidateEvent => ({ eventKey: c.event.eventId, dedupeKey: c.dedupeKey })),
          (current, knownKeys) => this.plan(shipment, current, fresh, knownKeys, now, resolutionMs),
        );
        if (!written) continue;
        events += written.events.length;
        transitions += written.outbox.length;
        this.warnAboutUnknownCodes(carrierCode, shipment, written.events, fresh);
        this.noteUnexpectedOnLane(carrierCode, shipment, written.events);
      } catch (error) {
        // One shipment's failure must not cost the others their update; its claim runs out
        // after the lease and it is tried again then.
        this.logger.error(`tracking sync: shipment ${shipment.id} (${carrierCode}) not updated: ${describe(error)}`);
      }
    }
    if (quiet.length > 0) await this.tracking.reschedule(quiet);
    return { shipments: due.length, events, transitions };
  }

  /**
   * One carrier call per set of carriers the batch's tenants use: live shipments ask the live
   * carrier, test-mode shipments its sandbox simulator (docs/adr/0060), one call each.
   */
  private async fetchTracking(carrierCode: string, due: readonly DueShipment[]): Promise<CarrierTrackingEvent[]> {
    const groups = new Map<CarrierRegistryPort, string[]>();
    for (const shipment of due) {
      const registry = await carriersFor(this.carriers, shipment.teamId);
      const list = groups.get(registry);
      if (list) list.push(shipment.trackingNumber);
      else groups.set(registry, [shipment.trackingNumber]);
    }
    const answers = await Promise.all(
      [...groups].map(([registry, numbers]) => {
        const adapter = registry.get(carrierCode);
        return adapter ? adapter.fetchTracking(numbers) : Promise.resolve([]);
      }),
    );
    return answers.flat();
  }

  /**
   * Events per shipment that are not stored yet, by id or by identity (one query for the
   * whole batch), duplicates within the answer dropped. Shipments without anything new are absent.
   */
  private async newEventsByShipment(
    due: readonly DueShipment[],
    fetched: readonly CarrierTrackingEvent[],
    resolutionMs: number,
  ): Promise<Map<string, Candidate[]>> {
    const byTrackingNumber = new Map<string, CarrierTrackingEvent[]>();
    for (const event of fetched) {
      const list = byTrackingNumber.get(event.trackingNumber);
      if (list) list.push(event);
      else byTrackingNumber.set(event.trackingNumber, [event]);
    }
    const pairs: Array<CandidateEvent & { shipmentId: string }> = [];
    const perShipment = new Map<string, Candidate[]>();
    for (const shipment of due) {
      const reported = (byTrackingNumber.get(shipment.trackingNumber) ?? []).map((event) => ({
        event,
        dedupeKey: trackingEventIdentity({ ...event, code: storedCode(event) }, resolutionMs),
      }));
      const distinct = withoutDuplicates(
        withoutDuplicates(reported, (c) => c.event.eventId),
        (c) => c.dedupeKey,
      );
      for (const c of distinct) pairs.push({ shipmentId: shipment.id, eventKey: c.event.eventId, dedupeKey: c.dedupeKey });
      if (distinct.length > 0) perShipment.set(shipment.id, distinct);
    }
    if (pairs.length === 0) return perShipment;
    const known = await this.tracking.knownEventKeys(pairs);
    for (const [shipmentId, list] of perShipment) {
      const keys = known.get(shipmentId);
      const fresh = keys ? list.filter((c) => !keys.has(c.event.eventId)) : list;
      if (fresh.length > 0) perShipment.set(shipmentId, fresh);
      else perShipment.delete(shipmentId);
    }
    return perShipment;
  }

  /** Runs inside the shipment's transaction, on the state read there: must stay pure. */
  private plan(
    shipment: DueShipment,
    current: StoredTrackingState,
    candidates: readonly Candidate[],
    knownKeys: ReadonlySet<string>,
    now: Date,
    resolutionMs: number,
  ): TrackingSyncPlan {
    const fresh = candidates.filter((c) => !knownKeys.has(c.event.eventId)).map((c) => c.event);
    const mapped = fresh.filter((e): e is MappedEvent => e.status !== null);
    const result = applyStatusEvents(
      {
        status: current.status,
        ...(current.progress ? { progress: current.progress } : {}),
        ...(current.lastEventAt ? { lastEventAt: current.lastEventAt } : {}),
      },
      mapped,
      { international: shipment.lane !== 'domestic', timeResolutionMs: resolutionMs },
    );
    const status = result.state.status;
    const state: StoredTrackingState = {
      status,
      progress: result.state.progress,
      lastEventAt: result.state.lastEventAt ?? current.lastEventAt,
      // The grace period starts when the sync moves the shipment to a terminal status; a
      // status that was terminal already keeps what it had.
      terminalAt: !isTerminal(status) ? null : isTerminal(current.status) ? current.terminalAt : now,
    };
    const dedupeKeys = new Map(candidates.map((c) => [c.event.eventId, c.dedupeKey]));
    return {
      events: fresh.map((e) => toEventRecord(shipment.id, e, dedupeKeys.get(e.eventId)!, now)),
      state,
      outbox: [
        ...result.transitions.map((t) => statusChanged(shipment, t)),
        ...fresh.filter((e) => e.measuredWeightKg !== undefined).map((e) => weighed(shipment, e)),
      ],
      nextPollAt: nextPollAt(state, now, this.settings, Math.random()),
      updatedAt: now,
      cod: codReport(mapped, result.transitions),
      returnStarted: result.transitions.some((t) => RETURN_LEG.includes(t.to) && !RETURN_LEG.includes(t.from)),
    };
  }

  private afterFailure(now: Date): Date {
    return new Date(now.getTime() + Math.round(this.settings.failureDelayMs * (1 + 0.1 * Math.random())));
  }

  private reportFailure(carrierCode: string, shipments: number, error: unknown): void {
    if (!(error instanceof CarrierUnavailableError)) {
      this.logger.error(`tracking sync: carrier ${carrierCode} tracking failed for ${shipments} shipments: ${describe(error)}`);
      return;
    }
    if (this.failing.has(carrierCode)) {
      this.logger.debug(`tracking sync: carrier ${carrierCode} still unavailable (${shipments} shipments postponed)`);
      return;
    }
    this.failing.add(carrierCode);
    this.logger.warn(
      `tracking sync: carrier ${carrierCode} unavailable (${error.reason}); ${shipments} shipments postponed, retrying every ${this.settings.failureDelayMs} ms`,
    );
  }

  /**
   * Lane knowledge as a note, never a filter: the carrier's customs hold on a domestic
   * shipment is applied as reported, and operations hear about it.
   */
  private noteUnexpectedOnLane(carrierCode: string, shipment: DueShipment, stored: readonly TrackingEventRecord[]): void {
    for (const event of stored) {
      if (!isShipmentStatus(event.code) || !isUnexpectedOnLane(event.code, { international: shipment.lane !== 'domestic' })) continue;
      this.logger.warn(
        `tracking sync: carrier ${carrierCode} reports ${event.code} on ${shipment.lane} shipment ${shipment.id} ` +
          `(tracking number ${shipment.trackingNumber}, event ${event.eventKey}); applied as the carrier reports it`,
      );
    }
  }

  private warnAboutUnknownCodes(
    carrierCode: string,
    shipment: DueShipment,
    stored: readonly TrackingEventRecord[],
    candidates: readonly Candidate[],
  ): void {
    const unmapped = new Set(candidates.filter((c) => c.event.status === null).map((c) => c.event.eventId));
    for (const event of stored) {
      if (!unmapped.has(event.eventKey)) continue;
      this.logger.warn(
        `tracking sync: carrier ${carrierCode} status code "${event.carrierStatus}" is not in its status map; ` +
          `stored as is (shipment ${shipment.id}, tracking number ${shipment.trackingNumber}, event ${event.eventKey})`,
      );
    }
  }
}

/** The code the history shows: an unmapped code is kept as the carrier's own rather than guessed at. */
function storedCode(e: CarrierTrackingEvent): string {
  return e.status ?? (e.carrierStatus || 'UNKNOWN');
}

function toEventRecord(shipmentId: string, e: CarrierTrackingEvent, dedupeKey: string, now: Date): TrackingEventRecord {
  const exceptionType = e.exceptionType ?? (e.status ? exceptionTypeOf(e.status) : undefined);
  return {
    id: randomUUID(),
    shipmentId,
    eventKey: e.eventId,
    dedupeKey,
    code: storedCode(e),
    carrierStatus: e.carrierStatus ?? null,
    exceptionType: exceptionType ?? null,
    locationEn: e.locationEn ?? null,
    locationAr: e.locationAr ?? null,
    measuredWeightKg: e.measuredWeightKg ?? null,
    occurredAt: e.occurredAt,
    recordedAt: now,
  };
}

function statusChanged(shipment: DueShipment, t: StatusTransition<MappedEvent>): OutboxEventDraft {
  const exceptionType = exceptionTypeOf(t.to);
  const weight = t.event.measuredWeightKg;
  return {
    teamId: shipment.teamId,
    aggregateId: shipment.id,
    type: 'shipment.status_changed',
    payload: {
      shipment_id: shipment.id,
      tracking_number: shipment.trackingNumber,
      previous_status: t.from,
      status: t.to,
      occurred_at: t.event.occurredAt.toISOString(),
      ...(exceptionType ? { exception_type: exceptionType } : {}),
      ...(weight !== undefined ? { measured_weight_kg: weight } : {}),
      kinds: eventKindsForStatusChange(t.from, t.to),
    },
  };
}

/**
 * Every new carrier weighing, also one that arrives too late to move the status: billing
 * re-prices on it (docs/adr/0021-billing-ledger.md) and must not depend on the reducer.
 */
function weighed(shipment: DueShipment, e: CarrierTrackingEvent): OutboxEventDraft {
  return {
    teamId: shipment.teamId,
    aggregateId: shipment.id,
    type: 'shipment.weighed',
    payload: {
      shipment_id: shipment.id,
      tracking_number: shipment.trackingNumber,
      measured_weight_kg: e.measuredWeightKg,
      occurred_at: e.occurredAt.toISOString(),
      event_key: e.eventId,
    },
  };
}

/**
 * Cash on delivery news in this batch of events: a DELIVERED scan carries what the courier
 * collected (also a late one: the cash was taken whatever the status shows); a move into a
 * return to origin means the consignee refused the parcel, and the cash with it.
 */
function codReport(mapped: readonly MappedEvent[], transitions: readonly StatusTransition<MappedEvent>[]): CodReport | null {
  const delivered = mapped.find((e) => e.status === 'DELIVERED');
  if (delivered) return { kind: 'collected', collectedHalalas: delivered.codCollectedHalalas, at: delivered.occurredAt };
  const returned = transitions.find((t) => COD_REFUSED_STATUSES.includes(t.to));
  return returned ? { kind: 'refused', at: returned.event.occurredAt } : null;
}

const COD_REFUSED_STATUSES: readonly ShipmentStatus[] = ['RETURN_TO_ORIGIN', 'RETURNED'];
const RETURN_LEG: readonly ShipmentStatus[] = ['RETURN_TO_ORIGIN', 'RETURNED'];

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
