import { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Nest's start-up chatter: one line per module and route, useful only when debugging. */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';

/**
 * Nest's own messages and the application's `Logger` calls, in the same JSON stream as the
 * rest. An object message becomes fields of the line rather than "[object Object]".
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write(context && FRAMEWORK_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace ? { trace } : {});
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, context);
  }

  private write(level: Level, message: unknown, context?: string, extra: Record<string, unknown> = {}): void {
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      const { msg, message: text, ...fields } = message as Record<string, unknown>;
      this.logger[level]({ context, ...extra, ...fields }, String(msg ?? text ?? ''));
    } else if (message instanceof Error) {
      this.logger[level]({ context, ...extra, err: message }, message.message);
    } else {
      this.logger[level]({ context, ...extra }, String(message));
    }
  }
}
