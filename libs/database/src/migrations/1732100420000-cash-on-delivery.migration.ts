import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash on delivery (docs/adr/0043-cash-on-delivery.md, 0044-cod-remittances.md): what the
 * carrier collected at the door, on the shipment (a NULL status with an amount is PENDING);
 * the payouts the carriers publish, their lines, and lines no shipment of the carrier matches.
 * Unique keys make a payout read twice recorded once.
 */
export class CashOnDelivery1732100420000 implements MigrationInterface {
  name = 'CashOnDelivery1732100420000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE shipments
        ADD COLUMN cod_status text NULL CHECK (cod_status IN ('PENDING', 'COLLECTED', 'REFUSED', 'REMITTED', 'DISCREPANCY')),
        ADD COLUMN cod_collected_halalas bigint NULL,
        ADD COLUMN cod_collected_at timestamptz NULL,
        ADD COLUMN cod_remittance_id uuid NULL`);
    await q.query(`CREATE INDEX shipments_cod_open_idx ON shipments (team_id, cod_status) WHERE cod_amount_halalas > 0`);
    await q.query(`
      CREATE TABLE cod_remittances (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        carrier_code text NOT NULL,
        carrier_reference text NOT NULL,
        remitted_at timestamptz NOT NULL,
        amount_halalas bigint NOT NULL,
        item_count integer NOT NULL,
        status text NOT NULL CHECK (status IN ('RECONCILED', 'DISCREPANCY')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (carrier_code, carrier_reference, team_id)
      )`);
    await q.query('CREATE INDEX cod_remittances_team_idx ON cod_remittances (team_id, remitted_at DESC, id DESC)');
    await q.query(`
      CREATE TABLE cod_remittance_items (
        remittance_id uuid NOT NULL REFERENCES cod_remittances (id) ON DELETE CASCADE,
        shipment_id uuid NOT NULL,
        tracking_number text NOT NULL,
        expected_halalas bigint NOT NULL,
        remitted_halalas bigint NOT NULL,
        PRIMARY KEY (remittance_id, shipment_id)
      )`);
    await q.query('CREATE UNIQUE INDEX cod_remittance_items_shipment_uq ON cod_remittance_items (shipment_id)');
    await q.query(`
      CREATE TABLE cod_unmatched_lines (
        carrier_code text NOT NULL,
        carrier_reference text NOT NULL,
        tracking_number text NOT NULL,
        amount_halalas bigint NOT NULL,
        remitted_at timestamptz NOT NULL,
        reason text NOT NULL CHECK (reason IN ('UNKNOWN_TRACKING_NUMBER', 'ALREADY_REMITTED')),
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (carrier_code, carrier_reference, tracking_number)
      )`);
    await q.query(`
      CREATE TABLE cod_payout_cursors (
        carrier_code text PRIMARY KEY,
        cursor text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE cod_payout_cursors');
    await q.query('DROP TABLE cod_unmatched_lines');
    await q.query('DROP TABLE cod_remittance_items');
    await q.query('DROP TABLE cod_remittances');
    await q.query('DROP INDEX shipments_cod_open_idx');
    await q.query(
      'ALTER TABLE shipments DROP COLUMN cod_status, DROP COLUMN cod_collected_halalas, DROP COLUMN cod_collected_at, DROP COLUMN cod_remittance_id',
    );
  }
}
