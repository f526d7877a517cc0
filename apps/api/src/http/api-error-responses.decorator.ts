import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorEnvelopeDto } from '../dto/error.response.dto';

const COMMON: Record<number, string> = {
  401: 'E_UNAUTHENTICATED: missing or invalid API key',
  429: 'E_RATE_LIMITED: over the per-key limit; see Retry-After',
  500: 'E_INTERNAL: unexpected error',
};

/** Documents the error envelope for the statuses a route can answer, plus the common ones. */
export function ApiErrorResponses(extra: Record<number, string> = {}): MethodDecorator & ClassDecorator {
  const all = { ...COMMON, ...extra };
  return applyDecorators(
    ...Object.entries(all).map(([status, description]) =>
      ApiResponse({ status: Number(status), description, type: ErrorEnvelopeDto }),
    ),
  );
}
