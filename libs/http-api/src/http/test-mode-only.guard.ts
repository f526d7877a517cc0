import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lgw/kernel';

/**
 * Routes that exist only for test keys (docs/test-mode.md): a live key is answered 404
 * E_NOT_FOUND before its body is even read, as if the route did not exist.
 */
@Injectable()
export class TestModeOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.switchToHttp().getRequest<FastifyRequest>().principal?.mode !== 'test') throw new DomainError('E_NOT_FOUND');
    return true;
  }
}
