import { DataSource, EntityManager } from 'typeorm';
import { RecentReads, type AuditSource } from '@lgw/kernel';
import { appendAuditEvents, updatedRows } from '@lgw/database';
import type { ShippingRule, ShippingRuleProps } from '../domain/shipping-rule';
import type { ShippingRuleRepositoryPort } from '../application/ports/shipping-rule.repository.port';

interface RuleRow {
  id: string;
  name: string;
  priority: number;
  enabled: boolean;
  conditions: ShippingRule['conditions'];
  action: ShippingRule['action'];
  created_at: Date;
}

const COLUMNS = 'id, name, priority, enabled, conditions, action, created_at';

function toRule(row: RuleRow): ShippingRule {
  return {
    id: row.id,
    name: row.name,
    priority: Number(row.priority),
    enabled: row.enabled,
    conditions: row.conditions,
    action: row.action,
    createdAt: new Date(row.created_at),
  };
}

/** How old the rules a quote applies may be (a rule saved through another process applies within it). */
export const RULES_FRESH_MS = 1_000;
const TEAMS_REMEMBERED = 10_000;

export class SqlShippingRuleRepository implements ShippingRuleRepositoryPort {
  private readonly recent = new RecentReads<ShippingRule[]>(RULES_FRESH_MS, TEAMS_REMEMBERED);

  constructor(private readonly dataSource: DataSource) {}

  listRecent(teamId: string): Promise<ShippingRule[]> {
    return this.recent.read(teamId, () => this.list(teamId));
  }

  async list(teamId: string): Promise<ShippingRule[]> {
    const rows: RuleRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM shipping_rules WHERE team_id = $1 ORDER BY priority, created_at, id`,
      [teamId],
    );
    return rows.map(toRule);
  }

  async find(teamId: string, id: string): Promise<ShippingRule | null> {
    const rows: RuleRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM shipping_rules WHERE team_id = $1 AND id = $2`, [
      teamId,
      id,
    ]);
    return rows[0] ? toRule(rows[0]) : null;
  }

  async insert(teamId: string, id: string, props: ShippingRuleProps, now: Date, source: AuditSource): Promise<ShippingRule> {
    return this.changing(teamId, async (em) => {
      const rows: RuleRow[] = await em.query(
        `INSERT INTO shipping_rules (id, team_id, name, priority, enabled, conditions, action, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
        [id, teamId, props.name, props.priority, props.enabled, JSON.stringify(props.conditions), JSON.stringify(props.action), now],
      );
      await appendAuditEvents(em, [ruleAudit(teamId, id, 'shipping_rule.created', source, { after: props })], now);
      return toRule(rows[0]);
    });
  }

  async update(teamId: string, id: string, props: ShippingRuleProps, now: Date, source: AuditSource): Promise<ShippingRule | null> {
    return this.changing(teamId, async (em) => {
      const before: RuleRow[] = await em.query(`SELECT ${COLUMNS} FROM shipping_rules WHERE team_id = $1 AND id = $2 FOR UPDATE`, [
        teamId,
        id,
      ]);
      if (!before[0]) return null;
      const result: unknown = await em.query(
        `UPDATE shipping_rules SET name = $3, priority = $4, enabled = $5, conditions = $6, action = $7, updated_at = $8
          WHERE team_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [teamId, id, props.name, props.priority, props.enabled, JSON.stringify(props.conditions), JSON.stringify(props.action), now],
      );
      const { id: _id, createdAt: _created, ...was } = toRule(before[0]);
      await appendAuditEvents(em, [ruleAudit(teamId, id, 'shipping_rule.updated', source, { before: was, after: props })], now);
      return toRule(updatedRows<RuleRow>(result)[0]);
    });
  }

  async delete(teamId: string, id: string, source: AuditSource): Promise<boolean> {
    return this.changing(teamId, async (em) => {
      const result: unknown = await em.query(`DELETE FROM shipping_rules WHERE team_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [
        teamId,
        id,
      ]);
      const deleted = updatedRows<RuleRow>(result)[0];
      if (!deleted) return false;
      const { id: _id, createdAt: _created, ...was } = toRule(deleted);
      await appendAuditEvents(em, [ruleAudit(teamId, id, 'shipping_rule.deleted', source, { before: was })]);
      return true;
    });
  }

  /** A write's transaction; the team's next quote reads its rules again, after the commit (and after a failure, which may have committed). */
  private async changing<T>(teamId: string, work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } finally {
      this.recent.forget(teamId);
    }
  }
}

function ruleAudit(teamId: string, id: string, action: string, source: AuditSource, changes: Record<string, unknown>) {
  return { teamId, action, target: { type: 'shipping_rule', id }, changes, source };
}
