import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /cod/summary reads only a team's open cash: shipments not yet paid out, and
 * discrepancies. The partial index holds exactly those rows and the columns the summary adds
 * up, so the summary's cost follows the open cash, not the team's whole COD history
 * (docs/adr/0044-cod-remittances.md).
 */
export class CodOpenSummary1732100535000 implements MigrationInterface {
  name = 'CodOpenSummary1732100535000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS shipments_cod_open_idx');
    await q.query(
      `CREATE INDEX shipments_cod_open_idx ON shipments (team_id)
         INCLUDE (cod_amount_halalas, cod_collected_halalas, cod_collected_at, cod_status, status, cod_remittance_id)
         WHERE cod_amount_halalas > 0 AND (cod_remittance_id IS NULL OR cod_status = 'DISCREPANCY')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX shipments_cod_open_idx');
    await q.query(`CREATE INDEX shipments_cod_open_idx ON shipments (team_id, cod_status) WHERE cod_amount_halalas > 0`);
  }
}
