import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope, statusOf } from './error-envelope';
import { mapError } from './error-mapping';

/** The one way an error leaves: mapped through the status table, logged when unexpected. */
export function sendError(request: FastifyRequest, reply: FastifyReply, exception: unknown): void {
  const mapped = mapError(exception);
  // Answered (408) and logged where the connection was cut, or closed by the client: no one to tell.
  if (mapped.clientGone) return;
  if (mapped.unexpected) {
    request.log.error({ err: exception, event: 'request.failed', team_id: request.principal?.teamId }, 'unexpected error');
  }
  if (mapped.dependency) logDependencyFailure(request, mapped.dependency, exception);
  if (mapped.retryAfterSeconds !== undefined) reply.header('Retry-After', String(mapped.retryAfterSeconds));
  if (reply.sent) return;
  void reply.code(statusOf(mapped.code)).type('application/json; charset=utf-8').send(errorEnvelope(mapped.code, mapped.details));
}

/** During an outage every request fails the same way: one line per dependency per interval, with how many. */
const DEPENDENCY_LOG_INTERVAL_MS = 5_000;
const dependencyLog = new Map<string, { last: number; suppressed: number }>();

function logDependencyFailure(request: FastifyRequest, dependency: string, exception: unknown): void {
  const now = Date.now();
  const state = dependencyLog.get(dependency) ?? { last: 0, suppressed: 0 };
  dependencyLog.set(dependency, state);
  if (now - state.last < DEPENDENCY_LOG_INTERVAL_MS) {
    state.suppressed += 1;
    return;
  }
  const err = exception instanceof Error ? exception.message : String(exception);
  request.log.warn(
    { event: 'dependency.unavailable', dependency, err, suppressed: state.suppressed },
    `${dependency} unavailable: answered 503`,
  );
  state.last = now;
  state.suppressed = 0;
}
