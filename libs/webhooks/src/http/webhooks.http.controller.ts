import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ConfigureWebhookUseCase } from '../application/configure-webhook/configure-webhook.use-case';
import { GetWebhookConfigUseCase } from '../application/get-webhook-config/get-webhook-config.use-case';
import { ListWebhookDeliveriesUseCase } from '../application/list-webhook-deliveries/list-webhook-deliveries.use-case';
import { AuditSource, Principal } from '@lgw/kernel';
import { RetryWebhookDeliveryUseCase } from '../application/retry-webhook-delivery/retry-webhook-delivery.use-case';
import { RotateWebhookSecretUseCase } from '../application/rotate-webhook-secret/rotate-webhook-secret.use-case';
import { SendTestWebhookUseCase } from '../application/send-test-webhook/send-test-webhook.use-case';
import { WEBHOOK_DELIVERY_STATES } from '../domain/webhook-endpoint-rules';
import { ConfigureWebhookRequestDto } from './dto/webhook.request.dto';
import {
  WebhookConfigCreatedDto,
  WebhookConfigDto,
  WebhookDeliveryDto,
  WebhookDeliveryListDto,
  WebhookSecretRotatedDto,
  WebhookTestResultDto,
} from './dto/webhook.response.dto';
import { ApiErrorResponses, CurrentPrincipal, RequestAuditSource } from '@lgw/http-api';

@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('api/v1/webhooks')
export class WebhooksHttpController {
  constructor(
    private readonly configure: ConfigureWebhookUseCase,
    private readonly getConfig: GetWebhookConfigUseCase,
    private readonly rotate: RotateWebhookSecretUseCase,
    private readonly listDeliveries: ListWebhookDeliveriesUseCase,
    private readonly retryDelivery: RetryWebhookDeliveryUseCase,
    private readonly sendTest: SendTestWebhookUseCase,
  ) {}

  @Post('config')
  @HttpCode(200)
  @ApiOperation({
    summary: "Registers the team's one HTTPS endpoint for shipment events",
    description:
      'A new POST replaces url and events and keeps the secret; it also enables an endpoint that was disabled. ' +
      'Deliveries follow Standard Webhooks: headers webhook-id, webhook-timestamp, webhook-signature ' +
      '(`v1,<base64 HMAC-SHA256(secret, id.timestamp.body)>`); body `{type, timestamp, data:{shipment, previous_status?, piece_number?}}` (piece_number: the piece whose scan moved a shipment of several). ' +
      'Retries at 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (with jitter) on network errors, timeouts (15 s), 408, 429 and 5xx; ' +
      '410 disables the endpoint; redirects are not followed.',
  })
  @ApiOkResponse({ type: WebhookConfigCreatedDto })
  @ApiErrorResponses({
    422: 'E_VALIDATION {field, reason}: url not https, with credentials, resolving to a non-public address; unknown or duplicate event kind',
  })
  async post(
    @CurrentPrincipal() principal: Principal,
    @RequestAuditSource() source: AuditSource,
    @Body() body: ConfigureWebhookRequestDto,
  ): Promise<WebhookConfigCreatedDto> {
    const view = await this.configure.execute({ teamId: principal.teamId, url: body.url, events: body.events, source });
    return { ...view, events: [...view.events] };
  }

  @Get('config')
  @ApiOperation({ summary: "The team's endpoint: url, events, whether deliveries go out, and the secret masked" })
  @ApiOkResponse({ type: WebhookConfigDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND: no endpoint configured yet' })
  async get(@CurrentPrincipal() principal: Principal): Promise<WebhookConfigDto> {
    const view = await this.getConfig.execute({ teamId: principal.teamId });
    return { ...view, events: [...view.events] };
  }

  @Post('config/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replaces the signing secret',
    description:
      'For 24 hours deliveries carry two space-separated signatures, one per secret, so the receiver can switch without losing a message.',
  })
  @ApiOkResponse({ type: WebhookSecretRotatedDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND: no endpoint configured yet' })
  async rotateSecret(
    @CurrentPrincipal() principal: Principal,
    @RequestAuditSource() source: AuditSource,
  ): Promise<WebhookSecretRotatedDto> {
    const view = await this.rotate.execute({ teamId: principal.teamId, source });
    return { ...view, events: [...view.events] };
  }

  @Post('test')
  @HttpCode(200)
  @ApiOperation({
    summary: "Sends a signed `webhook.test` message now and returns the receiver's status code",
    description: 'Sent whatever the subscription, not retried, not in the delivery log.',
  })
  @ApiOkResponse({ type: WebhookTestResultDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND: no endpoint configured yet' })
  test(@CurrentPrincipal() principal: Principal): Promise<WebhookTestResultDto> {
    return this.sendTest.execute({ teamId: principal.teamId });
  }

  @Get('deliveries')
  @ApiOperation({ summary: "The delivery log: the team's messages, newest first" })
  @ApiQuery({ name: 'state', required: false, enum: WEBHOOK_DELIVERY_STATES })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ type: WebhookDeliveryListDto })
  @ApiErrorResponses({ 422: 'E_VALIDATION (state, limit, offset)' })
  deliveries(
    @CurrentPrincipal() principal: Principal,
    @Query('state') state?: string,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<WebhookDeliveryListDto> {
    return this.listDeliveries.execute({ teamId: principal.teamId, state, limit, offset });
  }

  @Post('deliveries/:id/retry')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends a failed message again now, under the same webhook-id' })
  @ApiAcceptedResponse({ type: WebhookDeliveryDto })
  @ApiErrorResponses({ 404: 'E_NOT_FOUND', 409: 'E_WEBHOOK_NOT_RETRYABLE: the message is pending or delivered' })
  retry(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<WebhookDeliveryDto> {
    return this.retryDelivery.execute({ teamId: principal.teamId, messageId: id });
  }
}
