import type { AuditSource } from '@lgw/kernel';

export interface ConfigureWebhookCommand {
  readonly teamId: string;
  readonly url: unknown;
  readonly events?: unknown;
  readonly source?: AuditSource;
}
