import { Inject, Injectable } from '@nestjs/common';
import { ApiMode } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from './ports/team.repository.port';

/** Tenants whose mode is remembered; a tenant's mode never changes, so entries never go stale. */
const MAX_REMEMBERED = 100_000;

/**
 * Whether a tenant id (principal.teamId, a row's team_id) is a team or a team's test scope
 * (docs/adr/0060-test-mode-tenancy.md). Background work that has only a row's team id asks
 * here: billing, webhook payloads, carrier routing. An unknown id answers 'live'.
 */
@Injectable()
export class TenantModes {
  private readonly modes = new Map<string, ApiMode>();

  constructor(@Inject(TEAM_REPOSITORY) private readonly teams: Pick<TeamRepositoryPort, 'modeOf'>) {}

  async of(teamId: string): Promise<ApiMode> {
    const known = this.modes.get(teamId);
    if (known) return known;
    const mode = (await this.teams.modeOf(teamId)) ?? 'live';
    if (this.modes.size >= MAX_REMEMBERED) this.modes.clear();
    this.modes.set(teamId, mode);
    return mode;
  }
}
