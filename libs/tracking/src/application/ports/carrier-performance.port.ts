import type { DeliveryOutcome } from '@lgw/rating';
import type { ShipmentStatus } from '@lgw/kernel';

/** A shipment that reached a final status, as carrier performance counts it. */
export interface FinishedShipmentRecord {
  readonly shipmentId: string;
  readonly teamId: string;
  readonly carrierCode: string;
  readonly serviceCode: string;
  readonly originCity: string;
  readonly destinationCity: string;
  readonly status: ShipmentStatus;
  readonly bookedAt: Date;
  readonly estimatedDeliveryAt: Date | null;
  readonly failedAttempts: number;
}

/** One shipment's count into its bucket: the lane keys, the names shown, and how it counts. */
export interface PerformanceEntry {
  readonly shipmentId: string;
  readonly teamId: string;
  readonly carrierCode: string;
  readonly serviceCode: string;
  readonly originCityKey: string;
  readonly destinationCityKey: string;
  readonly originCity: string;
  readonly destinationCity: string;
  readonly outcome: DeliveryOutcome;
  readonly status: ShipmentStatus;
}

/** A bucket range's sums for one carrier × service × lane, and its transit-day histogram. */
export interface PerformanceSums {
  readonly carrierCode: string;
  readonly serviceCode: string;
  readonly originCity: string;
  readonly destinationCity: string;
  readonly shipments: number;
  readonly delivered: number;
  readonly onTime: number;
  readonly firstAttempt: number;
  readonly returned: number;
  readonly transitHistogram: ReadonlyMap<number, number>;
}

export interface CarrierPerformanceStorePort {
  finished(shipmentId: string): Promise<FinishedShipmentRecord | null>;
  /** Adds the entry to its day's sums and histogram, once per shipment: false when it was counted already. */
  record(entry: PerformanceEntry, now: Date): Promise<boolean>;
  /** The team's sums over the Riyadh days from..to (inclusive), one per carrier × service × lane. */
  sums(teamId: string, fromDay: string, toDay: string): Promise<PerformanceSums[]>;
}

export const CARRIER_PERFORMANCE_STORE = Symbol('CARRIER_PERFORMANCE_STORE');
