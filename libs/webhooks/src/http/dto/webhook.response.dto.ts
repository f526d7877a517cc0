import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_EVENT_KINDS } from '@lgw/kernel';
import { WEBHOOK_DELIVERY_STATES } from '../../domain/webhook-endpoint-rules';

export class WebhookConfigCreatedDto {
  @ApiProperty({ format: 'uri' }) url: string;
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_KINDS }) events: string[];
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'signs every delivery (Standard Webhooks). Kept across config updates; changed only by rotate-secret.',
  })
  secret: string;
}

export class WebhookSecretRotatedDto extends WebhookConfigCreatedDto {
  @ApiProperty({ format: 'date-time', description: 'until then deliveries carry a signature with the old secret too' })
  previous_secret_expires_at: string;
}

export class WebhookConfigDto {
  @ApiProperty({ format: 'uri' }) url: string;
  @ApiProperty({ type: [String], enum: WEBHOOK_EVENT_KINDS }) events: string[];
  @ApiProperty({ description: 'false after a 410 answer or five days of failed attempts; POST /webhooks/config enables it again' })
  enabled: boolean;
  @ApiProperty({ nullable: true, enum: ['gone', 'failing', null], type: String }) disabled_reason: string | null;
  @ApiProperty({ example: 'whsec_…Sw', description: 'masked: the last four characters only' }) secret: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class WebhookDeliveryDto {
  @ApiProperty({ example: 'msg_2Xz…', description: 'the webhook-id header of every attempt of this message' }) id: string;
  @ApiProperty({ example: 'shipment.status_updated' }) type: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) shipment_id: string | null;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATES }) state: string;
  @ApiProperty({ description: 'attempts made so far' }) attempts: number;
  @ApiProperty({ nullable: true, type: Number, description: 'HTTP status of the last attempt; null when no answer came' })
  last_status_code: number | null;
  @ApiProperty({ nullable: true, type: String }) last_error: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_attempt_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'pending messages only' })
  next_attempt_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) delivered_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class WebhookDeliveryListDto {
  @ApiProperty({ type: [WebhookDeliveryDto], description: 'newest first' }) deliveries: WebhookDeliveryDto[];
  @ApiProperty() total: number;
  @ApiProperty() limit: number;
  @ApiProperty() offset: number;
}

export class WebhookTestResultDto {
  @ApiProperty({ example: 'msg_test_…' }) webhook_id: string;
  @ApiProperty({ description: 'true when the receiver answered 2xx' }) delivered: boolean;
  @ApiProperty({ nullable: true, type: Number, description: "the receiver's HTTP status; null when it could not be reached" })
  status_code: number | null;
  @ApiProperty({ nullable: true, type: String }) error: string | null;
}
