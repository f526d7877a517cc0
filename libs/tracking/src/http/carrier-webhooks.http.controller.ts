import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '@lgw/http-api';
import { ReceiveCarrierPushUseCase } from '../application/receive-carrier-push/receive-carrier-push.use-case';
import { SyncTrackingUseCase } from '../application/sync-tracking/sync-tracking.use-case';
import { CarrierPushResponseDto } from './dto/carrier-push.response.dto';

/**
 * Where carriers push status updates for a connection (docs/api.md, "Carrier webhooks"). No
 * bearer key: the unguessable token in the path is the credential. The push is applied on the
 * same path as polling, so a push repeated (or also polled) is stored once.
 */
@ApiTags('carrier webhooks')
@Controller('api/v1/carrier-webhooks')
export class CarrierWebhooksHttpController {
  constructor(
    private readonly receivePush: ReceiveCarrierPushUseCase,
    private readonly syncTracking: SyncTrackingUseCase,
  ) {}

  @Post(':carrier/:token')
  @HttpCode(200)
  @ApiOperation({
    summary: "A carrier's pushed status update",
    description:
      "The URL is the connection's webhook_url (shown when the connection is created). The body is the carrier's own documented payload.",
  })
  @ApiBody({
    description:
      "the carrier's status update as its documentation gives it (Aymakan: tracking_number, status, date_time, tracking_info...)",
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiOkResponse({ type: CarrierPushResponseDto })
  @ApiErrorResponses({
    404: 'E_NOT_FOUND (no active connection with this token for this carrier)',
    422: "E_VALIDATION (body: not the carrier's documented payload)",
  })
  async push(@Param('carrier') carrier: string, @Param('token') token: string, @Body() body: unknown): Promise<CarrierPushResponseDto> {
    const push = await this.receivePush.execute({ carrierCode: carrier, token, body });
    let events = 0;
    for (const shipmentId of push.shipmentIds) {
      events += (await this.syncTracking.execute({ carrierCode: push.carrierCode, shipmentId, reported: push.events })).events;
    }
    return { received: true, events };
  }
}
