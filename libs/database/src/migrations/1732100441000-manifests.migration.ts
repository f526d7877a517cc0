import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carrier manifests (end-of-day handover sheets). A shipment sits on one manifest per day: the
 * unique (shipment_id, manifest_date) key decides, also between two requests racing.
 */
export class Manifests1732100441000 implements MigrationInterface {
  name = 'Manifests1732100441000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE manifests (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        carrier_code text NOT NULL,
        manifest_date date NOT NULL,
        shipment_count integer NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX manifests_team_idx ON manifests (team_id, manifest_date)');
    await q.query(`
      CREATE TABLE manifest_shipments (
        manifest_id uuid NOT NULL REFERENCES manifests(id) ON DELETE CASCADE,
        shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        manifest_date date NOT NULL,
        position integer NOT NULL,
        PRIMARY KEY (manifest_id, shipment_id),
        UNIQUE (shipment_id, manifest_date)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE manifest_shipments');
    await q.query('DROP TABLE manifests');
  }
}
