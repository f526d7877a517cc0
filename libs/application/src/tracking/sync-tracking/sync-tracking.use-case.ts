import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { applyStatusEvents, eventKindsForStatusChange, exceptionTypeOf, ShipmentStatus, StatusTransition } from '@lgw/domain';
import { CARRIER_REGISTRY, CarrierRegistryPort, CarrierTrackingEvent, CarrierUnavailableError } from '../../ports/carrier.port';
import { CLOCK, ClockPort } from '../../ports/clock.port';
import {
  DueShipment,
  PollSchedule,
  StoredTrackingState,
  TRACKING_REPOSITORY,
  TrackingRepositoryPort,
  TrackingSyncPlan,
} from '../../ports/tracking.repository.port';
import { OutboxEventDraft, TrackingEventRecord } from '../../shipments/shipment.record';
import { SyncTrackingCommand, SyncTrackingResult } from './sync-tracking.command';
import { nextPollAt, TRACKING_SYNC_SETTINGS, TrackingSyncSettings } from './tracking-poll-policy';

type MappedEvent = CarrierTrackingEvent & { readonly status: ShipmentStatus };

const NOTHING: SyncTrackingResult = { shipments: 0, events: 0, transitions: 0 };

/**
 * Pulls carrier tracking events into the gateway for one batch of due shipments of one
 * carrier: one carrier call for the batch, then one transaction per shipment that has
 * something new (events, status, domain events and its next poll commit together).
 * Shipments with nothing new cost no transaction: they are rescheduled in one statement.
 * Carriers report whole histories again and again, late and out of order; the reducer
 * (libs/domain tracking-status-reducer) decides what moves the status, and every event is
 * kept in the history whether it moves it or not.
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
    const due = await this.tracking.claimDue(carrierCode, now, limit, new Date(now.getTime() + this.settings.leaseMs));
    if (due.length === 0) return NOTHING;

    let fetched: CarrierTrackingEvent[];
    try {
      fetched = await adapter.fetchTracking(due.map((s) => s.trackingNumber));
    } catch (error) {
      this.reportFailure(carrierCode, due.length, error);
      await this.tracking.reschedule(due.map((s) => ({ shipmentId: s.id, nextPollAt: this.afterFailure(now) })));
      return { shipments: due.length, events: 0, transitions: 0 };
    }
    if (this.failing.delete(carrierCode)) this.logger.log(`tracking sync: carrier ${carrierCode} answers again`);

    const candidates = await this.newEventsByShipment(due, fetched);
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
          fresh.map((e) => e.eventId),
          (current, knownKeys) => this.plan(shipment, current, fresh, knownKeys, now),
        );
        if (!written) continue;
        events += written.events.length;
        transitions += written.outbox.length;
        this.warnAboutUnknownCodes(carrierCode, shipment, written.events, fresh);
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
   * Events per shipment that are not stored yet (one query for the whole batch), duplicates
   * within the answer dropped. Shipments without anything new are absent.
   */
  private async newEventsByShipment(
    due: readonly DueShipment[],
    fetched: readonly CarrierTrackingEvent[],
  ): Promise<Map<string, CarrierTrackingEvent[]>> {
    const byTrackingNumber = new Map<string, CarrierTrackingEvent[]>();
    for (const event of fetched) {
      const list = byTrackingNumber.get(event.trackingNumber);
      if (list) list.push(event);
      else byTrackingNumber.set(event.trackingNumber, [event]);
    }
    const pairs: Array<{ shipmentId: string; eventKey: string }> = [];
    const perShipment = new Map<string, CarrierTrackingEvent[]>();
    for (const shipment of due) {
      const seen = new Set<string>();
      const distinct: CarrierTrackingEvent[] = [];
      for (const event of byTrackingNumber.get(shipment.trackingNumber) ?? []) {
        if (seen.has(event.eventId)) continue;
        seen.add(event.eventId);
        distinct.push(event);
        pairs.push({ shipmentId: shipment.id, eventKey: event.eventId });
      }
      if (distinct.length > 0) perShipment.set(shipment.id, distinct);
    }
    if (pairs.length === 0) return perShipment;
    const known = await this.tracking.knownEventKeys(pairs);
    for (const [shipmentId, list] of perShipment) {
      const keys = known.get(shipmentId);
      const fresh = keys ? list.filter((e) => !keys.has(e.eventId)) : list;
      if (fresh.length > 0) perShipment.set(shipmentId, fresh);
      else perShipment.delete(shipmentId);
    }
    return perShipment;
  }

  /** Runs inside the shipment's transaction, on the state read there: must stay pure. */
  private plan(
    shipment: DueShipment,
    current: StoredTrackingState,
    candidates: readonly CarrierTrackingEvent[],
    knownKeys: ReadonlySet<string>,
    now: Date,
  ): TrackingSyncPlan {
    const fresh = candidates.filter((e) => !knownKeys.has(e.eventId));
    const mapped = fresh.filter((e): e is MappedEvent => e.status !== null);
    const result = applyStatusEvents(
      {
        status: current.status,
        ...(current.progress ? { progress: current.progress } : {}),
        ...(current.lastEventAt ? { lastEventAt: current.lastEventAt } : {}),
      },
      mapped,
      { international: shipment.lane !== 'domestic', knownEventIds: knownKeys },
    );
    const state: StoredTrackingState = {
      status: result.state.status,
      progress: result.state.progress,
      lastEventAt: result.state.lastEventAt ?? current.lastEventAt,
    };
    return {
      events: fresh.map((e) => toEventRecord(shipment.id, e, now)),
      state,
      outbox: [
        ...result.transitions.map((t) => statusChanged(shipment, t)),
        ...fresh.filter((e) => e.measuredWeightKg !== undefined).map((e) => weighed(shipment, e)),
      ],
      nextPollAt: nextPollAt(state, now, this.settings, Math.random()),
      updatedAt: now,
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

  private warnAboutUnknownCodes(
    carrierCode: string,
    shipment: DueShipment,
    stored: readonly TrackingEventRecord[],
    candidates: readonly CarrierTrackingEvent[],
  ): void {
    const unmapped = new Set(candidates.filter((e) => e.status === null).map((e) => e.eventId));
    for (const event of stored) {
      if (!unmapped.has(event.eventKey)) continue;
      this.logger.warn(
        `tracking sync: carrier ${carrierCode} status code "${event.carrierStatus}" is not in its status map; ` +
          `stored as is (shipment ${shipment.id}, tracking number ${shipment.trackingNumber}, event ${event.eventKey})`,
      );
    }
  }
}

function toEventRecord(shipmentId: string, e: CarrierTrackingEvent, now: Date): TrackingEventRecord {
  const exceptionType = e.exceptionType ?? (e.status ? exceptionTypeOf(e.status) : undefined);
  return {
    id: randomUUID(),
    shipmentId,
    eventKey: e.eventId,
    // An unmapped code is kept under the carrier's own code rather than guessed at.
    code: e.status ?? (e.carrierStatus || 'UNKNOWN'),
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
