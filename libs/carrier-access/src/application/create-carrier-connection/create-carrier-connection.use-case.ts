import { randomUUID } from 'node:crypto';
import { newWebhookToken } from '../carrier-webhook-token';
import { Inject, Injectable } from '@nestjs/common';
import { ConnectionCredentials, credentialApiName, credentialsHint, validateConnectionCredentials } from '../../domain/carrier-connection';
import {
  FieldProblem,
  ValidationError,
  CLOCK,
  ClockPort,
  CarrierCredentialsRefusedError,
  CarrierRejectedError,
  RESOURCE_LINKS,
  ResourceLinksPort,
  WEBHOOK_SECRET_CIPHER,
  WebhookSecretCipherPort,
  PLATFORM_AUDIT_TEAM_ID,
  SYSTEM_AUDIT_SOURCE,
  InvalidRateCardError,
  parseRateCard,
} from '@lgw/kernel';
import { CARRIER_REGISTRY, carriersFor, CarrierPort, CarrierRegistryPort } from '../ports/carrier.port';
import {
  CARRIER_CONNECTION_REPOSITORY,
  CARRIER_CREDENTIAL_SCHEMAS,
  CarrierConnectionRecord,
  CarrierConnectionRepositoryPort,
  CarrierCredentialSchemasPort,
} from '../ports/carrier-connection.port';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../ports/rating-sources.port';
import { CarrierConnectionView, toCarrierConnectionView } from '../carrier-connection.view';
import { CarrierConnectionResolver } from '../resolve-carrier-connection/resolve-carrier-connection.use-case';
import { CreateCarrierConnectionCommand } from './create-carrier-connection.command';

/** The gateway's own reference in the test call: no booking ever carries it. */
const CHECK_REFERENCE_PREFIX = 'lgw-connection-check-';

/**
 * Saves a carrier connection (docs/adr/0065-carrier-connections.md): the request checked
 * against the carrier's declared schema, then the credentials tried against the carrier with a
 * harmless authenticated call through its adapter (a look-up by a reference no booking has),
 * and only then stored, encrypted. It replaces the owner's previous connection to the carrier.
 */
@Injectable()
export class CreateCarrierConnectionUseCase {
  constructor(
    @Inject(CARRIER_CONNECTION_REPOSITORY) private readonly connections: CarrierConnectionRepositoryPort,
    @Inject(CARRIER_CREDENTIAL_SCHEMAS) private readonly schemas: CarrierCredentialSchemasPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(WEBHOOK_SECRET_CIPHER) private readonly cipher: WebhookSecretCipherPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    private readonly resolver: CarrierConnectionResolver,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
  ) {}

  async execute(command: CreateCarrierConnectionCommand): Promise<CarrierConnectionView> {
    const code = this.carrierCode(command.carrier);
    const schema = this.schemas.schema(code)!;
    const { credentials, accountNumber } = validateConnectionCredentials(schema, command.credentials, command.accountNumber);
    const rateCards = this.rateCards(code, command.rateCards);

    const adapter = await this.verify(code, credentials, schema.fields, command.owner);

    // A carrier that pushes does so to a URL naming this token; only its hash is kept.
    const webhook = adapter.readPush ? newWebhookToken() : null;
    const record: CarrierConnectionRecord = {
      id: randomUUID(),
      carrierCode: code,
      owner: command.owner === 'platform' ? 'platform' : 'team',
      teamId: command.owner === 'platform' ? null : command.owner.teamId,
      accountNumber,
      credentialsCiphertext: this.cipher.encrypt(JSON.stringify(credentials)),
      credentialsHint: credentialsHint(credentials),
      rateCards,
      status: 'active',
      createdAt: this.clock.now(),
      revokedAt: null,
      webhookTokenHash: webhook?.hash ?? null,
    };
    await this.connections.saveReplacing(record, {
      teamId: record.teamId ?? PLATFORM_AUDIT_TEAM_ID,
      action: 'carrier_connection.created',
      target: { type: 'carrier_connection', id: record.id },
      // The hint only: credentials never reach the trail.
      changes: {
        carrier: code,
        account_number: accountNumber,
        credentials_hint: record.credentialsHint,
        rate_cards: rateCards ? Object.keys(rateCards) : [],
      },
      source: command.source ?? SYSTEM_AUDIT_SOURCE,
    });
    if (command.owner === 'platform') {
      this.resolver.applyPlatform(record);
      this.resolver.changed('platform');
    } else {
      this.resolver.changed(command.owner.teamId);
    }
    return toCarrierConnectionView(
      record,
      command.owner === 'platform' ? 'operator' : 'team',
      webhook ? this.links.carrierWebhook(code, webhook.token) : undefined,
    );
  }

  private carrierCode(carrier: unknown): string {
    if (typeof carrier !== 'string' || carrier === '') {
      throw new ValidationError('carrier', 'is required: a carrier code from GET /carriers', 'مطلوب: رمز شركة شحن من GET /carriers');
    }
    if (!this.catalogue.find(carrier) || !this.schemas.schema(carrier)) {
      throw new ValidationError('carrier', 'must be a carrier code from GET /carriers', 'يجب أن يكون رمز شركة شحن من GET /carriers');
    }
    return carrier;
  }

  /** Contract rates: each a valid rate card of one of the carrier's service levels. */
  private rateCards(code: string, given: unknown): Record<string, unknown> | null {
    if (given === undefined || given === null) return null;
    const services = this.catalogue.find(code)!.service_levels.map((s) => s.code);
    if (typeof given !== 'object' || Array.isArray(given)) {
      throw new ValidationError(
        'rate_cards',
        `must be an object by service code (${services.join(', ')})`,
        'يجب أن يكون كائناً حسب رمز الخدمة',
      );
    }
    const problems: FieldProblem[] = [];
    for (const [service, card] of Object.entries(given)) {
      if (!services.includes(service)) {
        problems.push({
          field: `rate_cards.${service}`,
          reason: `is not a service level of ${code} (${services.join(', ')})`,
          reason_ar: 'ليست خدمة لدى شركة الشحن هذه',
        });
        continue;
      }
      try {
        const parsed = parseRateCard(card);
        if (parsed.service_code !== service || parsed.carrier_code !== code) {
          problems.push({
            field: `rate_cards.${service}.service_code`,
            reason: `must be ${service} of carrier ${code}`,
            reason_ar: 'لا يطابق رمز الخدمة أو شركة الشحن',
          });
        }
      } catch (error) {
        if (!(error instanceof InvalidRateCardError)) throw error;
        problems.push({
          field: `rate_cards.${service}.${error.field}`,
          reason: error.reason,
          reason_ar: 'بطاقة الأسعار غير صالحة في هذا الحقل',
        });
      }
    }
    if (problems.length > 0) throw ValidationError.of(problems);
    return Object.keys(given).length > 0 ? (given as Record<string, unknown>) : null;
  }

  /**
   * One authenticated read at the carrier with these credentials, where the owner's work goes
   * (the sandbox for a test scope). Refused credentials are the client's to fix (422); a carrier
   * that does not answer is E_CARRIER_UNAVAILABLE, and nothing is saved either way.
   */
  private async verify(
    code: string,
    credentials: ConnectionCredentials,
    fields: Readonly<Record<string, unknown>>,
    owner: CreateCarrierConnectionCommand['owner'],
  ): Promise<CarrierPort> {
    const registry = owner === 'platform' ? this.carriers : await carriersFor(this.carriers, owner.teamId);
    const adapter: CarrierPort | undefined = registry.connect?.(code, credentials);
    if (!adapter) throw new Error(`carrier ${code} cannot work on an account's credentials`);
    try {
      await adapter.findBookingByReference(`${CHECK_REFERENCE_PREFIX}${randomUUID()}`);
      return adapter;
    } catch (error) {
      // The carrier answered "no" to the look-up itself: it did so for an account it knows.
      if (error instanceof CarrierRejectedError) return adapter;
      if (!(error instanceof CarrierCredentialsRefusedError)) throw error;
      const names = Object.keys(fields);
      // One credential: that is the field; several: the carrier does not say which is wrong.
      const field = names.length === 1 ? `credentials.${credentialApiName(names[0])}` : 'credentials';
      throw new ValidationError(
        field,
        `${names.length === 1 ? 'was' : 'were'} refused by carrier ${code}: check with the carrier (nothing was saved)`,
        `رفضتها شركة الشحن ${code}: تحقق منها لدى شركة الشحن (لم يُحفظ شيء)`,
      );
    }
  }
}
