import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuditSource } from '@lgw/kernel';

/** Who makes a change, from where and in which request: what the audit trail records beside it. */
export function auditSourceOf(request: FastifyRequest): AuditSource {
  const principal = request.principal;
  return {
    // Without a principal the request passed the admin token guard: an operator.
    actor: principal
      ? { type: 'api_key', id: principal.keyId, name: principal.keyName ?? null }
      : { type: 'operator', id: null, name: 'operator' },
    ip: request.ip ?? null,
    requestId: String(request.id),
  };
}

export const RequestAuditSource = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuditSource =>
  auditSourceOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
