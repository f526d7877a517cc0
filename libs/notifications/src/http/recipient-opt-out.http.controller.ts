import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DomainError, RATE_LIMITER, RateLimiterPort } from '@lgw/kernel';
import { ApiErrorResponses } from '@lgw/http-api';
import { OptOutRecipientUseCase } from '../application/opt-out-recipient/opt-out-recipient.use-case';
import { OptOutResponseDto } from './dto/notification-settings.dto';

/** Opt-outs from one client address a minute: a person, not a script walking links. */
const OPT_OUTS_PER_ADDRESS_PER_MINUTE = 30;

/**
 * The recipient's opt-out on the tracking link (docs/adr/0086): no key, the token is the key.
 * Unknown tokens answer the page's 404; each call spends the client address's budget.
 */
@ApiTags('recipients')
@Controller('t')
export class RecipientOptOutHttpController {
  constructor(
    private readonly optOut: OptOutRecipientUseCase,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiterPort,
  ) {}

  @Post(':token/opt-out')
  @HttpCode(200)
  @ApiOperation({
    summary: "The recipient stops the team's notices",
    description:
      "The shipment's phone and e-mail receive no more SMS or e-mail from this team (later notices are logged SUPPRESSED). No key.",
  })
  @ApiParam({ name: 'token', description: "the token of the shipment's tracking_url" })
  @ApiOkResponse({ type: OptOutResponseDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND: no shipment has this link', 429: 'E_RATE_LIMITED' })
  async post(@Param('token') token: string, @Req() request: FastifyRequest): Promise<OptOutResponseDto> {
    const decision = await this.limiter.consume(`recipient-opt-out:${request.ip}`, OPT_OUTS_PER_ADDRESS_PER_MINUTE);
    if (!decision.allowed) throw new DomainError('E_RATE_LIMITED');
    return this.optOut.execute(token);
  }
}
