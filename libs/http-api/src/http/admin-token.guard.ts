import { timingSafeEqual, createHash } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lgw/kernel';
import { APP_CONFIG, AppConfig } from '@lgw/platform';
import { bearerToken } from './bearer';

/** The control panel's backend: one operator token, compared in constant time. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expected = digest(config.adminToken);
  }

  canActivate(context: ExecutionContext): boolean {
    const token = bearerToken(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization);
    if (token === null || !timingSafeEqual(digest(token), this.expected)) throw new DomainError('E_UNAUTHENTICATED');
    return true;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
