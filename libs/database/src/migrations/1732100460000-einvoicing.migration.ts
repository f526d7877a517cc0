import { MigrationInterface, QueryRunner } from 'typeorm';

export class Einvoicing1732100460000 implements MigrationInterface {
  name = 'Einvoicing1732100460000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE einvoice_billing_profiles (
        team_id uuid PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
        legal_name_ar text NOT NULL,
        legal_name_en text NOT NULL,
        vat_number text NULL CHECK (vat_number ~ '^3[0-9]{13}3$'),
        address jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The gateway's EGS units: key and secrets encrypted (docs/adr/0055); the chain head moves
    // only under the row lock of the issuing transaction.
    await q.query(`
      CREATE TABLE einvoice_egs_units (
        id uuid PRIMARY KEY,
        common_name text NOT NULL UNIQUE,
        private_key_encrypted text NOT NULL,
        certificate text NOT NULL,
        production_token text NOT NULL,
        production_secret_encrypted text NOT NULL,
        compliance_request_id text NOT NULL,
        last_icv bigint NOT NULL DEFAULT 0,
        last_invoice_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE einvoice_documents (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        egs_id uuid NOT NULL REFERENCES einvoice_egs_units(id),
        icv bigint NOT NULL CHECK (icv > 0),
        number text NOT NULL UNIQUE,
        uuid uuid NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
        profile text NOT NULL CHECK (profile IN ('standard', 'simplified')),
        status text NOT NULL CHECK (status IN ('PENDING_CLEARANCE', 'CLEARED', 'REPORTED', 'REJECTED')),
        previous_invoice_hash text NOT NULL,
        invoice_hash text NOT NULL,
        xml text NOT NULL,
        qr text NOT NULL,
        net_halalas bigint NOT NULL,
        vat_halalas bigint NOT NULL,
        gross_halalas bigint NOT NULL,
        period_start date NOT NULL,
        line_count integer NOT NULL,
        billing_reference_id uuid NULL REFERENCES einvoice_documents(id),
        validation jsonb NOT NULL DEFAULT '{"errors":[],"warnings":[]}',
        attempts integer NOT NULL DEFAULT 0,
        issued_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Never skip, never fork: one document per counter value and per predecessor on each unit.
    await q.query('CREATE UNIQUE INDEX einvoice_documents_icv_uq ON einvoice_documents (egs_id, icv)');
    await q.query('CREATE UNIQUE INDEX einvoice_documents_pih_uq ON einvoice_documents (egs_id, previous_invoice_hash)');
    await q.query('CREATE INDEX einvoice_documents_team_idx ON einvoice_documents (team_id, issued_at DESC, icv DESC)');
    await q.query(`CREATE INDEX einvoice_documents_pending_idx ON einvoice_documents (issued_at) WHERE status = 'PENDING_CLEARANCE'`);
    // A ledger line is on at most one e-invoice; the open rest of a month is what has none.
    await q.query('ALTER TABLE billing_lines ADD COLUMN einvoice_document_id uuid NULL');
    await q.query('CREATE INDEX billing_lines_uninvoiced_idx ON billing_lines (team_id, period_start) WHERE einvoice_document_id IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX billing_lines_uninvoiced_idx');
    await q.query('ALTER TABLE billing_lines DROP COLUMN einvoice_document_id');
    await q.query('DROP TABLE einvoice_documents');
    await q.query('DROP TABLE einvoice_egs_units');
    await q.query('DROP TABLE einvoice_billing_profiles');
  }
}
