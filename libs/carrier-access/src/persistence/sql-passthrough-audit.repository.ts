import { DataSource } from 'typeorm';
import { PassthroughAuditEntry, PassthroughAuditPort } from '../application/ports/passthrough-audit.port';

interface AuditRow {
  team_id: string;
  key_id: string;
  carrier_code: string;
  status: number | null;
  outcome: PassthroughAuditEntry['outcome'];
  latency_ms: number;
  request_bytes: number;
  response_bytes: number | null;
  request_id: string;
  created_at: Date;
}

export class SqlPassthroughAuditRepository implements PassthroughAuditPort {
  constructor(private readonly dataSource: DataSource) {}

  async record(entry: PassthroughAuditEntry): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO passthrough_audit
         (team_id, key_id, carrier_code, status, outcome, latency_ms, request_bytes, response_bytes, request_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        entry.teamId,
        entry.keyId,
        entry.carrierCode,
        entry.status,
        entry.outcome,
        entry.latencyMs,
        entry.requestBytes,
        entry.responseBytes,
        entry.requestId,
        entry.createdAt,
      ],
    );
  }

  async listForTeam(teamId: string, carrierCode: string, limit: number): Promise<PassthroughAuditEntry[]> {
    const rows: AuditRow[] = await this.dataSource.query(
      `SELECT team_id, key_id, carrier_code, status, outcome, latency_ms, request_bytes, response_bytes, request_id, created_at
         FROM passthrough_audit
        WHERE team_id = $1 AND carrier_code = $2
        ORDER BY created_at DESC, id DESC
        LIMIT $3`,
      [teamId, carrierCode, limit],
    );
    return rows.map((row) => ({
      teamId: row.team_id,
      keyId: row.key_id,
      carrierCode: row.carrier_code,
      status: row.status === null ? null : Number(row.status),
      outcome: row.outcome,
      latencyMs: Number(row.latency_ms),
      requestBytes: Number(row.request_bytes),
      responseBytes: row.response_bytes === null ? null : Number(row.response_bytes),
      requestId: row.request_id,
      createdAt: new Date(row.created_at),
    }));
  }
}
