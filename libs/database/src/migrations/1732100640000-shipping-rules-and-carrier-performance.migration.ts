import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shipping rules per team, and carrier performance kept as running sums (docs/adr/0084): one row
 * per team × carrier × service × lane × Riyadh day of the final status, a histogram of transit
 * days per the same bucket (percentiles come from it, never from the shipments), and the
 * shipments already counted, so a final status relayed twice counts once.
 */
export class ShippingRulesAndCarrierPerformance1732100640000 implements MigrationInterface {
  name = 'ShippingRulesAndCarrierPerformance1732100640000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shipping_rules (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        name text NOT NULL,
        priority integer NOT NULL,
        enabled boolean NOT NULL,
        conditions jsonb NOT NULL,
        action jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX shipping_rules_team_priority_idx ON shipping_rules (team_id, priority, created_at, id)');
    await q.query(`
      CREATE TABLE carrier_performance_daily (
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        origin_city_key text NOT NULL,
        destination_city_key text NOT NULL,
        day date NOT NULL,
        origin_city text NOT NULL,
        destination_city text NOT NULL,
        shipments integer NOT NULL,
        delivered integer NOT NULL,
        on_time integer NOT NULL,
        first_attempt integer NOT NULL,
        returned integer NOT NULL,
        PRIMARY KEY (team_id, carrier_code, service_code, origin_city_key, destination_city_key, day)
      )`);
    // Quotes read one lane (both cities) of one team over recent days.
    await q.query(
      'CREATE INDEX carrier_performance_daily_lane_idx ON carrier_performance_daily (team_id, origin_city_key, destination_city_key, day)',
    );
    await q.query('CREATE INDEX carrier_performance_daily_team_day_idx ON carrier_performance_daily (team_id, day)');
    await q.query(`
      CREATE TABLE carrier_performance_transit (
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        origin_city_key text NOT NULL,
        destination_city_key text NOT NULL,
        day date NOT NULL,
        transit_days integer NOT NULL,
        deliveries integer NOT NULL,
        PRIMARY KEY (team_id, carrier_code, service_code, origin_city_key, destination_city_key, day, transit_days)
      )`);
    await q.query('CREATE INDEX carrier_performance_transit_team_day_idx ON carrier_performance_transit (team_id, day)');
    await q.query(`
      CREATE TABLE carrier_performance_recorded (
        shipment_id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        outcome text NOT NULL,
        recorded_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE carrier_performance_recorded');
    await q.query('DROP TABLE carrier_performance_transit');
    await q.query('DROP TABLE carrier_performance_daily');
    await q.query('DROP TABLE shipping_rules');
  }
}
