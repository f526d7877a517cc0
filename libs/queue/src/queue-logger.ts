/** The slice of pino the adapters log through; a pino Logger satisfies it. */
export interface QueueLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Handlers can throw anything; logs and BullMQ both want an Error. */
export function toError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(typeof thrown === 'string' ? thrown : JSON.stringify(thrown));
}
