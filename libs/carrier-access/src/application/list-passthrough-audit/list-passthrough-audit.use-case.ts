import { Inject, Injectable } from '@nestjs/common';
import { CARRIER_REGISTRY, CarrierRegistryPort } from '../ports/carrier.port';
import { PASSTHROUGH_AUDIT, PassthroughAuditEntry, PassthroughAuditPort } from '../ports/passthrough-audit.port';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '../ports/rating-sources.port';
import { passthroughCarrier } from '../passthrough-carrier';
import { parseQueryInteger } from '@lgw/kernel';

export const DEFAULT_AUDIT_PAGE = 20;
export const MAX_AUDIT_PAGE = 100;

export interface ListPassthroughAuditCommand {
  readonly teamId: string;
  readonly carrierCode: string;
  readonly limit?: string;
}

/** The API shape: snake_case like every other response; the team is implied by the key. */
export interface PassthroughAuditView {
  readonly carrier_code: string;
  readonly key_id: string;
  readonly status: number | null;
  readonly outcome: PassthroughAuditEntry['outcome'];
  readonly latency_ms: number;
  readonly request_bytes: number;
  readonly response_bytes: number | null;
  readonly request_id: string;
  readonly created_at: string;
}

/** A team sees its own passthrough calls only; another team's are simply absent. */
@Injectable()
export class ListPassthroughAuditUseCase {
  constructor(
    @Inject(CARRIER_REGISTRY) private readonly carriers: CarrierRegistryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(PASSTHROUGH_AUDIT) private readonly audit: PassthroughAuditPort,
  ) {}

  async execute(command: ListPassthroughAuditCommand): Promise<{ entries: PassthroughAuditView[]; limit: number }> {
    const adapter = passthroughCarrier(command.carrierCode, this.catalogue, this.carriers);
    const limit = parseQueryInteger('limit', command.limit, DEFAULT_AUDIT_PAGE, 1, MAX_AUDIT_PAGE);
    const entries = await this.audit.listForTeam(command.teamId, adapter.code, limit);
    return { entries: entries.map(toView), limit };
  }
}

function toView(entry: PassthroughAuditEntry): PassthroughAuditView {
  return {
    carrier_code: entry.carrierCode,
    key_id: entry.keyId,
    status: entry.status,
    outcome: entry.outcome,
    latency_ms: entry.latencyMs,
    request_bytes: entry.requestBytes,
    response_bytes: entry.responseBytes,
    request_id: entry.requestId,
    created_at: entry.createdAt.toISOString(),
  };
}
