import { DynamicModule, Module } from '@nestjs/common';
import { GatewayCoreModule } from './composition/gateway-core.module';
import { GatewayRuntime } from './composition/gateway-runtime';
import { TeamsAdminHttpController } from './controllers/admin/teams-admin.http.controller';
import { CarriersHttpController } from './controllers/carriers.http.controller';
import { HealthHttpController } from './controllers/health.http.controller';
import { RatesHttpController } from './controllers/rates.http.controller';
import { ShipmentsHttpController } from './controllers/shipments.http.controller';

@Module({})
export class ApiModule {
  static forRoot(runtime: GatewayRuntime): DynamicModule {
    return {
      module: ApiModule,
      imports: [GatewayCoreModule.forRoot(runtime)],
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
