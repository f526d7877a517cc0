import { DynamicModule, Module, Type } from '@nestjs/common';
import { GatewayCoreModule } from './composition/gateway-core.module';
import { GatewayRuntime } from './composition/gateway-runtime';
import { TeamsAdminHttpController } from './controllers/admin/teams-admin.http.controller';
import { CarriersHttpController } from './controllers/carriers.http.controller';
import { HealthHttpController } from './controllers/health.http.controller';
import { RatesHttpController } from './controllers/rates.http.controller';
import { ShipmentsHttpController } from './controllers/shipments.http.controller';

/**
 * Feature modules (apps/api/src/features/*.module.ts) each bring their controllers and bind
 * their own ports; GatewayCoreModule is global, so they can inject its providers.
 */
const FEATURE_MODULES: Array<Type<unknown>> = [];

@Module({})
export class ApiModule {
  static forRoot(runtime: GatewayRuntime): DynamicModule {
    return {
      module: ApiModule,
      imports: [GatewayCoreModule.forRoot(runtime), ...FEATURE_MODULES],
      controllers: [
        CarriersHttpController,
        HealthHttpController,
        RatesHttpController,
        ShipmentsHttpController,
        TeamsAdminHttpController,
      ],
    };
  }
}
