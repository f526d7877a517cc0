import { Module } from '@nestjs/common';
import { NotificationsHttpController } from './notifications.http.controller';
import { RecipientOptOutHttpController } from './recipient-opt-out.http.controller';

/** Notification settings, the per-shipment log and the recipient's opt-out; ports and use cases bound by NotificationsModule. */
@Module({ controllers: [NotificationsHttpController, RecipientOptOutHttpController] })
export class NotificationsHttpModule {}
