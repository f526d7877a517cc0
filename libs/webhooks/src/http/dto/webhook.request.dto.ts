import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { WEBHOOK_EVENT_KINDS } from '@lgw/kernel';
import { CompiledValidation } from '@lgw/http-api';

/**
 * POST /webhooks/config. The fields are checked by the domain's webhook rules (one precise
 * field and reason per refusal), not here, so the API and the use case cannot disagree.
 */
@CompiledValidation()
export class ConfigureWebhookRequestDto {
  @ApiProperty({
    type: String,
    format: 'uri',
    example: 'https://merchant.example/hooks/logistics',
    description: 'an absolute https URL without credentials or fragment, whose host resolves only to public addresses',
  })
  @Allow()
  url: unknown;

  @ApiPropertyOptional({
    type: [String],
    enum: WEBHOOK_EVENT_KINDS,
    description: "kinds to deliver, no duplicates; the contract's four shipment kinds when absent; cod.remitted only when listed",
    example: ['shipment.delivered', 'shipment.exception'],
  })
  @Allow()
  events?: unknown;
}
