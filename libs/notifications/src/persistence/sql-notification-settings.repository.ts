import { DataSource } from 'typeorm';
import { AuditSource } from '@lgw/kernel';
import { appendAuditEvents } from '@lgw/database';
import { NotificationEvent, isNotificationEventName } from '../domain/notification-event';
import { NotificationSettings, settingsView } from '../domain/notification-settings';
import { NotificationSettingsRepositoryPort } from '../application/ports/notification-settings.port';

export class SqlNotificationSettingsRepository implements NotificationSettingsRepositoryPort {
  constructor(private readonly dataSource: DataSource) {}

  async find(teamId: string): Promise<NotificationSettings | null> {
    const [row]: Array<{ sms: boolean; email: boolean; events: string[]; sender_name: string }> = await this.dataSource.query(
      'SELECT sms, email, events, sender_name FROM notification_settings WHERE team_id = $1',
      [teamId],
    );
    if (!row) return null;
    return {
      sms: row.sms,
      email: row.email,
      events: row.events.filter((e): e is NotificationEvent => isNotificationEventName(e)),
      senderName: row.sender_name,
    };
  }

  async save(teamId: string, settings: NotificationSettings, now: Date, source?: AuditSource): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      await em.query(
        `INSERT INTO notification_settings (team_id, sms, email, events, sender_name, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (team_id) DO UPDATE SET sms = $2, email = $3, events = $4, sender_name = $5, updated_at = $6`,
        [teamId, settings.sms, settings.email, settings.events, settings.senderName, now],
      );
      if (source) {
        await appendAuditEvents(
          em,
          [
            {
              teamId,
              action: 'notification_settings.updated',
              target: { type: 'team', id: teamId },
              changes: settingsView(settings),
              source,
            },
          ],
          now,
        );
      }
    });
  }

  async teamName(teamId: string): Promise<string> {
    const [row]: Array<{ name: string }> = await this.dataSource.query(
      'SELECT COALESCE(a.name, t.name) AS name FROM teams t LEFT JOIN teams a ON a.id = t.account_id WHERE t.id = $1',
      [teamId],
    );
    return row?.name ?? '';
  }
}
