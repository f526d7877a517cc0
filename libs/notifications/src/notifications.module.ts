import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { NOTIFICATION_LOG } from './application/ports/notification-log.port';
import { NOTIFICATION_SETTINGS_REPOSITORY } from './application/ports/notification-settings.port';
import { NOTICE_RECIPIENTS } from './application/ports/notice-recipients.port';
import { GetNotificationSettingsUseCase } from './application/get-notification-settings/get-notification-settings.use-case';
import { UpdateNotificationSettingsUseCase } from './application/update-notification-settings/update-notification-settings.use-case';
import { ListShipmentNotificationsUseCase } from './application/list-shipment-notifications/list-shipment-notifications.use-case';
import { OptOutRecipientUseCase } from './application/opt-out-recipient/opt-out-recipient.use-case';
import { PlanNotificationsUseCase } from './application/plan-notifications/plan-notifications.use-case';
import { SendNotificationUseCase } from './application/send-notification/send-notification.use-case';
import { SweepNotificationsUseCase } from './application/sweep-notifications/sweep-notifications.use-case';
import { SqlNotificationLog } from './persistence/sql-notification-log';
import { SqlNotificationSettingsRepository } from './persistence/sql-notification-settings.repository';
import { SqlNoticeRecipients } from './persistence/sql-notice-recipients';
import { TenantNotificationSenders } from './application/senders/tenant-senders';

const PROVIDERS: Provider[] = [
  { provide: NOTIFICATION_LOG, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => new SqlNotificationLog(ds) },
  {
    provide: NOTIFICATION_SETTINGS_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (ds: DataSource) => new SqlNotificationSettingsRepository(ds),
  },
  { provide: NOTICE_RECIPIENTS, inject: [DATA_SOURCE], useFactory: (ds: DataSource) => new SqlNoticeRecipients(ds) },
  TenantNotificationSenders,
  GetNotificationSettingsUseCase,
  UpdateNotificationSettingsUseCase,
  ListShipmentNotificationsUseCase,
  OptOutRecipientUseCase,
  PlanNotificationsUseCase,
  SendNotificationUseCase,
  SweepNotificationsUseCase,
];

/**
 * Recipient notifications (docs/adr/0086). Binds this context's own ports and use cases; the
 * senders (SMS provider, SMTP, and the sandbox's for test scopes) and NOTIFICATION_CONFIG come
 * with the process (libs/runtime).
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class NotificationsModule {}
