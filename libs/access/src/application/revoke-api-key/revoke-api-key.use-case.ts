import { Inject, Injectable } from '@nestjs/common';
import { ApiMode, AuditSource, DomainError, firstUngrantable } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { ApiKeyPrincipals } from '../authenticate-api-key/authenticate-api-key.use-case';

export interface RevokeApiKeyCommand {
  readonly teamId: string;
  readonly keyId: string;
  /** The key asking, when a team revokes its own key. */
  readonly revoker?: { readonly keyId: string; readonly scopes: readonly string[]; readonly mode: ApiMode };
  readonly audit: { readonly tenantId: string; readonly source: AuditSource };
}

@Injectable()
export class RevokeApiKeyUseCase {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    private readonly principals: ApiKeyPrincipals,
  ) {}

  async execute(command: RevokeApiKeyCommand): Promise<void> {
    const at = new Date();
    const { revoker } = command;
    if (revoker) {
      // A narrowed key may revoke only keys it could have issued: it never removes more reach than it has.
      const target = (await this.teams.listKeys(command.teamId)).find((k) => k.id === command.keyId && !k.revokedAt);
      if (!target || (revoker.mode === 'test' && target.mode !== 'test')) throw new DomainError('E_NOT_FOUND');
      const lacking = firstUngrantable(revoker.scopes, target.scopes);
      if (lacking) throw new DomainError('E_FORBIDDEN', { required_scope: lacking });
    }
    const revoked = await this.teams.revokeKey(command.teamId, command.keyId, at, {
      mode: revoker?.mode === 'test' ? 'test' : undefined,
      unlessLastFullAccess: revoker?.keyId === command.keyId,
      audit: {
        teamId: command.audit.tenantId,
        action: 'api_key.revoked',
        target: { type: 'api_key', id: command.keyId },
        changes: { revoked_at: at.toISOString() },
        source: command.audit.source,
      },
    });
    if (revoked === 'last_full_access') throw new DomainError('E_LAST_FULL_ACCESS_KEY');
    if (!revoked) throw new DomainError('E_NOT_FOUND');
    // This replica forgets the key at once; the others within their cache TTL (1 s).
    this.principals.forgetKey(command.keyId);
  }
}
