import { AuditSource } from '@lgw/kernel';
import { NotificationSettings } from '../../domain/notification-settings';

export interface NotificationSettingsRepositoryPort {
  /** The team's saved settings, or null (the defaults apply). */
  find(teamId: string): Promise<NotificationSettings | null>;
  /** Saved with its audit event (notification_settings.updated) when a source is given. */
  save(teamId: string, settings: NotificationSettings, now: Date, source?: AuditSource): Promise<void>;
  /** The team's display name (the default sender name is made from it). */
  teamName(teamId: string): Promise<string>;
}

export const NOTIFICATION_SETTINGS_REPOSITORY = Symbol('NOTIFICATION_SETTINGS_REPOSITORY');
