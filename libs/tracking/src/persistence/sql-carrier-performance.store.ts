import { DataSource } from 'typeorm';
import type { ShipmentStatus } from '@lgw/kernel';
import type {
  CarrierPerformanceStorePort,
  FinishedShipmentRecord,
  PerformanceEntry,
  PerformanceSums,
} from '../application/ports/carrier-performance.port';

const LANE = 'team_id, carrier_code, service_code, origin_city_key, destination_city_key';
const SUM_COLUMNS =
  'carrier_code, service_code, origin_city_key, destination_city_key, origin_city, destination_city, shipments, delivered, on_time, first_attempt, returned';
const TRANSIT_COLUMNS = 'carrier_code, service_code, origin_city_key, destination_city_key, transit_days, deliveries';

/** The first day of a day's month (YYYY-MM-DD). */
function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A range of days as the whole months inside it (read from the monthly sums) and the days
 * before and after them (read from the daily sums). A part that is empty has its first day
 * after its last, which BETWEEN matches nothing with.
 */
export function splitByMonths(
  fromDay: string,
  toDay: string,
): { headFrom: string; headTo: string; tailFrom: string; tailTo: string; monthsFrom: string; monthsTo: string } {
  const firstWhole = fromDay === monthOf(fromDay) ? fromDay : monthOf(addDays(monthOf(fromDay), 31));
  const lastWholeEnd = addDays(monthOf(addDays(toDay, 1)), -1); // the last day of the last month that ends in the range
  if (firstWhole > lastWholeEnd) {
    const after = addDays(toDay, 1);
    return { headFrom: fromDay, headTo: toDay, tailFrom: after, tailTo: toDay, monthsFrom: after, monthsTo: toDay };
  }
  return {
    headFrom: fromDay,
    headTo: addDays(firstWhole, -1),
    tailFrom: addDays(lastWholeEnd, 1),
    tailTo: toDay,
    monthsFrom: firstWhole,
    monthsTo: monthOf(lastWholeEnd),
  };
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
      const lane = [entry.teamId, entry.carrierCode, entry.serviceCode, entry.originCityKey, entry.destinationCityKey];
      const counts = [Number(o.delivered), Number(o.onTime), Number(o.firstAttempt), Number(o.returned)];
      // The day's sums and its month's (ranges of whole months read the monthly rows).
      for (const [table, period, value] of [
        ['carrier_performance_daily', 'day', o.day],
        ['carrier_performance_monthly', 'month', monthOf(o.day)],
      ] as const) {
        await em.query(
          `INSERT INTO ${table} AS d (${LANE}, ${period}, origin_city, destination_city,
                                      shipments, delivered, on_time, first_attempt, returned)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10, $11, $12)
           ON CONFLICT (${LANE}, ${period}) DO UPDATE SET
             shipments = d.shipments + 1, delivered = d.delivered + EXCLUDED.delivered, on_time = d.on_time + EXCLUDED.on_time,
             first_attempt = d.first_attempt + EXCLUDED.first_attempt, returned = d.returned + EXCLUDED.returned`,
          [...lane, value, entry.originCity, entry.destinationCity, ...counts],
        );
      }
      if (o.transitDays !== null) {
        for (const [table, period, value] of [
          ['carrier_performance_transit', 'day', o.day],
          ['carrier_performance_transit_monthly', 'month', monthOf(o.day)],
        ] as const) {
          await em.query(
            `INSERT INTO ${table} AS h (${LANE}, ${period}, transit_days, deliveries) VALUES ($1, $2, $3, $4, $5, $6, $7, 1)
             ON CONFLICT (${LANE}, ${period}, transit_days) DO UPDATE SET deliveries = h.deliveries + 1`,
            [...lane, value, o.transitDays],
          );
        }
      }
      return true;
    });
  }

  async sums(teamId: string, fromDay: string, toDay: string): Promise<PerformanceSums[]> {
    // Whole months inside the range from the monthly rows, the days before and after from the daily ones.
    const split = splitByMonths(fromDay, toDay);
    const params = [teamId, split.headFrom, split.headTo, split.tailFrom, split.tailTo, split.monthsFrom, split.monthsTo];
    const days = 'team_id = $1 AND (day BETWEEN $2::date AND $3::date OR day BETWEEN $4::date AND $5::date)';
    const months = 'team_id = $1 AND month BETWEEN $6::date AND $7::date';
    const [rows, histogram] = await Promise.all([
      this.dataSource.query(
        `SELECT carrier_code, service_code, origin_city_key, destination_city_key,
                min(origin_city) AS origin_city, min(destination_city) AS destination_city,
                sum(shipments) AS shipments, sum(delivered) AS delivered, sum(on_time) AS on_time,
                sum(first_attempt) AS first_attempt, sum(returned) AS returned
           FROM (SELECT ${SUM_COLUMNS} FROM carrier_performance_daily WHERE ${days}
                 UNION ALL
                 SELECT ${SUM_COLUMNS} FROM carrier_performance_monthly WHERE ${months}) sums
          GROUP BY carrier_code, service_code, origin_city_key, destination_city_key
          ORDER BY carrier_code, service_code, origin_city_key, destination_city_key`,
        params,
      ) as Promise<Array<Record<string, string>>>,
      this.dataSource.query(
        `SELECT carrier_code, service_code, origin_city_key, destination_city_key, transit_days, sum(deliveries) AS deliveries
           FROM (SELECT ${TRANSIT_COLUMNS} FROM carrier_performance_transit WHERE ${days}
                 UNION ALL
                 SELECT ${TRANSIT_COLUMNS} FROM carrier_performance_transit_monthly WHERE ${months}) transit
          GROUP BY carrier_code, service_code, origin_city_key, destination_city_key, transit_days`,
        params,
      ) as Promise<Array<Record<string, string>>>,
    ]);
    const key = (r: Record<string, string>) => [r.carrier_code, r.service_code, r.origin_city_key, r.destination_city_key].join('\u0000');
    const histograms = new Map<string, Map<number, number>>();
    for (const h of histogram) {
      const k = key(h);
      const map = histograms.get(k) ?? new Map<number, number>();
      map.set(Number(h.transit_days), Number(h.deliveries));
      histograms.set(k, map);
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
      transitHistogram: histograms.get(key(r)) ?? new Map(),
    }));
  }
}
