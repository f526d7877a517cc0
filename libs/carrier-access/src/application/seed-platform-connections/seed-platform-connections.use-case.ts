import { randomUUID } from 'node:crypto';
import { credentialsHint } from '../../domain/carrier-connection';
import { CarrierConnectionRecord, CarrierConnectionRepositoryPort, CarrierCredentialSchemasPort } from '../ports/carrier-connection.port';
import { WebhookSecretCipherPort } from '@lgw/kernel';

/**
 * The upgrade path (docs/adr/0065): at start, each registered carrier that never had a platform
 * connection gets one from the credentials the deployment was configured with
 * (<CODE>_<SETTING>, else the local sandbox's). From then on the platform's credentials live in
 * the database (admin API, CLI) and the environment keeps only <CODE>_BASE_URL. Safe when
 * several replicas start at once: the database admits one seed per carrier.
 *
 * Runs before the application container exists (the platform adapters are built from its
 * answer), so it is constructed by hand rather than injected.
 */
export class SeedPlatformConnectionsUseCase {
  constructor(
    private readonly connections: CarrierConnectionRepositoryPort,
    private readonly schemas: CarrierCredentialSchemasPort,
    private readonly cipher: WebhookSecretCipherPort,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The platform's active connections once seeded, and their credentials by carrier code. A
   * connection this key cannot open (WEBHOOK_SECRET_KEY changed) is listed in `unreadable`: its
   * carrier works on the environment's credentials until an operator saves the connection again.
   */
  async execute(): Promise<{
    records: CarrierConnectionRecord[];
    credentials: Record<string, Readonly<Record<string, string>>>;
    unreadable: string[];
  }> {
    for (const code of this.schemas.codes()) {
      const credentials = this.schemas.environmentCredentials(code);
      // Nothing to seed: a real carrier the deployment gives no account for waits for an operator's connection.
      if (Object.keys(credentials).length === 0) continue;
      await this.connections.seedPlatform({
        id: randomUUID(),
        carrierCode: code,
        owner: 'platform',
        teamId: null,
        accountNumber: null,
        credentialsCiphertext: this.cipher.encrypt(JSON.stringify(credentials)),
        credentialsHint: credentialsHint(credentials),
        rateCards: null,
        status: 'active',
        createdAt: this.now(),
        revokedAt: null,
      });
    }
    const credentials: Record<string, Readonly<Record<string, string>>> = {};
    const unreadable: string[] = [];
    const records: CarrierConnectionRecord[] = [];
    for (const record of await this.connections.activePlatform()) {
      try {
        credentials[record.carrierCode] = JSON.parse(this.cipher.decrypt(record.credentialsCiphertext)) as Record<string, string>;
        records.push(record);
      } catch {
        unreadable.push(record.carrierCode);
      }
    }
    return { records, credentials, unreadable };
  }
}
