import { DataSource, EntityManager } from 'typeorm';
import type { ShipmentStatus } from '@lgw/kernel';
import { coverByPeriods, periodsOfDay, type PeriodRange } from './performance-periods';
import type {
  CarrierPerformanceStorePort,
  FinishedShipmentRecord,
  PerformanceEntry,
  PerformanceSums,
} from '../application/ports/carrier-performance.port';

/** The counts of a carrier performance sum. */
const COUNTS = 'shipments, delivered, on_time, first_attempt, returned';
const LANE_KEY = 'team_id = $1 AND carrier_code = $2 AND service_code = $3 AND origin_city_key = $4 AND destination_city_key = $5';

/**
 * One grouped read of a table over the periods that cover a range: a UNION ALL of one range of
 * the primary key each, which the index answers alone (the counts are included in it).
 */
function overPeriods(table: string, columns: string, ranges: readonly PeriodRange[]): { sql: string; params: string[] } {
  const params: string[] = [];
  const parts = ranges.map((r) => {
    params.push(r.from, r.to);
    // The grain is one of three letters of our own, not input: written in so the plan reads one index range.
    return `SELECT ${columns} FROM ${table} WHERE team_id = $1 AND grain = '${r.grain}' AND period BETWEEN $${params.length}::date AND $${params.length + 1}::date`;
  });
  return { sql: parts.join(' UNION ALL '), params };
}

/**
 * The running sums of carrier performance (docs/adr/0084). A shipment is counted in the same
 * transaction that marks it counted, so a retried job or a re-relayed event adds nothing.
 */
export class SqlCarrierPerformanceStore implements CarrierPerformanceStorePort {
  constructor(private readonly dataSource: DataSource) {}

  async finished(shipmentId: string): Promise<FinishedShipmentRecord | null> {
    const rows: Array<{
      id: string;
      team_id: string;
      carrier_code: string;
      service_code: string;
      origin_city: string | null;
      destination_city: string | null;
      status: ShipmentStatus;
      created_at: Date;
      estimated_delivery_at: Date | null;
      failed_attempts: string;
    }> = await this.dataSource.query(
      `SELECT s.id, s.team_id, s.carrier_code, s.service_code, s.origin->>'city' AS origin_city, s.destination->>'city' AS destination_city,
              s.status, s.created_at, s.estimated_delivery_at,
              (SELECT count(*) FROM tracking_events e
                WHERE e.shipment_id = s.id
                  AND (e.exception_type = 'FAILED_DELIVERY_ATTEMPT' OR e.code = 'EXCEPTION_FAILED_DELIVERY_ATTEMPT')) AS failed_attempts
         FROM shipments s WHERE s.id = $1`,
      [shipmentId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      shipmentId: r.id,
      teamId: r.team_id,
      carrierCode: r.carrier_code,
      serviceCode: r.service_code,
      originCity: r.origin_city ?? '',
      destinationCity: r.destination_city ?? '',
      status: r.status,
      bookedAt: new Date(r.created_at),
      estimatedDeliveryAt: r.estimated_delivery_at ? new Date(r.estimated_delivery_at) : null,
      failedAttempts: Number(r.failed_attempts),
    };
  }

  async record(entry: PerformanceEntry, now: Date): Promise<boolean> {
    const o = entry.outcome;
    return this.dataSource.transaction(async (em) => {
      const claimed: Array<{ shipment_id: string }> = await em.query(
        `INSERT INTO carrier_performance_recorded (shipment_id, team_id, outcome, recorded_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (shipment_id) DO NOTHING RETURNING shipment_id`,
        [entry.shipmentId, entry.teamId, entry.status, now],
      );
      if (claimed.length === 0) return false;
      const laneId = await this.laneId(em, entry);
      // The day's sums, its week's and its month's: a range reads the largest whole periods inside it.
      const [day, week, month] = periodsOfDay(o.day).map((p) => p.period);
      const counts = [Number(o.delivered), Number(o.onTime), Number(o.firstAttempt), Number(o.returned)];
      await em.query(
        `INSERT INTO carrier_performance_sums AS s (team_id, grain, period, lane_id, ${COUNTS})
         VALUES ($1, 'D', $3::date, $2, 1, $6, $7, $8, $9), ($1, 'W', $4::date, $2, 1, $6, $7, $8, $9), ($1, 'M', $5::date, $2, 1, $6, $7, $8, $9)
         ON CONFLICT (team_id, grain, period, lane_id) DO UPDATE SET
           shipments = s.shipments + 1, delivered = s.delivered + EXCLUDED.delivered, on_time = s.on_time + EXCLUDED.on_time,
           first_attempt = s.first_attempt + EXCLUDED.first_attempt, returned = s.returned + EXCLUDED.returned`,
        [entry.teamId, laneId, day, week, month, ...counts],
      );
      if (o.transitDays !== null) {
        await em.query(
          `INSERT INTO carrier_performance_transit_sums AS h (team_id, grain, period, lane_id, transit_days, deliveries)
           VALUES ($1, 'D', $3::date, $2, $6, 1), ($1, 'W', $4::date, $2, $6, 1), ($1, 'M', $5::date, $2, $6, 1)
           ON CONFLICT (team_id, grain, period, lane_id, transit_days) DO UPDATE SET deliveries = h.deliveries + 1`,
          [entry.teamId, laneId, day, week, month, o.transitDays],
        );
      }
      return true;
    });
  }

  /** The number of the entry's carrier × service × lane, made the first time the team counts on it. */
  private async laneId(em: EntityManager, entry: PerformanceEntry): Promise<number> {
    const key = [entry.teamId, entry.carrierCode, entry.serviceCode, entry.originCityKey, entry.destinationCityKey];
    const rows: Array<{ id: number }> = await em.query(
      `WITH found AS (SELECT id FROM carrier_performance_lanes WHERE ${LANE_KEY}),
            made AS (INSERT INTO carrier_performance_lanes (team_id, carrier_code, service_code, origin_city_key, destination_city_key,
                                                            origin_city, destination_city)
                     SELECT $1, $2, $3, $4, $5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM found)
                     ON CONFLICT DO NOTHING RETURNING id)
       SELECT id FROM found UNION ALL SELECT id FROM made`,
      [...key, entry.originCity, entry.destinationCity],
    );
    if (rows.length > 0) return Number(rows[0].id);
    // Another transaction made the lane between our look and our insert: it is committed now.
    const [made]: Array<{ id: number }> = await em.query(`SELECT id FROM carrier_performance_lanes WHERE ${LANE_KEY}`, key);
    return Number(made.id);
  }

  async sums(teamId: string, fromDay: string, toDay: string): Promise<PerformanceSums[]> {
    const ranges = coverByPeriods(fromDay, toDay);
    if (ranges.length === 0) return [];
    const sums = overPeriods('carrier_performance_sums', `lane_id, ${COUNTS}`, ranges);
    const transit = overPeriods('carrier_performance_transit_sums', 'lane_id, transit_days, deliveries', ranges);
    const [rows, histogram] = await Promise.all([
      this.dataSource.query(
        `SELECT l.carrier_code, l.service_code, l.origin_city, l.destination_city, t.*
           FROM (SELECT lane_id, sum(shipments) AS shipments, sum(delivered) AS delivered, sum(on_time) AS on_time,
                        sum(first_attempt) AS first_attempt, sum(returned) AS returned
                   FROM (${sums.sql}) periods GROUP BY lane_id) t
           JOIN carrier_performance_lanes l ON l.id = t.lane_id
          ORDER BY l.carrier_code, l.service_code, l.origin_city_key, l.destination_city_key`,
        [teamId, ...sums.params],
      ) as Promise<Array<Record<string, string>>>,
      this.dataSource.query(
        `SELECT lane_id, transit_days, sum(deliveries) AS deliveries FROM (${transit.sql}) periods GROUP BY lane_id, transit_days`,
        [teamId, ...transit.params],
      ) as Promise<Array<Record<string, string>>>,
    ]);
    const histograms = new Map<string, Map<number, number>>();
    for (const h of histogram) {
      const lane = String(h.lane_id);
      const map = histograms.get(lane) ?? new Map<number, number>();
      map.set(Number(h.transit_days), Number(h.deliveries));
      histograms.set(lane, map);
    }
    return rows.map((r) => ({
      carrierCode: r.carrier_code,
      serviceCode: r.service_code,
      originCity: r.origin_city,
      destinationCity: r.destination_city,
      shipments: Number(r.shipments),
      delivered: Number(r.delivered),
      onTime: Number(r.on_time),
      firstAttempt: Number(r.first_attempt),
      returned: Number(r.returned),
      transitHistogram: histograms.get(String(r.lane_id)) ?? new Map(),
    }));
  }
}
