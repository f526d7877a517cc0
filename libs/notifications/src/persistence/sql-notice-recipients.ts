import { DataSource } from 'typeorm';
import { NoticeRecipient, NoticeRecipientsPort } from '../application/ports/notice-recipients.port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Recipients as the shipments' destinations hold them, and their opt-outs per team. */
export class SqlNoticeRecipients implements NoticeRecipientsPort {
  constructor(private readonly dataSource: DataSource) {}

  async recipientOf(teamId: string, shipmentId: string): Promise<NoticeRecipient | null> {
    if (!UUID.test(shipmentId)) return null;
    const [row]: Array<{
      id: string;
      team_id: string;
      tracking_number: string | null;
      tracking_token: string | null;
      phone: string | null;
      email: string | null;
    }> = await this.dataSource.query(
      `SELECT id, team_id, tracking_number, tracking_token, destination->>'phone' AS phone, destination->>'email' AS email
           FROM shipments WHERE id = $1 AND team_id = $2`,
      [shipmentId, teamId],
    );
    if (!row || !row.tracking_token) return null;
    return {
      shipmentId: row.id,
      teamId: row.team_id,
      trackingNumber: row.tracking_number ?? '',
      trackingToken: row.tracking_token,
      phone: row.phone || null,
      email: row.email || null,
    };
  }

  async optedOut(teamId: string, addresses: readonly string[]): Promise<string[]> {
    if (addresses.length === 0) return [];
    const rows: Array<{ address: string }> = await this.dataSource.query(
      'SELECT address FROM notification_opt_outs WHERE team_id = $1 AND address = ANY($2::text[])',
      [teamId, addresses.map((a) => a.toLowerCase())],
    );
    const out = new Set(rows.map((r) => r.address));
    return addresses.filter((a) => out.has(a.toLowerCase()));
  }

  async optOutByToken(token: string, now: Date): Promise<boolean> {
    const [row]: Array<{ id: string; team_id: string; phone: string | null; email: string | null }> = await this.dataSource.query(
      `SELECT id, team_id, destination->>'phone' AS phone, destination->>'email' AS email FROM shipments WHERE tracking_token = $1`,
      [token],
    );
    if (!row) return false;
    for (const address of [row.phone, row.email]) {
      if (!address) continue;
      await this.dataSource.query(
        `INSERT INTO notification_opt_outs (team_id, address, shipment_id, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id, address) DO NOTHING`,
        [row.team_id, address.toLowerCase(), row.id, now],
      );
    }
    return true;
  }
}
