import { Module } from '@nestjs/common';
import { TeamsAdminHttpController } from './teams-admin.http.controller';

/** The admin API of teams, keys and their settings. */
@Module({ controllers: [TeamsAdminHttpController] })
export class AccessHttpModule {}
