import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, FieldProblem, riyadhDayStart, ValidationError } from '@lgw/kernel';
import { histogramPercentile, rate, riyadhDay, riyadhDayMinus } from '@lgw/rating';
import { CARRIER_PERFORMANCE_STORE, CarrierPerformanceStorePort } from '../ports/carrier-performance.port';

/** GET /analytics/carriers without from: the last 30 days. */
export const DEFAULT_ANALYTICS_DAYS = 30;
/** The widest range one request reads (two years of days). */
export const MAX_ANALYTICS_DAYS = 731;

export interface CarrierPerformanceRow {
  readonly carrier: string;
  readonly service: string;
  readonly origin_city: string;
  readonly destination_city: string;
  readonly shipments: number;
  readonly delivered: number;
  readonly on_time_rate: number | null;
  readonly first_attempt_rate: number | null;
  readonly return_rate: number | null;
  readonly median_transit_days: number | null;
  readonly p90_transit_days: number | null;
}

/**
 * GET /analytics/carriers: the team's sums over Riyadh days from..to, one row per carrier ×
 * service × lane, percentiles from the stored histograms (docs/adr/0084).
 */
@Injectable()
export class GetCarrierPerformanceUseCase {
  constructor(
    @Inject(CARRIER_PERFORMANCE_STORE) private readonly store: CarrierPerformanceStorePort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: {
    readonly teamId: string;
    readonly from?: string;
    readonly to?: string;
  }): Promise<{ rows: CarrierPerformanceRow[] }> {
    const now = this.clock.now();
    const problems: FieldProblem[] = [];
    for (const field of ['from', 'to'] as const) {
      const value = command[field];
      if (value !== undefined && riyadhDayStart(value) === null) {
        problems.push({
          field,
          reason: 'must be a calendar day YYYY-MM-DD (Asia/Riyadh)',
          reason_ar: 'يجب أن يكون يوماً بصيغة YYYY-MM-DD (بتوقيت الرياض)',
        });
      }
    }
    if (problems.length > 0) throw ValidationError.of(problems);
    const to = command.to ?? riyadhDay(now);
    const from = command.from ?? riyadhDayMinus(riyadhDayStart(to) ?? now, DEFAULT_ANALYTICS_DAYS - 1);
    const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (span < 0) problems.push({ field: 'from', reason: 'must not be after to', reason_ar: 'يجب ألا يكون بعد to' });
    else if (span >= MAX_ANALYTICS_DAYS) {
      problems.push({
        field: 'from',
        reason: `must be at most ${MAX_ANALYTICS_DAYS} days before to`,
        reason_ar: `يجب ألا يسبق to بأكثر من ${MAX_ANALYTICS_DAYS} يوماً`,
      });
    }
    if (problems.length > 0) throw ValidationError.of(problems);
    const sums = await this.store.sums(command.teamId, from, to);
    return {
      rows: sums.map((s) => ({
        carrier: s.carrierCode,
        service: s.serviceCode,
        origin_city: s.originCity,
        destination_city: s.destinationCity,
        shipments: s.shipments,
        delivered: s.delivered,
        on_time_rate: rate(s.onTime, s.delivered),
        first_attempt_rate: rate(s.firstAttempt, s.delivered),
        return_rate: rate(s.returned, s.shipments),
        median_transit_days: histogramPercentile(s.transitHistogram, 0.5),
        p90_transit_days: histogramPercentile(s.transitHistogram, 0.9),
      })),
    };
  }
}
