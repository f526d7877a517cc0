import type { AuditSource } from '@lgw/kernel';
/** POST /carrier-connections (a team's own) or the admin API and CLI (the platform's). Values as received. */
export interface CreateCarrierConnectionCommand {
  /** The tenant (principal.teamId) for a team's own connection; 'platform' for the platform's. */
  readonly owner: { readonly teamId: string } | 'platform';
  readonly carrier: unknown;
  readonly credentials: unknown;
  readonly accountNumber?: unknown;
  /** Contract rates by service code, in the rate card file format (docs/rating.md). */
  readonly rateCards?: unknown;
  /** Who asks (the audit trail); the gateway itself when absent (the CLI, the environment seed). */
  readonly source?: AuditSource;
}
