import { Module } from '@nestjs/common';
import { ApiKeysHttpController } from './api-keys.http.controller';
import { AuditEventsAdminHttpController, AuditEventsHttpController } from './audit-events.http.controller';
import { TeamsAdminHttpController } from './teams-admin.http.controller';

/** The admin API of teams, keys and their settings; a team's own keys and its audit trail. */
@Module({ controllers: [TeamsAdminHttpController, ApiKeysHttpController, AuditEventsHttpController, AuditEventsAdminHttpController] })
export class AccessHttpModule {}
