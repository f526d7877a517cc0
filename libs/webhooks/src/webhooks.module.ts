import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATA_SOURCE } from '@lgw/kernel';
import { ConfigureWebhookUseCase } from './application/configure-webhook/configure-webhook.use-case';
import { DeliverWebhookMessageUseCase } from './application/deliver-webhook-message/deliver-webhook-message.use-case';
import { DispatchWebhookMessagesUseCase } from './application/dispatch-webhook-messages/dispatch-webhook-messages.use-case';
import { FanOutWebhookEventUseCase } from './application/fan-out-webhook-event/fan-out-webhook-event.use-case';
import { GetWebhookConfigUseCase } from './application/get-webhook-config/get-webhook-config.use-case';
import { ListWebhookDeliveriesUseCase } from './application/list-webhook-deliveries/list-webhook-deliveries.use-case';
import { RetryWebhookDeliveryUseCase } from './application/retry-webhook-delivery/retry-webhook-delivery.use-case';
import { RotateWebhookSecretUseCase } from './application/rotate-webhook-secret/rotate-webhook-secret.use-case';
import { SendTestWebhookUseCase } from './application/send-test-webhook/send-test-webhook.use-case';
import { SqlWebhookEndpointRepository } from './persistence/sql-webhook-endpoint.repository';
import { SqlWebhookMessageRepository } from './persistence/sql-webhook-message.repository';
import { StandardWebhooksSigner } from './adapters/standard-webhooks.signer';
import { WEBHOOK_ENDPOINT_REPOSITORY, WEBHOOK_MESSAGE_REPOSITORY, WEBHOOK_SIGNER } from './application/ports/webhooks.port';

const PROVIDERS: Provider[] = [
  {
    provide: WEBHOOK_ENDPOINT_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlWebhookEndpointRepository(dataSource),
  },
  {
    provide: WEBHOOK_MESSAGE_REPOSITORY,
    inject: [DATA_SOURCE],
    useFactory: (dataSource: DataSource) => new SqlWebhookMessageRepository(dataSource),
  },
  { provide: WEBHOOK_SIGNER, useValue: new StandardWebhooksSigner() },
  ConfigureWebhookUseCase,
  GetWebhookConfigUseCase,
  RotateWebhookSecretUseCase,
  FanOutWebhookEventUseCase,
  DispatchWebhookMessagesUseCase,
  DeliverWebhookMessageUseCase,
  ListWebhookDeliveriesUseCase,
  RetryWebhookDeliveryUseCase,
  SendTestWebhookUseCase,
];

/**
 * Webhook endpoints, fan-out and signed delivery (the HTTP sender comes with the process: libs/runtime).
 * Binds only this context's own ports and use cases; process resources (data source, configuration,
 * queues, renderers, carrier adapters) come from the composition root.
 */
@Global()
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class WebhooksModule {}
