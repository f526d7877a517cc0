import { MigrationInterface, QueryRunner } from 'typeorm';

export class BillingAndCatalogue1732100092000 implements MigrationInterface {
  name = 'BillingAndCatalogue1732100092000';

  async up(q: QueryRunner): Promise<void> {
    // The quote's price lines as booked: the ledger bills from the shipment, never from the quote store.
    await q.query('ALTER TABLE shipments ADD COLUMN quoted_lines jsonb NULL');

    // The billing ledger: append-only, one row per (shipment, cause, source event), so a
    // re-delivered domain event can never bill twice (docs/adr/0021-billing-ledger.md).
    await q.query(`
      CREATE TABLE billing_lines (
        id bigserial PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        shipment_id uuid NOT NULL,
        tracking_number text NOT NULL,
        cause text NOT NULL CHECK (cause IN ('shipment', 'cod_fee', 'weight_adjustment', 'return_fee', 'cancellation_credit')),
        source_event_id text NOT NULL,
        period_start date NOT NULL,
        occurred_at timestamptz NOT NULL,
        amount_halalas bigint NOT NULL,
        vat_halalas bigint NOT NULL,
        description_en text NOT NULL,
        description_ar text NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE UNIQUE INDEX billing_lines_source_uq ON billing_lines (shipment_id, cause, source_event_id)');
    // An invoice is one team's one period, read in line order by one range scan.
    await q.query('CREATE INDEX billing_lines_invoice_idx ON billing_lines (team_id, period_start, occurred_at, id)');

    await q.query(`
      CREATE TABLE catalogue_products (
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        sku text NOT NULL,
        name_en text NULL,
        name_ar text NULL,
        hs_code text NULL,
        weight_kg double precision NULL,
        length_cm double precision NULL,
        width_cm double precision NULL,
        height_cm double precision NULL,
        origin_country text NULL,
        value_halalas bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, sku)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE catalogue_products');
    await q.query('DROP TABLE billing_lines');
    await q.query('ALTER TABLE shipments DROP COLUMN quoted_lines');
  }
}
