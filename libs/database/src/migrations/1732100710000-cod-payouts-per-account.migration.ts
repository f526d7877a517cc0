import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cash-on-delivery payouts read per carrier account (docs/adr/0091-cod-payouts-per-connection.md):
 * the platform's account of each carrier and every team's own connection has its own payout feed,
 * position and payouts. `account` is 'platform' or the connection's id (text, not a nullable uuid:
 * it is part of primary and unique keys). The rows read so far were all the platform's feed, so
 * they take 'platform' and its feed continues where it stopped. Two accounts may use the same
 * payout reference: the account is part of each payout key. A line naming a shipment booked on
 * another account of the carrier is kept as OTHER_ACCOUNT.
 */
export class CodPayoutsPerAccount1732100710000 implements MigrationInterface {
  name = 'CodPayoutsPerAccount1732100710000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cod_payout_cursors ADD COLUMN account text NOT NULL DEFAULT 'platform'`);
    await q.query('ALTER TABLE cod_payout_cursors DROP CONSTRAINT cod_payout_cursors_pkey');
    await q.query('ALTER TABLE cod_payout_cursors ADD PRIMARY KEY (carrier_code, account)');

    await q.query(`ALTER TABLE cod_remittances ADD COLUMN account text NOT NULL DEFAULT 'platform'`);
    await q.query('ALTER TABLE cod_remittances DROP CONSTRAINT cod_remittances_carrier_code_carrier_reference_team_id_key');
    await q.query(
      'ALTER TABLE cod_remittances ADD CONSTRAINT cod_remittances_payout_team_key UNIQUE (carrier_code, account, carrier_reference, team_id)',
    );

    await q.query(`ALTER TABLE cod_unmatched_lines ADD COLUMN account text NOT NULL DEFAULT 'platform'`);
    await q.query('ALTER TABLE cod_unmatched_lines DROP CONSTRAINT cod_unmatched_lines_pkey');
    await q.query('ALTER TABLE cod_unmatched_lines ADD PRIMARY KEY (carrier_code, account, carrier_reference, tracking_number)');
    await q.query('ALTER TABLE cod_unmatched_lines DROP CONSTRAINT cod_unmatched_lines_reason_check');
    await q.query(
      `ALTER TABLE cod_unmatched_lines ADD CONSTRAINT cod_unmatched_lines_reason_check
         CHECK (reason IN ('UNKNOWN_TRACKING_NUMBER', 'ALREADY_REMITTED', 'OTHER_ACCOUNT'))`,
    );
  }

  /** Back to one feed per carrier: only the platform's positions, payouts keyed without the account. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM cod_unmatched_lines WHERE account <> 'platform' OR reason = 'OTHER_ACCOUNT'`);
    await q.query('ALTER TABLE cod_unmatched_lines DROP CONSTRAINT cod_unmatched_lines_reason_check');
    await q.query(
      `ALTER TABLE cod_unmatched_lines ADD CONSTRAINT cod_unmatched_lines_reason_check
         CHECK (reason IN ('UNKNOWN_TRACKING_NUMBER', 'ALREADY_REMITTED'))`,
    );
    await q.query('ALTER TABLE cod_unmatched_lines DROP CONSTRAINT cod_unmatched_lines_pkey');
    await q.query('ALTER TABLE cod_unmatched_lines ADD PRIMARY KEY (carrier_code, carrier_reference, tracking_number)');
    await q.query('ALTER TABLE cod_unmatched_lines DROP COLUMN account');

    // A team's remittance read from its own account stays; where the platform's payout of the same
    // reference was recorded too, the platform's is kept (the old key has room for one).
    await q.query(
      `DELETE FROM cod_remittances r USING cod_remittances p
        WHERE r.account <> 'platform' AND p.account = 'platform' AND p.carrier_code = r.carrier_code
          AND p.carrier_reference = r.carrier_reference AND p.team_id = r.team_id`,
    );
    await q.query('ALTER TABLE cod_remittances DROP CONSTRAINT cod_remittances_payout_team_key');
    await q.query(
      'ALTER TABLE cod_remittances ADD CONSTRAINT cod_remittances_carrier_code_carrier_reference_team_id_key UNIQUE (carrier_code, carrier_reference, team_id)',
    );
    await q.query('ALTER TABLE cod_remittances DROP COLUMN account');

    await q.query(`DELETE FROM cod_payout_cursors WHERE account <> 'platform'`);
    await q.query('ALTER TABLE cod_payout_cursors DROP CONSTRAINT cod_payout_cursors_pkey');
    await q.query('ALTER TABLE cod_payout_cursors ADD PRIMARY KEY (carrier_code)');
    await q.query('ALTER TABLE cod_payout_cursors DROP COLUMN account');
  }
}
