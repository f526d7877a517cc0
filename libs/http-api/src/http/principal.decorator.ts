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

/**
 * As withMode, for views made for this answer alone (the rating's quotes): each takes the mode in
 * place, last as withMode puts it. A copy per quote was a seventieth of POST /rates' CPU.
 */
export function takeMode<T extends object>(principal: Principal, views: T[]): (T & { mode: Principal['mode'] })[] {
  for (const view of views) (view as T & { mode: Principal['mode'] }).mode = principal.mode;
  return views as (T & { mode: Principal['mode'] })[];
}
