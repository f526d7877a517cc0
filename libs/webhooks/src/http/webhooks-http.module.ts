import { Module } from '@nestjs/common';
import { WebhooksHttpController } from './webhooks.http.controller';

/**
 * Webhook configuration and the delivery log (docs/api.md §4 endpoint 11, §6). Ports and use cases
 * are bound in the core: the worker fans out and delivers with the same ones.
 */
@Module({ controllers: [WebhooksHttpController] })
export class WebhooksHttpModule {}
