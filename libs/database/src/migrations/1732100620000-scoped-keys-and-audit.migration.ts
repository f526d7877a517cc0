import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scoped keys and the audit trail (docs/adr/0082-scoped-keys-and-audit.md).
 * Keys gain a name, scopes, an expiry and allowed address ranges; every key that exists keeps
 * full access (`*`), so no integration loses a right it had. Audit events are chained per team:
 * `seq` numbers a team's events without gaps and `hash` covers the event and the previous hash,
 * so a deleted or altered row breaks the chain. `audit_chain_anchors` keeps where a pruned chain
 * now starts (retention), so pruning never looks like tampering.
 */
export class ScopedKeysAndAudit1732100620000 implements MigrationInterface {
  name = 'ScopedKeysAndAudit1732100620000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys
      ADD COLUMN name text NULL,
      ADD COLUMN scopes text[] NOT NULL DEFAULT '{*}',
      ADD COLUMN expires_at timestamptz NULL,
      ADD COLUMN allowed_ips text[] NOT NULL DEFAULT '{}',
      ADD COLUMN last4 text NULL`);
    await q.query(`
      CREATE TABLE audit_events (
        id uuid PRIMARY KEY,
        team_id uuid NOT NULL,
        seq bigint NOT NULL,
        at timestamptz NOT NULL,
        actor_type text NOT NULL,
        actor_id text NULL,
        actor_name text NULL,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text NULL,
        ip text NULL,
        request_id text NULL,
        changes jsonb NOT NULL DEFAULT '{}',
        prev_hash char(64) NOT NULL,
        hash char(64) NOT NULL,
        UNIQUE (team_id, seq)
      )`);
    await q.query('CREATE INDEX audit_events_team_at_idx ON audit_events (team_id, at DESC, seq DESC)');
    await q.query(`
      CREATE TABLE audit_chain_anchors (
        team_id uuid PRIMARY KEY,
        seq bigint NOT NULL,
        hash char(64) NOT NULL,
        pruned_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE audit_chain_anchors');
    await q.query('DROP TABLE audit_events');
    await q.query(
      'ALTER TABLE api_keys DROP COLUMN name, DROP COLUMN scopes, DROP COLUMN expires_at, DROP COLUMN allowed_ips, DROP COLUMN last4',
    );
  }
}
