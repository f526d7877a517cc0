import { Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForwardToCarrierUseCase } from '../application/forward-to-carrier/forward-to-carrier.use-case';
import { ListPassthroughAuditUseCase } from '../application/list-passthrough-audit/list-passthrough-audit.use-case';
import { PassthroughAuditEntry } from '../application/ports/passthrough-audit.port';
import { Principal } from '@lgw/kernel';
import { PassthroughAuditListResponseDto } from './dto/passthrough-audit.response.dto';
import { ApiErrorResponses, CurrentPrincipal } from '@lgw/http-api';

const CODE_PARAM = {
  name: 'code',
  description: 'Code of a carrier with integration_type rest or rest_legacy (GET /carriers)',
};

@ApiTags('passthrough')
@ApiBearerAuth()
@Controller('api/v1/carriers/:code/passthrough')
export class PassthroughHttpController {
  constructor(
    private readonly forwardToCarrier: ForwardToCarrierUseCase,
    private readonly listAudit: ListPassthroughAuditUseCase,
  ) {}

  /**
   * The reply is written here rather than returned: the carrier's bytes must leave exactly
   * as they came, and returning them would let the framework serialise them again.
   */
  @Post()
  @ApiParam(CODE_PARAM)
  @ApiBody({
    description: "Any JSON object in the carrier's native format; forwarded byte for byte. The gateway adds the credentials.",
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiProduces('application/json')
  @ApiOkResponse({
    description: "The carrier's own answer. Any status the carrier answers (4xx and 5xx included) comes back with its body unchanged.",
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiErrorResponses({
    404: 'E_NOT_FOUND: unknown carrier, or one without a passthrough target (csv_batch)',
    413: 'E_PAYLOAD_TOO_LARGE',
    422: 'E_VALIDATION {field: "body"}: the body is not a JSON object',
    503: 'E_CARRIER_UNAVAILABLE (Retry-After): no answer from the carrier in time, or its circuit is open',
  })
  async forward(
    @CurrentPrincipal() principal: Principal,
    @Param('code') code: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const result = await this.forwardToCarrier.execute({
      teamId: principal.teamId,
      keyId: principal.keyId,
      carrierCode: code,
      body: request.body,
      rawBody: request.rawBody,
      requestId: String(request.id),
    });
    logPassthrough(request, result.audit, result.kind === 'failed' ? result.error : undefined);
    if (result.kind === 'failed') throw result.error;
    await reply.code(result.response.status).type(result.response.contentType).send(result.response.body);
  }

  @Get('audit')
  @ApiParam(CODE_PARAM)
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiOkResponse({ type: PassthroughAuditListResponseDto, description: "The team's recent passthrough calls to this carrier" })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND: unknown carrier or one without passthrough', 422: 'E_VALIDATION (limit)' })
  audit(
    @CurrentPrincipal() principal: Principal,
    @Param('code') code: string,
    @Query('limit') limit?: string,
  ): Promise<PassthroughAuditListResponseDto> {
    return this.listAudit.execute({ teamId: principal.teamId, carrierCode: code, limit });
  }
}

/** The same fields as the audit row; the bodies never reach the logs. */
function logPassthrough(request: FastifyRequest, audit: PassthroughAuditEntry, error: unknown): void {
  const level = audit.outcome === 'answered' ? 'info' : 'warn';
  request.log[level](
    {
      event: 'carrier.passthrough',
      team_id: audit.teamId,
      key_id: audit.keyId,
      carrier_code: audit.carrierCode,
      status: audit.status,
      outcome: audit.outcome,
      latency_ms: audit.latencyMs,
      request_bytes: audit.requestBytes,
      response_bytes: audit.responseBytes,
      request_id: audit.requestId,
      ...(error instanceof Error ? { reason: error.message } : {}),
    },
    'carrier passthrough',
  );
}
