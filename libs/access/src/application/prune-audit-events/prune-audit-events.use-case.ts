import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ClockPort, GATEWAY_SETTINGS, GatewaySettings } from '@lgw/kernel';
import { AUDIT_EVENT_REPOSITORY, AuditEventRepositoryPort } from '../ports/audit-event.repository.port';

const DAY_MS = 86_400_000;

/**
 * Retention (AUDIT_RETENTION_DAYS; 0 keeps everything): events older than that go, and each
 * team's chain is re-anchored on the last event removed, so verify starts from there and still
 * finds any later row deleted or altered.
 */
@Injectable()
export class PruneAuditEventsUseCase {
  constructor(
    @Inject(AUDIT_EVENT_REPOSITORY) private readonly events: AuditEventRepositoryPort,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
    @Inject(CLOCK) private readonly clock: ClockPort,
  ) {}

  async execute(): Promise<number> {
    const days = this.settings.auditRetentionDays ?? 0;
    if (days <= 0) return 0;
    return this.events.pruneBefore(new Date(this.clock.now().getTime() - days * DAY_MS));
  }
}
