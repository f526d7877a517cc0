import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  Type,
  UseInterceptors,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, Observable } from 'rxjs';
import { IdempotentRequestService } from '@lgw/application';
import { DomainError } from '@lgw/domain';
import { OUTCOME_STATUS, outcomeOfStatus } from './request-outcome';
import { createValidationPipe } from './validation.pipe';

const IDEMPOTENT_ROUTE = Symbol('IDEMPOTENT_ROUTE');
const API_PREFIX = /^\/api\/v1/;

interface IdempotentRoute {
  /** The request DTO: the body is judged before a key is claimed, so a bad body never holds one. */
  readonly body: Type<unknown>;
}

/**
 * `Idempotency-Key` on a route (docs/api.md, idempotency): the same team, route and body within
 * 24 h answer the first response again, marked `Idempotent-Replayed: true`. An HTTP concern: the
 * use case behind the route never sees the key.
 */
export function Idempotent(body: Type<unknown>): MethodDecorator {
  return applyDecorators(
    SetMetadata(IDEMPOTENT_ROUTE, { body } satisfies IdempotentRoute),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'Same key + same body within 24 h returns the first response; another body → 422; while the first is running → 409 with Retry-After.',
    }),
  );
}

/** The key's scope: method and path with its parameters (`POST /shipments/{id}/cancel`). */
export function idempotencyScope(request: FastifyRequest): string {
  const template = (request.routeOptions.url ?? request.url.split('?')[0]).replace(API_PREFIX, '');
  const params = (request.params ?? {}) as Record<string, string>;
  return `${request.method} ${template.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => params[name] ?? '')}`;
}

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly gate = createValidationPipe();

  constructor(
    private readonly idempotency: IdempotentRequestService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.handle(context, next));
  }

  private async handle(context: ExecutionContext, next: CallHandler): Promise<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const route = this.reflector.get<IdempotentRoute>(IDEMPOTENT_ROUTE, context.getHandler());
    if (!request.principal) throw new DomainError('E_UNAUTHENTICATED');
    request.body = await this.gate.transform(request.body, { type: 'body', metatype: route.body });
    const outcome = outcomeOfStatus(
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (request.method === 'POST' ? 201 : 200),
    );
    const key = request.headers['idempotency-key'];
    const result = await this.idempotency.run(
      request.principal.teamId,
      idempotencyScope(request),
      Array.isArray(key) ? key.join(', ') : key,
      request.body,
      async () => ({ outcome, body: await lastValueFrom(next.handle()) }),
    );
    if (result.replayed) void reply.header('Idempotent-Replayed', 'true');
    void reply.code(OUTCOME_STATUS[result.outcome]);
    return result.body;
  }
}
