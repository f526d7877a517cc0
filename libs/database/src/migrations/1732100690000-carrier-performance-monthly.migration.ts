import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monthly sums of carrier performance beside the daily ones (docs/adr/0084, "Monthly sums"): a
 * range of whole months reads one row per lane and month instead of one per day, so a year of a
 * busy team answers as fast as a month. Kept in the same transaction as the daily sums; filled
 * here from the daily rows already counted.
 */
export class CarrierPerformanceMonthly1732100690000 implements MigrationInterface {
  name = 'CarrierPerformanceMonthly1732100690000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE carrier_performance_monthly (
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        origin_city_key text NOT NULL,
        destination_city_key text NOT NULL,
        month date NOT NULL,
        origin_city text NOT NULL,
        destination_city text NOT NULL,
        shipments integer NOT NULL,
        delivered integer NOT NULL,
        on_time integer NOT NULL,
        first_attempt integer NOT NULL,
        returned integer NOT NULL,
        PRIMARY KEY (team_id, carrier_code, service_code, origin_city_key, destination_city_key, month)
      )`);
    await q.query('CREATE INDEX carrier_performance_monthly_team_month_idx ON carrier_performance_monthly (team_id, month)');
    await q.query(`
      CREATE TABLE carrier_performance_transit_monthly (
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        origin_city_key text NOT NULL,
        destination_city_key text NOT NULL,
        month date NOT NULL,
        transit_days integer NOT NULL,
        deliveries integer NOT NULL,
        PRIMARY KEY (team_id, carrier_code, service_code, origin_city_key, destination_city_key, month, transit_days)
      )`);
    await q.query(
      'CREATE INDEX carrier_performance_transit_monthly_team_month_idx ON carrier_performance_transit_monthly (team_id, month)',
    );
    await q.query(`
      INSERT INTO carrier_performance_monthly (team_id, carrier_code, service_code, origin_city_key, destination_city_key, month,
                                               origin_city, destination_city, shipments, delivered, on_time, first_attempt, returned)
      SELECT team_id, carrier_code, service_code, origin_city_key, destination_city_key, date_trunc('month', day)::date,
             min(origin_city), min(destination_city), sum(shipments), sum(delivered), sum(on_time), sum(first_attempt), sum(returned)
        FROM carrier_performance_daily
       GROUP BY team_id, carrier_code, service_code, origin_city_key, destination_city_key, date_trunc('month', day)`);
    await q.query(`
      INSERT INTO carrier_performance_transit_monthly (team_id, carrier_code, service_code, origin_city_key, destination_city_key,
                                                       month, transit_days, deliveries)
      SELECT team_id, carrier_code, service_code, origin_city_key, destination_city_key, date_trunc('month', day)::date,
             transit_days, sum(deliveries)
        FROM carrier_performance_transit
       GROUP BY team_id, carrier_code, service_code, origin_city_key, destination_city_key, date_trunc('month', day), transit_days`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE carrier_performance_transit_monthly');
    await q.query('DROP TABLE carrier_performance_monthly');
  }
}
