import type { AuditSource } from '@lgw/kernel';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { CreateCarrierConnectionCommand } from '../../application/create-carrier-connection/create-carrier-connection.command';
import { CompiledValidation, OnlyKnownFields } from '@lgw/http-api';
import { RateCardLaneSchema, RateCardSchema, RateCardWeightBandSchema } from './rate-card.schema.dto';

/**
 * POST /carrier-connections (and the admin API's). The fields are checked against the carrier's
 * declared credentials schema by the domain (every problem with its field and bilingual
 * reason), then the credentials against the carrier itself, before anything is saved.
 */
@CompiledValidation()
@ApiExtraModels(RateCardSchema, RateCardLaneSchema, RateCardWeightBandSchema)
@OnlyKnownFields(['carrier', 'credentials', 'account_number', 'rate_cards'])
export class CreateCarrierConnectionRequestDto {
  @ApiProperty({ type: String, example: 'sahm', description: 'carrier code (GET /carriers)' })
  @Allow()
  carrier: unknown;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { api_token: 'your-sahm-account-token' },
    description:
      "the credentials of the carrier account, as the carrier's schema names them (docs/adding-a-carrier.md): sahm {api_token}, " +
      'bahr {username, password}, darb {api_key}. Tried against the carrier before saving; stored encrypted, never returned.',
  })
  @Allow()
  credentials: unknown;

  @ApiPropertyOptional({ type: String, nullable: true, description: "the account's number at the carrier, where the carrier uses one" })
  @Allow()
  account_number?: unknown;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(RateCardSchema) },
    description:
      "contract rates by service code, each a rate card in the format of the carrier's rate card files (docs/rating.md); quotes on this " +
      "connection use them instead of the carrier's published cards",
  })
  @Allow()
  rate_cards?: unknown;
}

/** The create command of either owner: a team's own connection, or the platform's. */
export function createConnectionCommand(
  owner: CreateCarrierConnectionCommand['owner'],
  body: CreateCarrierConnectionRequestDto,
  source?: AuditSource,
): CreateCarrierConnectionCommand {
  return {
    owner,
    carrier: body.carrier,
    credentials: body.credentials,
    accountNumber: body.account_number,
    rateCards: body.rate_cards,
    source,
  };
}
