import { Inject, Injectable } from '@nestjs/common';
import { defaultNotificationSettings, settingsView } from '../../domain/notification-settings';
import { NOTIFICATION_SETTINGS_REPOSITORY, NotificationSettingsRepositoryPort } from '../ports/notification-settings.port';

/** GET /notification-settings: the team's, or the defaults (nothing sent until a channel is turned on). */
@Injectable()
export class GetNotificationSettingsUseCase {
  constructor(@Inject(NOTIFICATION_SETTINGS_REPOSITORY) private readonly settings: NotificationSettingsRepositoryPort) {}

  async execute(teamId: string): Promise<ReturnType<typeof settingsView>> {
    const saved = await this.settings.find(teamId);
    return settingsView(saved ?? defaultNotificationSettings(await this.settings.teamName(teamId)));
  }
}
