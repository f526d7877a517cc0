import { DynamicModule, Module, Type } from '@nestjs/common';
import { AccessHttpModule } from '@lgw/access';
import { AddressesHttpModule } from '@lgw/addresses';
import { BillingHttpModule } from '@lgw/billing';
import { CarrierAccessHttpModule } from '@lgw/carrier-access';
import { CatalogueHttpModule } from '@lgw/catalogue';
import { CodHttpModule } from '@lgw/cod';
import { FulfilmentHttpModule } from '@lgw/fulfilment';
import { IdempotencyModule } from '@lgw/http-api';
import { OperationsHttpModule } from '@lgw/operations';
import { PickupsReturnsHttpModule } from '@lgw/pickups-returns';
import { RatingHttpModule } from '@lgw/rating';
import { ShippingHttpModule } from '@lgw/shipping';
import { TrackingHttpModule } from '@lgw/tracking';
import { WebhooksHttpModule } from '@lgw/webhooks';
import { NotificationsHttpModule } from '@lgw/notifications';
import { GatewayCoreModule } from '../composition/gateway-core.module';
import { GatewayRuntime } from '../composition/gateway-runtime';

/**
 * Each context's HTTP module brings its controllers (libs/<context>/src/http); its use cases and
 * ports are bound by the context's own module, which GatewayCoreModule composes.
 */
const HTTP_MODULES: Array<Type<unknown>> = [
  AccessHttpModule,
  AddressesHttpModule,
  CarrierAccessHttpModule,
  CodHttpModule,
  RatingHttpModule,
  ShippingHttpModule,
  PickupsReturnsHttpModule,
  TrackingHttpModule,
  WebhooksHttpModule,
  NotificationsHttpModule,
  BillingHttpModule,
  CatalogueHttpModule,
  FulfilmentHttpModule,
  OperationsHttpModule,
];

@Module({})
export class ApiModule {
  static forRoot(runtime: GatewayRuntime, extra: DynamicModule[] = []): DynamicModule {
    return {
      module: ApiModule,
      imports: [GatewayCoreModule.forRoot(runtime), IdempotencyModule, ...HTTP_MODULES, ...extra],
    };
  }
}
