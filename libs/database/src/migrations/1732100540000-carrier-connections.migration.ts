import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carrier connections (docs/adr/0065-carrier-connections.md): the platform's contract with each
 * carrier and teams' own, credentials encrypted with the webhook-secret cipher. One active
 * connection per owner and carrier; revoked rows stay (quotes name them, audits read them).
 * A team's rows go with the team (and its test scope's with the scope).
 */
export class CarrierConnections1732100540000 implements MigrationInterface {
  name = 'CarrierConnections1732100540000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE carrier_connections (
        id uuid PRIMARY KEY,
        carrier_code text NOT NULL,
        owner text NOT NULL CHECK (owner IN ('platform', 'team')),
        team_id uuid NULL REFERENCES teams (id) ON DELETE CASCADE,
        account_number text NULL,
        credentials_ciphertext text NOT NULL,
        credentials_hint text NOT NULL,
        rate_cards jsonb NULL,
        status text NOT NULL CHECK (status IN ('active', 'revoked')),
        created_at timestamptz NOT NULL,
        revoked_at timestamptz NULL,
        CHECK ((owner = 'platform') = (team_id IS NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX carrier_connections_active_team_idx ON carrier_connections (team_id, carrier_code)
        WHERE status = 'active' AND owner = 'team'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX carrier_connections_active_platform_idx ON carrier_connections (carrier_code)
        WHERE status = 'active' AND owner = 'platform'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE carrier_connections');
  }
}
