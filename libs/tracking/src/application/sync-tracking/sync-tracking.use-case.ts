import { Inject, Injectable, Logger } from '@nestjs/common';
import { Shipment, ShipmentHistoryEntry } from '@lgw/shipping';
import {
  isUnexpectedOnLane,
  trackingEventIdentity,
  withoutDuplicates,
  isShipmentStatus,
  CarrierUnavailableError,
  CLOCK,
  ClockPort,
  TRACKING_SYNC_SETTINGS,
  TrackingSyncSettings,
} from '@lgw/kernel';
import {
  CARRIER_REGISTRY,
  CarrierConnectionResolver,
  CarrierPort,
  CarrierRegistryPort,
  carriersFor,
  CarrierTrackingEvent,
} from '@lgw/carrier-access';
import {
  CandidateEvent,
  DueShipment,
  PollSchedule,
  RecordedHistory,
  TRACKING_METRICS,
  TRACKING_REPOSITORY,
  TrackingMetricsPort,
  TrackingRepositoryPort,
  TrackingSyncDecision,
} from '../ports/tracking.repository.port';
import { SyncTrackingCommand, SyncTrackingResult } from './sync-tracking.command';
import { nextPollAt } from './tracking-poll-policy';

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
    private readonly connections: CarrierConnectionResolver,
    @Inject(TRACKING_METRICS) private readonly metrics: TrackingMetricsPort,
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
      fetched = command.reported ? [...command.reported] : await this.fetchTracking(carrierCode, due);
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
          (current, history) => this.apply(current, history, fresh, now, resolutionMs),
        );
        if (!written) continue;
        events += written.history.length;
        transitions += written.events.length;
        this.warnAboutUnknownCodes(carrierCode, shipment, written.history, fresh);
        this.noteUnexpectedOnLane(carrierCode, shipment, written.history);
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
   * One carrier call per account the batch's shipments were booked on: a team's own connection
   * is asked with its own credentials, the platform's account with the platform's; test-mode
   * shipments go to the sandbox's simulator (docs/adr/0060).
   */
  private async fetchTracking(carrierCode: string, due: readonly DueShipment[]): Promise<CarrierTrackingEvent[]> {
    const groups = new Map<CarrierPort, { numbers: string[]; pieces: Map<string, readonly string[]> }>();
    for (const shipment of due) {
      const adapter = await this.adapterOf(carrierCode, shipment);
      if (!adapter) continue;
      let group = groups.get(adapter);
      if (!group) groups.set(adapter, (group = { numbers: [], pieces: new Map() }));
      group.numbers.push(shipment.trackingNumber);
      // Pieces the carrier numbered are tracked by their own numbers (docs/adr/0087).
      if (shipment.pieceTrackingNumbers) group.pieces.set(shipment.trackingNumber, shipment.pieceTrackingNumbers);
    }
    const answers = await Promise.all(
      [...groups].map(([adapter, { numbers, pieces }]) =>
        pieces.size > 0 ? adapter.fetchTracking(numbers, pieces) : adapter.fetchTracking(numbers),
      ),
    );
    return answers.flat();
  }

  /** The adapter of the account the shipment was booked on (its quote names the connection). */
  private async adapterOf(carrierCode: string, shipment: DueShipment): Promise<CarrierPort | undefined> {
    if (shipment.quoteId) return this.connections.forShipment(shipment.teamId, { carrierCode, quoteId: shipment.quoteId });
    return (await carriersFor(this.carriers, shipment.teamId)).get(carrierCode);
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
        dedupeKey: identityOf(event, resolutionMs),
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

  /**
   * Runs inside the shipment's transaction, on the shipment read there: the shipment takes the
   * new reports (its methods decide status, cash on delivery, return reason and domain events);
   * the sync decides only when to ask again. Must stay pure.
   */
  private apply(
    shipment: Shipment,
    history: RecordedHistory,
    candidates: readonly Candidate[],
    now: Date,
    resolutionMs: number,
  ): TrackingSyncDecision {
    const fresh = candidates.filter((c) => !history.knownKeys.has(c.event.eventId));
    shipment.applyTrackingEvents(
      fresh.map((c) => ({ ...c.event, dedupeKey: c.dedupeKey })),
      { now, timeResolutionMs: resolutionMs, lastRecordedException: history.lastException },
    );
    const s = shipment.state;
    return {
      nextPollAt: nextPollAt(
        { status: s.status, lastEventAt: s.lastEventAt, terminalAt: s.terminalAt ?? null },
        now,
        this.settings,
        Math.random(),
      ),
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
  private noteUnexpectedOnLane(carrierCode: string, shipment: DueShipment, stored: readonly ShipmentHistoryEntry[]): void {
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
    stored: readonly ShipmentHistoryEntry[],
    candidates: readonly Candidate[],
  ): void {
    const unmapped = new Set(candidates.filter((c) => c.event.status === null).map((c) => c.event.eventId));
    for (const event of stored) {
      if (!unmapped.has(event.eventKey)) continue;
      this.metrics.countUnknownCode(carrierCode);
      this.logger.warn(
        `tracking sync: carrier ${carrierCode} status code "${event.carrierStatus}" is not in its status map; ` +
          `stored as is (shipment ${shipment.id}, tracking number ${shipment.trackingNumber}, event ${event.eventKey})`,
      );
    }
  }
}

/**
 * The event's identity in the shipment's history. Two pieces scanned together (same code, time
 * and place) are two events: a piece's event carries its piece in its identity.
 */
function identityOf(e: CarrierTrackingEvent, resolutionMs: number): string {
  const identity = trackingEventIdentity({ ...e, code: storedCode(e) }, resolutionMs);
  return e.pieceNumber === undefined ? identity : `piece:${e.pieceNumber}|${identity}`;
}

/** The code the history shows: an unmapped code is kept as the carrier's own rather than guessed at. */
function storedCode(e: CarrierTrackingEvent): string {
  return e.status ?? (e.carrierStatus || 'UNKNOWN');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
