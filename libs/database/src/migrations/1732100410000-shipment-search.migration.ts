import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shipment search (docs/adr/0040-shipment-search-and-export.md): every filter of GET /shipments
 * and its CSV export is served by an index of the team, so a team with a million shipments is
 * never scanned. `q` is a prefix of the tracking number, the caller's reference, the recipient's
 * phone or the gateway's reference: one pattern index each (text_pattern_ops serves `LIKE 'x%'`
 * whatever the database collation), or-ed by the planner. Dates use (team_id, created_at).
 */
export class ShipmentSearch1732100410000 implements MigrationInterface {
  name = 'ShipmentSearch1732100410000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX shipments_team_carrier_created_idx ON shipments (team_id, carrier_code, created_at DESC, id DESC)');
    await q.query(
      "CREATE INDEX shipments_team_city_created_idx ON shipments (team_id, lower(destination->>'city'), created_at DESC, id DESC)",
    );
    await q.query('CREATE INDEX shipments_team_tracking_prefix_idx ON shipments (team_id, tracking_number text_pattern_ops)');
    await q.query('CREATE INDEX shipments_team_reference_prefix_idx ON shipments (team_id, reference text_pattern_ops)');
    await q.query("CREATE INDEX shipments_team_phone_prefix_idx ON shipments (team_id, (destination->>'phone') text_pattern_ops)");
    await q.query('CREATE INDEX shipments_team_service_reference_prefix_idx ON shipments (team_id, service_reference text_pattern_ops)');
    // GET /fulfilment/batches: the team's batches, newest first.
    await q.query('CREATE INDEX fulfilment_batches_team_created_idx ON fulfilment_batches (team_id, created_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of [
      'carrier_created',
      'city_created',
      'tracking_prefix',
      'reference_prefix',
      'phone_prefix',
      'service_reference_prefix',
    ]) {
      await q.query(`DROP INDEX IF EXISTS shipments_team_${name}_idx`);
    }
    await q.query('DROP INDEX IF EXISTS fulfilment_batches_team_created_idx');
  }
}
