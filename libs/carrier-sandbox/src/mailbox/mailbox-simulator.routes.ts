import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginOptions } from 'fastify';

export interface SandboxMail {
  readonly id: string;
  readonly to: string;
  readonly from_name: string;
  readonly subject: string;
  readonly text: string;
  readonly reference: string | null;
  readonly received_at: string;
}

export interface MailboxSimulatorState {
  readonly messages: SandboxMail[];
}

export function createMailboxSimulatorState(): MailboxSimulatorState {
  return { messages: [] };
}

const MAX_KEPT = 10_000;
const text = (value: unknown, max: number) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);

/**
 * The sandbox's mailbox: where a test scope's e-mail notices go instead of SMTP (docs/adr/0086,
 * "Test mode"), so an integrator sees what a recipient would get and nobody receives it.
 * POST /messages {to, from_name, subject, text, reference} → 201 {id}; a reference it already
 * took answers the same message. GET /messages?to=&reference= reads them back.
 */
export async function mailboxSimulatorRoutes(app: FastifyInstance, opts: FastifyPluginOptions & { state: MailboxSimulatorState }) {
  const state = opts.state;
  app.post('/messages', async (request, reply) => {
    const input = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    const to = text(input.to, 254);
    const subject = text(input.subject, 998);
    const body = text(input.text, 100_000);
    if (!to || !to.includes('@')) return reply.code(422).send({ error: 'to: an e-mail address' });
    if (!subject || !body) return reply.code(422).send({ error: 'subject and text are required' });
    const reference = text(input.reference, 200);
    const known = reference ? state.messages.find((m) => m.reference === reference) : undefined;
    if (known) return reply.code(201).send({ id: known.id });
    const message: SandboxMail = {
      id: randomUUID(),
      to,
      from_name: text(input.from_name, 200) ?? '',
      subject,
      text: body,
      reference,
      received_at: new Date().toISOString(),
    };
    state.messages.push(message);
    if (state.messages.length > MAX_KEPT) state.messages.splice(0, state.messages.length - MAX_KEPT);
    return reply.code(201).send({ id: message.id });
  });

  app.get('/messages', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    return { messages: state.messages.filter((m) => (!q.to || m.to === q.to) && (!q.reference || m.reference === q.reference)) };
  });
}
