import { DataSource } from 'typeorm';
import type { LanePerformancePort, LaneServiceRecord } from '../application/ports/lane-performance.port';

/** Reads the carrier performance sums (written by tracking, docs/adr/0084) for one lane. */
export class SqlLanePerformance implements LanePerformancePort {
  constructor(private readonly dataSource: DataSource) {}

  async lane(teamId: string, originCityKey: string, destinationCityKey: string, sinceDay: string): Promise<LaneServiceRecord[]> {
    const rows: Array<{ carrier_code: string; service_code: string; delivered: string; on_time: string }> = await this.dataSource.query(
      `SELECT carrier_code, service_code, sum(delivered) AS delivered, sum(on_time) AS on_time
         FROM carrier_performance_daily
        WHERE team_id = $1 AND origin_city_key = $2 AND destination_city_key = $3 AND day >= $4::date
        GROUP BY carrier_code, service_code`,
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
