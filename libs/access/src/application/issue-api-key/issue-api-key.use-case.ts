import { Inject, Injectable } from '@nestjs/common';
import {
  ApiMode,
  AuditSource,
  DomainError,
  FULL_ACCESS,
  FieldProblem,
  GATEWAY_SETTINGS,
  GatewaySettings,
  ValidationError,
  firstUngrantable,
  isKnownScope,
  parseAddressRange,
} from '@lgw/kernel';
import { ApiKeySummary, TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { generateApiKey } from '../api-key-material';

export interface IssueApiKeyResult {
  readonly key_id: string;
  readonly api_key: string;
  readonly mode: ApiMode;
  readonly key: ApiKeySummary;
}

export interface IssueApiKeyCommand {
  /** The team (never its test scope). */
  readonly teamId: string;
  readonly mode?: ApiMode;
  readonly name?: string | null;
  /** Omitted: full access (`*`), as the admin API issues. */
  readonly scopes?: readonly unknown[];
  readonly expiresAt?: string | null;
  readonly allowedIps?: readonly unknown[];
  /** The key asking, when a team issues its own key: it cannot hand out more than it holds. */
  readonly grantor?: { readonly scopes: readonly string[]; readonly mode: ApiMode };
  /** Where the audit event goes (the caller's tenant) and who made the change. */
  readonly audit: { readonly tenantId: string; readonly source: AuditSource };
  readonly now?: Date;
}

const MAX_NAME = 100;
const MAX_RANGES = 50;

/**
 * A key for the team, live or test, full or narrowed (scopes, expiry, address ranges): the
 * team's other keys keep working until revoked. The secret is answered here once and only its
 * hash is kept.
 */
@Injectable()
export class IssueApiKeyUseCase {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {}

  async execute(command: IssueApiKeyCommand): Promise<IssueApiKeyResult> {
    const now = command.now ?? new Date();
    const { scopes, allowedIps, expiresAt, name } = validKeyRequest(command, now);
    const mode = command.mode ?? command.grantor?.mode ?? 'live';
    if (command.grantor) {
      // A test key is handed to developers: it never mints a live key.
      if (command.grantor.mode === 'test' && mode === 'live')
        throw new DomainError('E_FORBIDDEN', { reason: 'test_key_cannot_issue_live_key' });
      const lacking = firstUngrantable(command.grantor.scopes, scopes);
      if (lacking) throw new DomainError('E_FORBIDDEN', { required_scope: lacking });
    }
    if (!(await this.teams.exists(command.teamId))) throw new DomainError('E_NOT_FOUND');
    const key = generateApiKey(this.settings.apiKeyPrefix, mode);
    await this.teams.addKey(
      {
        id: key.id,
        teamId: command.teamId,
        mode: key.mode,
        keyHash: key.hash,
        displayPrefix: key.displayPrefix,
        name,
        scopes,
        expiresAt,
        allowedIps,
        last4: key.last4,
      },
      {
        teamId: command.audit.tenantId,
        action: 'api_key.created',
        target: { type: 'api_key', id: key.id },
        // Never the secret: what a reader needs to tell the key apart and judge its reach.
        changes: { name, mode, last4: key.last4, scopes, expires_at: expiresAt?.toISOString() ?? null, allowed_ips: allowedIps },
        source: command.audit.source,
      },
    );
    return {
      key_id: key.id,
      api_key: key.plaintext,
      mode: key.mode,
      key: {
        id: key.id,
        mode: key.mode,
        displayPrefix: key.displayPrefix,
        createdAt: now,
        lastUsedAt: null,
        revokedAt: null,
        name,
        scopes,
        expiresAt,
        allowedIps,
        last4: key.last4,
      },
    };
  }
}

/** Every problem of the request at once (unknown scopes, malformed ranges, an expiry not in the future). */
function validKeyRequest(
  command: IssueApiKeyCommand,
  now: Date,
): { scopes: string[]; allowedIps: string[]; expiresAt: Date | null; name: string | null } {
  const problems: FieldProblem[] = [];
  const name = command.name ?? null;
  if (name !== null && (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_NAME))
    problems.push({
      field: 'name',
      reason: `must be a non-empty string of at most ${MAX_NAME} characters`,
      reason_ar: `يجب أن يكون نصاً غير فارغ لا يتجاوز ${MAX_NAME} حرفاً`,
    });
  const scopes = command.scopes === undefined ? [FULL_ACCESS] : [...new Set(command.scopes)];
  if (scopes.length === 0)
    problems.push({ field: 'scopes', reason: 'must name at least one scope', reason_ar: 'يجب تحديد نطاق واحد على الأقل' });
  scopes.forEach((scope, i) => {
    if (!isKnownScope(scope))
      problems.push({
        field: `scopes.${i}`,
        reason: `unknown scope ${JSON.stringify(scope)}: <resource>:read|write or *`,
        reason_ar: 'نطاق غير معروف: يجب أن يكون <المورد>:read أو write أو *',
      });
  });
  const allowedIps = [...new Set(command.allowedIps ?? [])];
  if (allowedIps.length > MAX_RANGES)
    problems.push({ field: 'allowed_ips', reason: `at most ${MAX_RANGES} ranges`, reason_ar: `${MAX_RANGES} نطاقاً كحد أقصى` });
  allowedIps.forEach((range, i) => {
    if (!parseAddressRange(range))
      problems.push({
        field: `allowed_ips.${i}`,
        reason: `malformed address range ${JSON.stringify(range)}: an IPv4 or IPv6 address or CIDR`,
        reason_ar: 'نطاق عناوين غير صالح: يجب أن يكون عنوان IPv4 أو IPv6 أو CIDR',
      });
  });
  let expiresAt: Date | null = null;
  if (command.expiresAt !== undefined && command.expiresAt !== null) {
    const parsed =
      typeof command.expiresAt === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(command.expiresAt) ? new Date(command.expiresAt) : null;
    if (!parsed || Number.isNaN(parsed.getTime()))
      problems.push({
        field: 'expires_at',
        reason: 'must be an ISO 8601 date-time with its offset',
        reason_ar: 'يجب أن يكون تاريخاً ووقتاً بصيغة ISO 8601',
      });
    else if (parsed.getTime() <= now.getTime())
      problems.push({ field: 'expires_at', reason: 'must be in the future', reason_ar: 'يجب أن يكون في المستقبل' });
    else expiresAt = parsed;
  }
  if (problems.length > 0) throw ValidationError.of(problems);
  return { scopes: scopes as string[], allowedIps: allowedIps as string[], expiresAt, name: name?.trim() ?? null };
}
