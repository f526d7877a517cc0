import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carrier performance by lane number and by day, week and month (docs/adr/0084, "Sums by day,
 * week and month"). A carrier × service × lane of a team is a row of its own with a number; the
 * sums and the transit histograms are keyed by (team, grain, period, lane) and carry their
 * counts in the index, so a range is read by index alone, grouped by one integer instead of four
 * text columns, and from whole weeks where it has no whole months. The daily and monthly rows
 * counted before are moved here and the weekly ones made from the days.
 */
export class CarrierPerformanceLanes1732100700000 implements MigrationInterface {
  name = 'CarrierPerformanceLanes1732100700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE carrier_performance_lanes (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        service_code text NOT NULL,
        origin_city_key text NOT NULL,
        destination_city_key text NOT NULL,
        origin_city text NOT NULL,
        destination_city text NOT NULL,
        UNIQUE (team_id, carrier_code, service_code, origin_city_key, destination_city_key)
      )`);
    await q.query(
      'CREATE INDEX carrier_performance_lanes_cities_idx ON carrier_performance_lanes (team_id, origin_city_key, destination_city_key)',
    );
    await q.query(`
      CREATE TABLE carrier_performance_sums (
        team_id uuid NOT NULL,
        grain char(1) NOT NULL CHECK (grain IN ('D', 'W', 'M')),
        period date NOT NULL,
        lane_id integer NOT NULL REFERENCES carrier_performance_lanes (id) ON DELETE CASCADE,
        shipments integer NOT NULL,
        delivered integer NOT NULL,
        on_time integer NOT NULL,
        first_attempt integer NOT NULL,
        returned integer NOT NULL,
        PRIMARY KEY (team_id, grain, period, lane_id) INCLUDE (shipments, delivered, on_time, first_attempt, returned)
      )`);
    await q.query(
      'CREATE INDEX carrier_performance_sums_lane_idx ON carrier_performance_sums (lane_id, grain, period) INCLUDE (delivered, on_time)',
    );
    await q.query(`
      CREATE TABLE carrier_performance_transit_sums (
        team_id uuid NOT NULL,
        grain char(1) NOT NULL CHECK (grain IN ('D', 'W', 'M')),
        period date NOT NULL,
        lane_id integer NOT NULL REFERENCES carrier_performance_lanes (id) ON DELETE CASCADE,
        transit_days integer NOT NULL,
        deliveries integer NOT NULL,
        PRIMARY KEY (team_id, grain, period, lane_id, transit_days) INCLUDE (deliveries)
      )`);
    await q.query(`
      INSERT INTO carrier_performance_lanes (team_id, carrier_code, service_code, origin_city_key, destination_city_key,
                                             origin_city, destination_city)
      SELECT team_id, carrier_code, service_code, origin_city_key, destination_city_key, min(origin_city), min(destination_city)
        FROM carrier_performance_daily
       GROUP BY team_id, carrier_code, service_code, origin_city_key, destination_city_key`);
    const lane = 'JOIN carrier_performance_lanes l USING (team_id, carrier_code, service_code, origin_city_key, destination_city_key)';
    const week = '(day - extract(dow FROM day)::int)';
    await q.query(`
      INSERT INTO carrier_performance_sums (team_id, grain, period, lane_id, shipments, delivered, on_time, first_attempt, returned)
      SELECT team_id, 'D', day, l.id, shipments, delivered, on_time, first_attempt, returned FROM carrier_performance_daily ${lane}
      UNION ALL
      SELECT team_id, 'W', ${week}, l.id, sum(shipments), sum(delivered), sum(on_time), sum(first_attempt), sum(returned)
        FROM carrier_performance_daily ${lane} GROUP BY team_id, ${week}, l.id
      UNION ALL
      SELECT team_id, 'M', month, l.id, shipments, delivered, on_time, first_attempt, returned FROM carrier_performance_monthly ${lane}`);
    await q.query(`
      INSERT INTO carrier_performance_transit_sums (team_id, grain, period, lane_id, transit_days, deliveries)
      SELECT team_id, 'D', day, l.id, transit_days, deliveries FROM carrier_performance_transit ${lane}
      UNION ALL
      SELECT team_id, 'W', ${week}, l.id, transit_days, sum(deliveries)
        FROM carrier_performance_transit ${lane} GROUP BY team_id, ${week}, l.id, transit_days
      UNION ALL
      SELECT team_id, 'M', month, l.id, transit_days, deliveries FROM carrier_performance_transit_monthly ${lane}`);
    for (const table of [
      'carrier_performance_transit_monthly',
      'carrier_performance_monthly',
      'carrier_performance_transit',
      'carrier_performance_daily',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    const key = 'team_id, carrier_code, service_code, origin_city_key, destination_city_key';
    const lanes = `s.team_id, l.carrier_code, l.service_code, l.origin_city_key, l.destination_city_key`;
    const counts = 's.shipments, s.delivered, s.on_time, s.first_attempt, s.returned';
    for (const [table, source, grain, period, columns, extraKey] of [
      ['carrier_performance_daily', 'carrier_performance_sums', 'D', 'day', `l.origin_city, l.destination_city, ${counts}`, ''],
      ['carrier_performance_monthly', 'carrier_performance_sums', 'M', 'month', `l.origin_city, l.destination_city, ${counts}`, ''],
      ['carrier_performance_transit', 'carrier_performance_transit_sums', 'D', 'day', 's.transit_days, s.deliveries', ', transit_days'],
      [
        'carrier_performance_transit_monthly',
        'carrier_performance_transit_sums',
        'M',
        'month',
        's.transit_days, s.deliveries',
        ', transit_days',
      ],
    ] as const) {
      await q.query(`CREATE TABLE ${table} AS SELECT ${lanes}, s.period AS ${period}, ${columns}
                       FROM ${source} s JOIN carrier_performance_lanes l ON l.id = s.lane_id WHERE s.grain = '${grain}'`);
      await q.query(`ALTER TABLE ${table} ADD PRIMARY KEY (${key}, ${period}${extraKey}),
                       ADD FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE`);
      await q.query(`CREATE INDEX ${table}_team_${period}_idx ON ${table} (team_id, ${period})`);
    }
    await q.query(
      'CREATE INDEX carrier_performance_daily_lane_idx ON carrier_performance_daily (team_id, origin_city_key, destination_city_key, day)',
    );
    await q.query('DROP TABLE carrier_performance_transit_sums');
    await q.query('DROP TABLE carrier_performance_sums');
    await q.query('DROP TABLE carrier_performance_lanes');
  }
}
