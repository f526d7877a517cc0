import { Module } from '@nestjs/common';
import { CodAdminHttpController } from './cod-admin.http.controller';
import { CodHttpController } from './cod.http.controller';

/**
 * Cash on delivery: payouts and where the cash stands (docs/api.md, "Cash on delivery"). The
 * repository and use cases are bound in the core: the worker imports payouts with them.
 */
@Module({ controllers: [CodHttpController, CodAdminHttpController] })
export class CodHttpModule {}
