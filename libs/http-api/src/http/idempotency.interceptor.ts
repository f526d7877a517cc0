import {
  applyDecorators,
  CallHandler,
  createParamDecorator,
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
import { type IdempotencyRef, DomainError } from '@lgw/kernel';
import { IdempotentRequests } from './idempotent-requests';
import { OUTCOME_STATUS, outcomeOfStatus } from './request-outcome';
import { createValidationPipe } from './validation.pipe';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key the request runs under (scope + key), set by the interceptor; null without one. */
    idempotencyKey?: IdempotencyRef | null;
  }
}

const IDEMPOTENT_ROUTE = Symbol('IDEMPOTENT_ROUTE');
const API_PREFIX = /^\/api\/v1/;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

interface IdempotentRoute {
  /** The request DTO: the body is judged before a key is claimed, so a bad body never holds one. */
  readonly body: Type<unknown>;
}

/**
 * `Idempotency-Key` on a route (docs/api.md, idempotency): the same team, route and body within
 * 24 h answer the first response again, marked `Idempotent-Replayed: true`. An HTTP concern: the
 * handler gets the key it runs under through @RequestIdempotencyKey() and hands it to the use case,
 * which names it on the carrier intents it records.
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

/** The key an @Idempotent route runs under (null without one), for the use case's command. */
export const RequestIdempotencyKey = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): IdempotencyRef | null => ctx.switchToHttp().getRequest<FastifyRequest>().idempotencyKey ?? null,
);

/** The key's scope: method and path with its parameters (`POST /shipments/{id}/cancel`). */
export function idempotencyScope(request: FastifyRequest): string {
  const template = (request.routeOptions.url ?? request.url.split('?')[0]).replace(API_PREFIX, '');
  const params = (request.params ?? {}) as Record<string, string>;
  return `${request.method} ${template.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => params[name] ?? '')}`;
}

/** The Idempotency-Key header as sent (repeated headers joined, so they fail validation). */
function rawIdempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  return Array.isArray(key) ? key.join(', ') : key;
}

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly gate = createValidationPipe();

  constructor(
    private readonly requests: IdempotentRequests,
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
    const answer = await this.requests.run(
      {
        teamId: request.principal.teamId,
        scope: idempotencyScope(request),
        rawKey: rawIdempotencyKey(request),
        fingerprint: request.body,
        outcome,
      },
      (key) => {
        request.idempotencyKey = key;
        return lastValueFrom(next.handle());
      },
    );
    markReplayed(reply, answer.replayed);
    void reply.code(OUTCOME_STATUS[answer.outcome]);
    return answer.body;
  }
}

export function markReplayed(reply: FastifyReply, replayed: boolean): void {
  if (replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
}
