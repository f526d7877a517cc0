import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from '../dto/error.response.dto';

const COMMON: Record<number, string> = {
  401: 'E_UNAUTHENTICATED: missing, invalid, revoked or expired API key',
  403: "E_FORBIDDEN: the key lacks the operation's scope (details.required_scope, see x-required-scope) or the caller's address is outside its allowed_ips",
  429: 'E_RATE_LIMITED: over the per-key limit; see Retry-After',
  500: 'E_INTERNAL: unexpected error',
  503: 'E_SERVICE_UNAVAILABLE: the database or Redis cannot be reached; see Retry-After',
};

/**
 * Documents the error envelope for the statuses a route can answer, plus the common ones.
 * Always as application/json, even on routes that produce something else (PDF labels).
 */
export function ApiErrorResponses(extra: Record<number, string> = {}): MethodDecorator & ClassDecorator {
  const all = { ...COMMON, ...extra };
  // Any route can lose the database: a route's own 503 (a carrier) comes on top of it.
  if (extra[503] && !extra[503].includes('E_SERVICE_UNAVAILABLE')) all[503] = `${extra[503]}; or ${COMMON[503]}`;
  return applyDecorators(
    ApiExtraModels(ErrorEnvelopeDto),
    ...Object.entries(all).map(([status, description]) =>
      ApiResponse({
        status: Number(status),
        description,
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorEnvelopeDto) } } },
      }),
    ),
  );
}
