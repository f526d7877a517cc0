import { Inject, Injectable } from '@nestjs/common';
import { AuditSource, DomainError, CLOCK, ClockPort, PLATFORM_AUDIT_TEAM_ID, SYSTEM_AUDIT_SOURCE } from '@lgw/kernel';
import { CARRIER_CONNECTION_REPOSITORY, CarrierConnectionRepositoryPort } from '../ports/carrier-connection.port';
import { CarrierConnectionResolver } from '../resolve-carrier-connection/resolve-carrier-connection.use-case';

/**
 * DELETE /carrier-connections/{id} (a team's own) and the admin API's (the platform's). The row
 * stays, revoked, with its credentials: quotes priced on it are then refused at booking, new
 * quotes fall back to the platform's connection (docs/adr/0065). Another owner's id, a
 * platform id asked by a team, a revoked or an unknown one: all the same 404.
 */
@Injectable()
export class RevokeCarrierConnectionUseCase {
  constructor(
    @Inject(CARRIER_CONNECTION_REPOSITORY) private readonly connections: CarrierConnectionRepositoryPort,
    @Inject(CLOCK) private readonly clock: ClockPort,
    private readonly resolver: CarrierConnectionResolver,
  ) {}

  async execute(command: { owner: { teamId: string } | 'platform'; connectionId: string; source?: AuditSource }): Promise<void> {
    if (!UUID.test(command.connectionId)) throw new DomainError('E_NOT_FOUND');
    const now = this.clock.now();
    const revoked = await this.connections.revoke(command.connectionId, command.owner, now, {
      teamId: command.owner === 'platform' ? PLATFORM_AUDIT_TEAM_ID : command.owner.teamId,
      action: 'carrier_connection.revoked',
      target: { type: 'carrier_connection', id: command.connectionId },
      changes: { revoked_at: now.toISOString() },
      source: command.source ?? SYSTEM_AUDIT_SOURCE,
    });
    if (!revoked) throw new DomainError('E_NOT_FOUND');
    this.resolver.changed(command.owner === 'platform' ? 'platform' : command.owner.teamId);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
