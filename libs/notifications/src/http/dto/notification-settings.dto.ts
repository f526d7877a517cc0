import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CompiledValidation, OnlyKnownFields } from '@lgw/http-api';
import { NOTIFICATION_EVENTS } from '../../domain/notification-event';
import { MAX_SENDER_NAME_LENGTH } from '../../domain/notification-settings';

const EVENTS_DESCRIPTION =
  'shipped (picked up / in transit, once), out_for_delivery (each time), delivery_issue (with the recipient page link), ' +
  'delayed (with the new estimated date), delivered (once)';

/** GET and PUT /notification-settings. */
export class NotificationSettingsDto {
  @ApiProperty({ example: true, description: "SMS to the destination's phone (Unifonic)" }) sms: boolean;
  @ApiProperty({ example: false, description: "e-mail to the destination's email (SMTP)" }) email: boolean;
  @ApiProperty({ enum: NOTIFICATION_EVENTS, isArray: true, description: EVENTS_DESCRIPTION }) events: string[];
  @ApiProperty({
    example: 'MyStore',
    maxLength: MAX_SENDER_NAME_LENGTH,
    description: 'the SMS sender ID and the e-mail display name: 2–11 Latin letters, digits, spaces, . - &',
  })
  sender_name: string;
}

/** The body of PUT: the domain judges it whole, so a 422 lists every problem (field, reason, reason_ar). */
@CompiledValidation()
@OnlyKnownFields(['sms', 'email', 'events', 'sender_name'])
export class NotificationSettingsRequestDto {
  @ApiProperty({ type: Boolean }) @Allow() sms: unknown;
  @ApiProperty({ type: Boolean }) @Allow() email: unknown;
  @ApiProperty({ enum: NOTIFICATION_EVENTS, isArray: true, description: EVENTS_DESCRIPTION }) @Allow() events: unknown;
  @ApiProperty({ type: String, maxLength: MAX_SENDER_NAME_LENGTH, example: 'MyStore' }) @Allow() sender_name: unknown;
}

export class NotificationLogEntryDto {
  @ApiProperty({ enum: ['sms', 'email'] }) channel: string;
  @ApiProperty({ enum: NOTIFICATION_EVENTS }) event: string;
  @ApiProperty({ type: String, nullable: true, example: '9665*****678', description: 'the address, masked' }) to: string | null;
  @ApiProperty({
    enum: ['SENT', 'FAILED', 'SUPPRESSED'],
    description:
      'the outcome of its latest attempt. SUPPRESSED: the recipient opted out. A notice is listed once it has been tried; one the provider did not take is FAILED with will_retry until it is sent or given up',
  })
  status: string;
  @ApiProperty({ type: String, nullable: true, description: 'why it failed or was suppressed' }) reason: string | null;
  @ApiProperty({ type: Boolean, description: 'FAILED and tried again by itself (with a doubling delay)' }) will_retry: boolean;
  @ApiProperty({ format: 'date-time', description: 'when it last changed (sent, failed, suppressed)' }) at: string;
}

export class ShipmentNotificationsDto {
  @ApiProperty({ type: [NotificationLogEntryDto] }) notifications: NotificationLogEntryDto[];
}

export class OptOutResponseDto {
  @ApiProperty({ example: true }) opted_out: boolean;
}
