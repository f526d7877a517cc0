import { DynamicModule, Module, Type } from '@nestjs/common';
import { GatewayCoreModule } from '../composition/gateway-core.module';
import { GatewayRuntime } from '../composition/gateway-runtime';
import { TeamsAdminHttpController } from '@lgw/access';
import { CarriersHttpController, PassthroughModule, CarrierConnectionsModule } from '@lgw/carrier-access';
import { HealthHttpController } from '@lgw/operations';
import {
  LabelsHttpController,
  PrintingHttpController,
  ManifestsHttpController,
  ShipmentsHttpController,
  DocumentsModule,
  DestinationModule,
} from '@lgw/shipping';
import { RatesHttpController } from '@lgw/rating';
import { TrackingModule } from '@lgw/tracking';
import { BillingModule } from '@lgw/billing';
import { CatalogueModule } from '@lgw/catalogue';
import { FulfilmentBatchesModule } from '@lgw/fulfilment';
import { WebhooksModule } from '@lgw/webhooks';
import { CodModule } from '@lgw/cod';
import { PickupsModule } from '@lgw/pickups-returns';
import { AddressesModule } from '@lgw/addresses';
import { IdempotencyModule } from '@lgw/http-api';

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
