import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Principal, DomainError } from '@lgw/kernel';

/** The authenticated caller, set by the access hook; handlers never see a request without one. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  if (!request.principal) throw new DomainError('E_UNAUTHENTICATED');
  return request.principal;
});

/** A resource as the caller sees it, marked live or test (docs/test-mode.md): the caller's mode. */
export function withMode<T extends object>(principal: Principal, view: T): T & { mode: Principal['mode'] } {
  return { ...view, mode: principal.mode };
}
