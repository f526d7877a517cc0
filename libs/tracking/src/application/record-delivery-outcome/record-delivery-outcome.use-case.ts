import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, defineJob, enqueueJob, JobQueuePort, OutboxEvent } from '@lgw/kernel';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import { deliveryOutcome, laneCityKey, PERFORMANCE_FINAL_STATUSES } from '@lgw/rating';
import { CARRIER_PERFORMANCE_STORE, CarrierPerformanceStorePort } from '../ports/carrier-performance.port';

export interface DeliveryOutcomeJob {
  readonly shipmentId: string;
  /** When the carrier reported the final status. */
  readonly occurredAt: string;
}

/** Counts one shipment that reached a final status into carrier performance. */
export const DELIVERY_OUTCOME_JOB = defineJob<DeliveryOutcomeJob>('carrier-performance', 'record');
const ATTEMPTS = 10;

/** A status change into a final status: its shipment is counted once, whichever relay carries it. */
export function isDeliveryOutcomeEvent(event: OutboxEvent): boolean {
  return event.type === 'shipment.status_changed' && PERFORMANCE_FINAL_STATUSES.includes(event.payload.status as never);
}

export function enqueueDeliveryOutcome(jobs: JobQueuePort, event: OutboxEvent): Promise<void> {
  const occurredAt = typeof event.payload.occurred_at === 'string' ? event.payload.occurred_at : event.createdAt.toISOString();
  return enqueueJob(
    jobs,
    DELIVERY_OUTCOME_JOB,
    { shipmentId: event.aggregateId, occurredAt },
    { jobId: `delivery-outcome-${event.aggregateId}`, attempts: ATTEMPTS },
  );
}

/**
 * Adds a finished shipment to its lane's running sums (docs/adr/0084): idempotent per shipment,
 * so a job run twice or an event relayed again counts it once. Analytics and quotes read the
 * sums, never the shipments.
 */
@Injectable()
export class RecordDeliveryOutcomeUseCase {
  constructor(
    @Inject(CARRIER_PERFORMANCE_STORE) private readonly store: CarrierPerformanceStorePort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(job: DeliveryOutcomeJob): Promise<boolean> {
    const shipment = await this.store.finished(job.shipmentId);
    if (!shipment || !PERFORMANCE_FINAL_STATUSES.includes(shipment.status)) return false;
    const service = this.catalogue.find(shipment.carrierCode)?.service_levels.find((s) => s.code === shipment.serviceCode);
    const outcome = deliveryOutcome({
      status: shipment.status,
      bookedAt: shipment.bookedAt,
      finishedAt: new Date(job.occurredAt),
      estimatedDeliveryAt: shipment.estimatedDeliveryAt,
      declaredTransitMaxDays: service?.transit_days.max ?? 0,
      failedAttempts: shipment.failedAttempts,
    });
    return this.store.record(
      {
        shipmentId: shipment.shipmentId,
        teamId: shipment.teamId,
        carrierCode: shipment.carrierCode,
        serviceCode: shipment.serviceCode,
        originCityKey: laneCityKey(shipment.originCity),
        destinationCityKey: laneCityKey(shipment.destinationCity),
        originCity: shipment.originCity.trim(),
        destinationCity: shipment.destinationCity.trim(),
        status: shipment.status,
        outcome,
      },
      this.clock.now(),
    );
  }
}
