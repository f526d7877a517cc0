import { DynamicModule, Module, Type } from '@nestjs/common';
import { GatewayCoreModule, GatewayRuntime } from '@lgw/runtime';
import { TeamsAdminHttpController } from './controllers/admin/teams-admin.http.controller';
import { CarriersHttpController } from './controllers/carriers.http.controller';
import { HealthHttpController } from './controllers/health.http.controller';
import { LabelsHttpController } from './controllers/labels.http.controller';
import { PrintingHttpController } from './controllers/printing.http.controller';
import { ManifestsHttpController } from './controllers/manifests.http.controller';
import { RatesHttpController } from './controllers/rates.http.controller';
import { ShipmentsHttpController } from './controllers/shipments.http.controller';
import { PassthroughModule } from './features/passthrough.module';
import { DocumentsModule } from './features/documents.module';
import { DestinationModule } from './features/destination.module';
import { TrackingModule } from './features/tracking.module';
import { BillingModule } from './features/billing.module';
import { CatalogueModule } from './features/catalogue.module';
import { FulfilmentBatchesModule } from './features/fulfilment-batches.module';
import { WebhooksModule } from './features/webhooks.module';
import { CodModule } from './features/cod.module';
import { PickupsModule } from './features/pickups.module';
import { AddressesModule } from './features/addresses.module';
import { IdempotencyModule } from './http/idempotency.module';
import { CarrierConnectionsModule } from './features/carrier-connections.module';

/**
 * Feature modules (features/*.module.ts) each bring their controllers; every port and use case
 * is bound in GatewayCoreModule (the composition root), which is global.
 */
const FEATURE_MODULES: Array<Type<unknown>> = [
  PassthroughModule,
  DocumentsModule,
  DestinationModule,
  TrackingModule,
  BillingModule,
  CatalogueModule,
  FulfilmentBatchesModule,
  WebhooksModule,
  CodModule,
  PickupsModule,
  AddressesModule,
  CarrierConnectionsModule,
];

@Module({})
export class ApiModule {
  static forRoot(runtime: GatewayRuntime, extra: DynamicModule[] = []): DynamicModule {
    return {
      module: ApiModule,
      imports: [GatewayCoreModule.forRoot(runtime), IdempotencyModule, ...FEATURE_MODULES, ...extra],
      controllers: [
        CarriersHttpController,
        HealthHttpController,
        LabelsHttpController,
        PrintingHttpController,
        ManifestsHttpController,
        RatesHttpController,
        ShipmentsHttpController,
        TeamsAdminHttpController,
      ],
    };
  }
}
