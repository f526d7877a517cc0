import { FastifyInstance } from 'fastify';
import { SandboxState } from './sandbox-state';

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // Unref'd so a pending slow answer never holds a test process open.
    setTimeout(resolve, ms).unref();
  });

export { FAULT_ERROR_BODY } from './fault-body';

/**
 * Shared set-up of one carrier's native API: raw request bytes (passthrough must see them
 * untouched, and each dialect parses its own formats) and the injected fault, which applies
 * to the native API only, never to the control API.
 */
export function prepareNativeScope(scope: FastifyInstance, state: SandboxState, code: string): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  scope.addHook('onRequest', async (request, reply) => {
    const carrier = state.carrier(code);
    carrier.stats.native_requests++;
    const fault = carrier.fault;
    switch (fault.mode) {
      case 'down':
        // All carriers share one port, so "down" cannot refuse the TCP connection; dropping
        // the socket before any answer gives the client the same immediate connection error.
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      case 'error':
        return reply.code(500).header('content-type', 'application/json').send(JSON.stringify(carrier.faultBody));
      default:
        return;
    }
  });
  // Slow answers are slow after the request has arrived in full: like a real carrier, the
  // sandbox then does the work even if the caller has stopped waiting (or died).
  scope.addHook('preHandler', async () => {
    const fault = state.carrier(code).fault;
    if (fault.mode === 'slow') await sleep(fault.latencyMs);
  });
}

/** Bytes of `{"received": <raw>, ...additions}` with the forwarded body embedded verbatim. */
export function echoBody(raw: Buffer, additions: Record<string, unknown>): Buffer {
  const extra = JSON.stringify(additions);
  const tail = extra === '{}' ? '}' : `,${extra.slice(1)}`;
  return Buffer.concat([Buffer.from('{"received":'), raw, Buffer.from(tail)]);
}

/**
 * Lets a test provoke a specific carrier answer through passthrough: a body carrying
 * `"sandbox_status": 422` gets that HTTP status back.
 */
export function requestedStatus(parsed: unknown): number | undefined {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const value = (parsed as Record<string, unknown>).sandbox_status;
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : undefined;
}
