import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per carrier passthrough call. Sizes and timings only: the bodies are the
 * merchant's (names, phones, addresses) and never stored.
 */
export class PassthroughAudit1732100005000 implements MigrationInterface {
  name = 'PassthroughAudit1732100005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE passthrough_audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        key_id uuid NOT NULL,
        carrier_code text NOT NULL,
        status smallint NULL,
        outcome text NOT NULL CHECK (outcome IN ('answered', 'unavailable', 'failed')),
        latency_ms integer NOT NULL,
        request_bytes integer NOT NULL,
        response_bytes integer NULL,
        request_id text NOT NULL,
        created_at timestamptz NOT NULL,
        CHECK ((outcome = 'answered') = (status IS NOT NULL))
      )`);
    // The only read: a team's recent calls to one carrier, newest first.
    await q.query('CREATE INDEX passthrough_audit_team_idx ON passthrough_audit (team_id, carrier_code, created_at DESC, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE passthrough_audit');
  }
}
