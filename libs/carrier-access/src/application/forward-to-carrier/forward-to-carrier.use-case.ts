import { Inject, Injectable, Logger } from '@nestjs/common';
import { ValidationError, CarrierUnavailableError, CLOCK, ClockPort } from '@lgw/kernel';
import { CARRIER_REGISTRY, carriersFor, CarrierRegistryPort, PassthroughResponse } from '../ports/carrier.port';
import { PASSTHROUGH_AUDIT, PassthroughAuditEntry, PassthroughAuditPort } from '../ports/passthrough-audit.port';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../ports/rating-sources.port';
import { passthroughCarrier } from '../passthrough-carrier';

export interface ForwardToCarrierCommand {
  readonly teamId: string;
  readonly keyId: string;
  readonly carrierCode: string;
  /** The parsed body: only used to check that it is a JSON object. */
  readonly body: unknown;
  /** The bytes exactly as received; these, not a re-serialisation of `body`, are forwarded. */
  readonly rawBody: Buffer | undefined;
  readonly requestId: string;
}

/**
 * Either the carrier's answer, or the error to report; the audit entry is returned in both
 * cases so the HTTP layer can log the same fields on its request logger.
 */
export type ForwardToCarrierResult =
  | { readonly kind: 'answered'; readonly response: PassthroughResponse; readonly audit: PassthroughAuditEntry }
  | { readonly kind: 'failed'; readonly error: unknown; readonly audit: PassthroughAuditEntry };

/**
 * Forwards a merchant's body to a carrier's native API (docs/api.md §4 endpoint 16, rule 6).
 * Any HTTP answer of the carrier is a result, 4xx and 5xx included: the merchant talks to
 * the carrier and must see what it said. Only "no answer" (timeout, refused connection,
 * open circuit, full bulkhead) fails, as CarrierUnavailableError. Every call that reached
 * the adapter is audited, failures included; requests refused before that are not.
 */
@Injectable()
export class ForwardToCarrierUseCase {
  private readonly logger = new Logger('ForwardToCarrier');

  constructor(
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(PASSTHROUGH_AUDIT) private readonly audit: PassthroughAuditPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(command: ForwardToCarrierCommand): Promise<ForwardToCarrierResult> {
    const adapter = passthroughCarrier(command.carrierCode, this.catalogue, await carriersFor(this.carriers, command.teamId));
    if (!isJsonObject(command.body) || !command.rawBody)
      throw new ValidationError('body', 'must be a JSON object', 'يجب أن يكون كائن JSON');

    const createdAt = this.clock.now();
    const started = performance.now();
    let result: ForwardToCarrierResult;
    const entry = (fields: Pick<PassthroughAuditEntry, 'status' | 'outcome' | 'responseBytes'>): PassthroughAuditEntry => ({
      teamId: command.teamId,
      keyId: command.keyId,
      carrierCode: adapter.code,
      requestBytes: command.rawBody!.length,
      requestId: command.requestId,
      createdAt,
      latencyMs: Math.round(performance.now() - started),
      ...fields,
    });
    try {
      const response = await adapter.passthrough(command.rawBody);
      result = {
        kind: 'answered',
        response,
        audit: entry({ status: response.status, outcome: 'answered', responseBytes: response.body.length }),
      };
    } catch (error) {
      const outcome = error instanceof CarrierUnavailableError ? 'unavailable' : 'failed';
      result = { kind: 'failed', error, audit: entry({ status: null, outcome, responseBytes: null }) };
    }
    await this.record(result.audit);
    return result;
  }

  /**
   * The carrier has already acted on the request: losing an audit row must not turn its
   * answer into an error for the merchant.
   */
  private async record(audit: PassthroughAuditEntry): Promise<void> {
    try {
      await this.audit.record(audit);
    } catch (error) {
      this.logger.error(
        `passthrough audit write failed carrier=${audit.carrierCode} request_id=${audit.requestId}: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
