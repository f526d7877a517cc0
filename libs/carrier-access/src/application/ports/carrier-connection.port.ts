import type { AuditEntry } from '@lgw/kernel';
import { CarrierCredentialSchema, ConnectionOwner, ConnectionStatus } from '../../domain/carrier-connection';

/**
 * A carrier contract the gateway books on (docs/adr/0065-carrier-connections.md): the
 * platform's (the default for every team) or one team's own. Credentials are held encrypted
 * with the webhook-secret cipher; only the hint is ever shown.
 */
export interface CarrierConnectionRecord {
  readonly id: string;
  readonly carrierCode: string;
  readonly owner: ConnectionOwner;
  /** The tenant (a team or its test scope) that owns it; null for the platform's. */
  readonly teamId: string | null;
  readonly accountNumber: string | null;
  /** JSON of {setting name: value}, encrypted (WebhookSecretCipherPort). */
  readonly credentialsCiphertext: string;
  readonly credentialsHint: string;
  /** Contract rates by service code, in the rate card file format; null: the carrier's own cards. */
  readonly rateCards: Readonly<Record<string, unknown>> | null;
  readonly status: ConnectionStatus;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  /** SHA-256 (hex) of the token in the connection's carrier webhook URL; absent for seeded connections. */
  readonly webhookTokenHash?: string | null;
}

export interface CarrierConnectionRepositoryPort {
  /**
   * Saves an active connection and, in the same transaction, revokes the one it replaces (the
   * owner's active connection to that carrier): one active connection per owner and carrier.
   */
  /** With its audit event, in the same transaction. */
  saveReplacing(record: CarrierConnectionRecord, audit?: AuditEntry): Promise<void>;
  /** Saves the platform's connection to a carrier only if it never had one (the environment seed). */
  seedPlatform(record: CarrierConnectionRecord): Promise<boolean>;
  /** The tenant's own active connections. */
  activeOfTeam(teamId: string): Promise<CarrierConnectionRecord[]>;
  /** The platform's active connections. */
  activePlatform(): Promise<CarrierConnectionRecord[]>;
  /** Every team's active connection to a carrier (the accounts whose payout feeds are read). */
  activeTeamsOf(carrierCode: string): Promise<CarrierConnectionRecord[]>;
  /** Any connection by id, active or revoked (a quote names the one it was priced on). */
  find(id: string): Promise<CarrierConnectionRecord | null>;
  /** Revokes the owner's active connection; false when it has none by that id (another owner's included). */
  revoke(id: string, owner: { teamId: string } | 'platform', now: Date, audit?: AuditEntry): Promise<CarrierConnectionRecord | null>;
  /** The active connection to a carrier whose webhook token hashes to this, or null. */
  findByWebhookToken(carrierCode: string, tokenHash: string): Promise<CarrierConnectionRecord | null>;
}

/** What each carrier declares about its connections, and what the environment held before them. */
export interface CarrierCredentialSchemasPort {
  /** The declared schema of a registered carrier; undefined for an unknown code. */
  schema(carrierCode: string): CarrierCredentialSchema | undefined;
  /**
   * The platform credentials the deployment was configured with before connections existed
   * (<CODE>_<SETTING>, else the local sandbox's): the seed of the platform connection.
   */
  environmentCredentials(carrierCode: string): Readonly<Record<string, string>>;
  /** Every registered carrier code. */
  codes(): readonly string[];
}

export const CARRIER_CONNECTION_REPOSITORY = Symbol('CARRIER_CONNECTION_REPOSITORY');
export const CARRIER_CREDENTIAL_SCHEMAS = Symbol('CARRIER_CREDENTIAL_SCHEMAS');
