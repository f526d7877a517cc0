import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { SHIPMENT_EVENT_KINDS } from '@lgw/domain';

/**
 * POST /webhooks/config. The fields are checked by the domain's webhook rules (one precise
 * field and reason per refusal), not here, so the API and the use case cannot disagree.
 */
export class ConfigureWebhookRequestDto {
  @ApiProperty({
    format: 'uri',
    example: 'https://merchant.example/hooks/logistics',
    description: 'an absolute https URL without credentials or fragment, whose host resolves only to public addresses',
  })
  @Allow()
  url: unknown;

  @ApiPropertyOptional({
    type: [String],
    enum: SHIPMENT_EVENT_KINDS,
    description: 'kinds to deliver, no duplicates; all four when absent',
    example: ['shipment.delivered', 'shipment.exception'],
  })
  @Allow()
  events?: unknown;
}
