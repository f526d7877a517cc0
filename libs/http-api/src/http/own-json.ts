/**
 * An answer that writes its own JSON text: a hot route's handler attaches a writer that knows the
 * answer's shape and keeps the text of what recurs (a carrier's names, a breakdown line's labels),
 * where `JSON.stringify` would escape every Arabic name again on every request (docs/adr/0101).
 * The text must be exactly what `JSON.stringify` gives; each writer's spec proves it.
 */
const OWN_JSON = Symbol('lgw.ownJson');

/** An answer's JSON as text or as its UTF-8 bytes (json-bytes.ts), or undefined for a shape it does not know. */
type Writer = (answer: object) => string | Buffer | undefined;

/**
 * `answer` with `write` attached (not enumerable, so the object reads and compares as before).
 * `write` answers undefined for a shape it does not know, and `JSON.stringify` writes it instead.
 */
export function withOwnJson<T extends object>(answer: T, write: (answer: T) => string | Buffer | undefined): T {
  Object.defineProperty(answer, OWN_JSON, { value: write });
  return answer;
}

/**
 * Fastify's reply serializer for every route (none declares a response schema): an answer's own
 * writer where it has one, `JSON.stringify` for everything else.
 */
export function serializeReply(payload: unknown): string | Buffer {
  const write = typeof payload === 'object' && payload !== null ? (payload as { [OWN_JSON]?: Writer })[OWN_JSON] : undefined;
  return write?.(payload as object) ?? JSON.stringify(payload);
}
