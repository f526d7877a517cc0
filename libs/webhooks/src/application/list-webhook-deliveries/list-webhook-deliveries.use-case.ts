import { Inject, Injectable } from '@nestjs/common';
import { isWebhookDeliveryState, WEBHOOK_DELIVERY_STATES, WebhookDeliveryState } from '../../domain/webhook-endpoint-rules';
import { ValidationError, parseQueryInteger } from '@lgw/kernel';
import { WEBHOOK_MESSAGE_REPOSITORY, WebhookMessageRecord, WebhookMessageRepositoryPort } from '../ports/webhooks.port';
import { WebhookDeliveryView } from '../webhook-config.view';

export interface WebhookDeliveryPage {
  readonly deliveries: WebhookDeliveryView[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

export function toWebhookDeliveryView(m: WebhookMessageRecord): WebhookDeliveryView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: m.id,
    type: m.type,
    shipment_id: m.shipmentId,
    state: m.state,
    attempts: m.attempts,
    last_status_code: m.lastStatusCode,
    last_error: m.lastError,
    last_attempt_at: iso(m.lastAttemptAt),
    next_attempt_at: m.state === 'pending' ? iso(m.nextAttemptAt) : null,
    delivered_at: iso(m.deliveredAt),
    created_at: m.createdAt.toISOString(),
  };
}

/** GET /webhooks/deliveries: the team's messages newest first, paged like GET /shipments. */
@Injectable()
export class ListWebhookDeliveriesUseCase {
  constructor(@Inject(WEBHOOK_MESSAGE_REPOSITORY) private readonly messages: WebhookMessageRepositoryPort) {}

  async execute(command: { teamId: string; state?: string; limit?: string; offset?: string }): Promise<WebhookDeliveryPage> {
    const limit = parseQueryInteger('limit', command.limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
    const offset = parseQueryInteger('offset', command.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    let state: WebhookDeliveryState | undefined;
    if (command.state !== undefined) {
      if (!isWebhookDeliveryState(command.state))
        throw new ValidationError(
          'state',
          `must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}`,
          `يجب أن تكون إحدى القيم: ${WEBHOOK_DELIVERY_STATES.join('، ')}`,
        );
      state = command.state;
    }
    const page = await this.messages.list(command.teamId, { state, limit, offset });
    return { deliveries: page.items.map(toWebhookDeliveryView), total: page.total, limit, offset };
  }
}
