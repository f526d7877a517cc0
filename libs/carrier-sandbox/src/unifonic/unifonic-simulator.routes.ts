import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyPluginOptions } from 'fastify';

/** The AppSid the simulator accepts unless given another (the gateway's SMS_APP_SID default). */
export const SANDBOX_UNIFONIC_APP_SID = 'sandbox-unifonic-app-sid';

export type UnifonicFault = 'none' | 'down' | 'reject';

export interface SimulatedSms {
  readonly message_id: string;
  readonly correlation_id: string | null;
  readonly sender_id: string;
  readonly recipient: string;
  readonly body: string;
  readonly received_at: string;
}

export interface UnifonicSimulatorState {
  readonly appSid: string;
  readonly messages: SimulatedSms[];
  fault: UnifonicFault;
}

export function createUnifonicSimulatorState(options: { appSid?: string } = {}): UnifonicSimulatorState {
  return { appSid: options.appSid ?? SANDBOX_UNIFONIC_APP_SID, messages: [], fault: 'none' };
}

const MAX_KEPT = 10_000;

/**
 * Unifonic's SMS REST API as documented (POST /rest/SMS/messages, form-encoded or JSON:
 * AppSid, SenderID, Recipient, Body, responseType, CorrelationID; answer {success, message,
 * errorCode, data: {MessageID, CorrelationID, Status, NumberOfUnits, Recipient, DateCreated}}).
 * It keeps every message it took, readable back by tests (GET /messages), and answers a
 * CorrelationID it already took with the same message, never a second one. Faults (PUT /fault):
 * down (503), reject (a refusal). Error codes here are the simulator's own.
 */
export async function unifonicSimulatorRoutes(app: FastifyInstance, opts: FastifyPluginOptions & { state: UnifonicSimulatorState }) {
  const state = opts.state;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/rest/SMS/messages', async (request, reply) => {
    const input = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const field = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : '');
    const refuse = (status: number, errorCode: string, message: string) =>
      reply.code(status).send({ success: false, message, errorCode, data: null });
    if (state.fault === 'down') return refuse(503, 'ER-503', 'Service temporarily unavailable');
    if (field('AppSid') !== state.appSid) return refuse(401, 'ER-01', 'Invalid AppSid');
    if (state.fault === 'reject') return refuse(400, 'ER-10', 'Message rejected');
    const recipient = field('Recipient');
    if (!/^[1-9]\d{7,14}$/.test(recipient)) return refuse(400, 'ER-04', 'Invalid recipient: international format without 00 or +');
    const body = field('Body');
    if (body === '') return refuse(400, 'ER-05', 'Body is required');
    const senderId = field('SenderID');
    if (senderId.length > 11) return refuse(400, 'ER-06', 'Invalid SenderID');
    const correlationId = field('CorrelationID') || null;
    const known = correlationId ? state.messages.find((m) => m.correlation_id === correlationId) : undefined;
    const message =
      known ??
      ({
        message_id: String(randomInt(1_000_000_000, 9_999_999_999)),
        correlation_id: correlationId,
        sender_id: senderId,
        recipient,
        body,
        received_at: new Date().toISOString(),
      } satisfies SimulatedSms);
    if (!known) {
      state.messages.push(message);
      if (state.messages.length > MAX_KEPT) state.messages.splice(0, state.messages.length - MAX_KEPT);
    }
    // One unit holds 70 characters of Arabic (UCS-2), 67 each when split.
    const units = body.length <= 70 ? 1 : Math.ceil(body.length / 67);
    return reply.send({
      success: true,
      message: '',
      errorCode: 'ER-00',
      data: {
        MessageID: message.message_id,
        CorrelationID: message.correlation_id,
        Status: 'Sent',
        NumberOfUnits: units,
        Recipient: message.recipient,
        DateCreated: message.received_at,
      },
    });
  });

  // Tests read back what was sent (to a recipient, or under a correlation id).
  app.get('/messages', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    return {
      messages: state.messages.filter(
        (m) => (!q.recipient || m.recipient === q.recipient) && (!q.correlation_id || m.correlation_id === q.correlation_id),
      ),
    };
  });

  app.put('/fault', async (request, reply) => {
    const mode = (request.body as { mode?: unknown } | undefined)?.mode;
    if (mode !== 'none' && mode !== 'down' && mode !== 'reject') return reply.code(422).send({ error: 'mode: none, down or reject' });
    state.fault = mode;
    return { mode };
  });
}
