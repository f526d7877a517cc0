export interface ConfigureWebhookCommand {
  readonly teamId: string;
  readonly url: unknown;
  readonly events?: unknown;
}
