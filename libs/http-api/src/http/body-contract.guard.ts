import { CanActivate, ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '@lgw/kernel';

const UNSUPPORTED = {
  en: 'unsupported content type: this route reads a JSON body',
  ar: 'نوع محتوى غير مدعوم: هذا المسار يقرأ جسماً بصيغة JSON',
};
const MUST_BE_EMPTY = {
  en: 'must be empty: this route takes no body',
  ar: 'يجب أن يكون فارغاً: هذا المسار لا يقبل جسماً للطلب',
};

type RouteBody = 'json' | 'multipart' | 'none';

/** Metadata keys of @nestjs/swagger's @ApiConsumes and @ApiBody (its constants are not exported). */
const API_CONSUMES = 'swagger/apiConsumes';
const API_PARAMETERS = 'swagger/apiParameters';

/**
 * A body the route cannot read is refused, never ignored (ADR 0038). Each route's body is read
 * from what already describes it: a `@Body()` parameter or an `@ApiBody` (JSON), an
 * `@ApiConsumes('multipart/form-data')` (multipart), or neither (no body).
 * - a multipart request to a JSON or bodiless route → 422 `{field: "body"}` (a multipart body
 *   with no boundary to POST /shipments/{id}/cancel used to cancel with no reason);
 * - any body but `{}` to a route that takes none (POST /data-readiness) → 422 `{field: "body"}`.
 * Runs before the pipes and the handler, so nothing is read, written or sent to a carrier.
 */
export class BodyContractGuard implements CanActivate {
  private readonly routes = new WeakMap<object, RouteBody>();

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const body = this.bodyOf(context);
    if (body === 'multipart') return true;
    if (request.isMultipart?.()) throw new ValidationError('body', UNSUPPORTED.en, UNSUPPORTED.ar);
    if (body === 'none' && hasBody(request)) throw new ValidationError('body', MUST_BE_EMPTY.en, MUST_BE_EMPTY.ar);
    return true;
  }

  private bodyOf(context: ExecutionContext): RouteBody {
    const handler = context.getHandler();
    let body = this.routes.get(handler);
    if (body === undefined) {
      body = routeBody(context.getClass(), handler);
      this.routes.set(handler, body);
    }
    return body;
  }
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
function routeBody(controller: Function, handler: Function): RouteBody {
  const consumes: string[] = Reflect.getMetadata(API_CONSUMES, handler) ?? Reflect.getMetadata(API_CONSUMES, controller) ?? [];
  if (consumes.some((type) => type.startsWith('multipart/'))) return 'multipart';
  const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {};
  const bodyArgument = Object.keys(args).some((key) => {
    const type = Number(key.split(':')[0]);
    return type === RouteParamtypes.BODY || type === RouteParamtypes.RAW_BODY;
  });
  const parameters: Array<{ in?: string }> = Reflect.getMetadata(API_PARAMETERS, handler) ?? [];
  return bodyArgument || parameters.some((p) => p.in === 'body') ? 'json' : 'none';
}

/**
 * Some content arrived or is announced (an empty JSON body parses to undefined). An empty JSON
 * object says nothing either: common HTTP clients send `{}` for a POST without data, so it is
 * taken as no body rather than refused.
 */
function hasBody(request: FastifyRequest): boolean {
  if (isEmptyObject(request.body)) return false;
  const length = Number(request.headers['content-length'] ?? 0);
  return (Number.isFinite(length) && length > 0) || (request.body !== undefined && request.body !== null);
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
