import { DataSource } from 'typeorm';
import { RecentReads } from '@lgw/kernel';
import type { LanePerformancePort, LaneServiceRecord } from '../application/ports/lane-performance.port';

const LANE_FRESH_MS = 1_000;
const LANES_REMEMBERED = 50_000;

/** Reads the carrier performance sums (written by tracking, docs/adr/0084) for one lane: its days since a day. */
export class SqlLanePerformance implements LanePerformancePort {
  // Every quote asks; the sums move only when a shipment reaches a final status (port contract: a second old at most).
  private readonly recent = new RecentReads<LaneServiceRecord[]>(LANE_FRESH_MS, LANES_REMEMBERED);

  constructor(private readonly dataSource: DataSource) {}

  lane(teamId: string, originCityKey: string, destinationCityKey: string, sinceDay: string): Promise<LaneServiceRecord[]> {
    const key = JSON.stringify([teamId, originCityKey, destinationCityKey, sinceDay]);
    return this.recent.read(key, () => this.read(teamId, originCityKey, destinationCityKey, sinceDay));
  }

  private async read(teamId: string, originCityKey: string, destinationCityKey: string, sinceDay: string): Promise<LaneServiceRecord[]> {
    const rows: Array<{ carrier_code: string; service_code: string; delivered: string; on_time: string }> = await this.dataSource.query(
      `SELECT l.carrier_code, l.service_code, sum(s.delivered) AS delivered, sum(s.on_time) AS on_time
         FROM carrier_performance_lanes l
         JOIN carrier_performance_sums s ON s.lane_id = l.id AND s.grain = 'D' AND s.period >= $4::date
        WHERE l.team_id = $1 AND l.origin_city_key = $2 AND l.destination_city_key = $3
        GROUP BY l.carrier_code, l.service_code`,
      [teamId, originCityKey, destinationCityKey, sinceDay],
    );
    return rows.map((r) => ({
      carrier: r.carrier_code,
      service: r.service_code,
      delivered: Number(r.delivered),
      onTime: Number(r.on_time),
    }));
  }
}
