import { Inject, Injectable } from '@nestjs/common';
import { AuditSource, CLOCK, ClockPort, ValidationError } from '@lgw/kernel';
import { judgeNotificationSettings, settingsView } from '../../domain/notification-settings';
import { NOTIFICATION_SETTINGS_REPOSITORY, NotificationSettingsRepositoryPort } from '../ports/notification-settings.port';

/** PUT /notification-settings: the whole settings replaced; every problem of the body in one 422. */
@Injectable()
export class UpdateNotificationSettingsUseCase {
  constructor(
    @Inject(NOTIFICATION_SETTINGS_REPOSITORY) private readonly settings: NotificationSettingsRepositoryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: { teamId: string; body: unknown; source?: AuditSource }): Promise<ReturnType<typeof settingsView>> {
    const judged = judgeNotificationSettings(command.body);
    if (!judged.ok) throw ValidationError.of(judged.problems);
    await this.settings.save(command.teamId, judged.settings, this.clock.now(), command.source);
    return settingsView(judged.settings);
  }
}
