import { Inject, Injectable } from '@nestjs/common';
import {
  ApiMode,
  isShipmentStatus,
  STATUS_LABELS,
  RESOURCE_LINKS,
  ResourceLinksPort,
  isWebhookEventKind,
  WebhookEventKind,
} from '@lgw/kernel';
import { SHIPMENT_REPOSITORY, ShipmentRepositoryPort, toShipmentView } from '@lgw/shipping';
import { CARRIER_CATALOGUE, CarrierCataloguePort } from '@lgw/carrier-access';
import {
  NewWebhookMessage,
  WEBHOOK_ENDPOINT_REPOSITORY,
  WEBHOOK_MESSAGE_REPOSITORY,
  WebhookEndpointRepositoryPort,
  WebhookMessageRepositoryPort,
} from '../ports/webhooks.port';
import { TenantModes } from '@lgw/access';
import { WebhookEventJob } from '../webhook-jobs';
import { webhookBody, webhookMessageId } from '../webhook-message';

/**
 * One domain event → one message per kind it stands for that the team subscribes to
 * (docs/api.md §10: created → shipment.created; a status change → shipment.status_updated, plus
 * shipment.delivered or shipment.exception). Message ids derive from the event and the
 * kind, so running this twice for one event stores each message once.
 */
@Injectable()
export class FanOutWebhookEventUseCase {
  constructor(
    @Inject(WEBHOOK_ENDPOINT_REPOSITORY) private readonly endpoints: WebhookEndpointRepositoryPort,
    @Inject(WEBHOOK_MESSAGE_REPOSITORY) private readonly messages: WebhookMessageRepositoryPort,
    @Inject(SHIPMENT_REPOSITORY) private readonly shipments: ShipmentRepositoryPort,
    @Inject(CARRIER_CATALOGUE) private readonly catalogue: CarrierCataloguePort,
    @Inject(RESOURCE_LINKS) private readonly links: ResourceLinksPort,
    private readonly modes: TenantModes,
  ) {}

  /** Returns how many new messages were stored. */
  async execute(event: WebhookEventJob): Promise<number> {
    const kinds = (Array.isArray(event.payload.kinds) ? event.payload.kinds : []).filter(isWebhookEventKind);
    if (kinds.length === 0) return 0;
    const endpoint = await this.endpoints.find(event.teamId);
    if (!endpoint || !endpoint.enabled) return 0;
    const wanted = kinds.filter((kind: WebhookEventKind) => endpoint.events.includes(kind));
    if (wanted.length === 0) return 0;
    const mode = await this.modes.of(event.teamId);
    if (event.type === 'cod.remitted') return this.remittanceMessages(event, wanted, mode);
    const shipment = await this.shipments.findForTeam(event.teamId, event.shipmentId);
    if (!shipment) return 0;

    // The shipment as GET /shipments/{id} shows it, with the status this event reports
    // (the shipment may have moved on by the time the event is fanned out).
    const view = { ...toShipmentView(shipment, this.catalogue.find(shipment.carrierCode), this.links), mode } as Record<string, unknown>;
    const status = event.payload.status;
    if (isShipmentStatus(status)) {
      view.status = status;
      view.status_en = STATUS_LABELS[status].en;
      view.status_ar = STATUS_LABELS[status].ar;
    }
    const data: Record<string, unknown> = { shipment: view };
    if (isShipmentStatus(event.payload.previous_status)) data.previous_status = event.payload.previous_status;
    if (Number.isInteger(event.payload.piece_number)) data.piece_number = event.payload.piece_number;
    // A delay names both dates as they were when it happened (the shipment may be re-estimated again by the time it is sent).
    if (event.type === 'shipment.delayed') {
      data.previous_estimated_delivery_date = event.payload.previous_estimated_delivery_date;
      data.estimated_delivery_date = event.payload.estimated_delivery_date;
    }
    if (event.type === 'delivery_issue.resolved') data.resolution = event.payload.resolution;

    const now = new Date();
    const messages: NewWebhookMessage[] = wanted.map((kind) => ({
      id: webhookMessageId(event.eventId, kind),
      teamId: event.teamId,
      eventId: event.eventId,
      type: kind,
      shipmentId: shipment.id,
      body: webhookBody(kind, event.occurredAt, data, mode),
      createdAt: now,
    }));
    return this.messages.insertMany(messages);
  }

  /** A payout concerns no one shipment: the message carries the remittance as GET /cod/remittances shows it. */
  private remittanceMessages(event: WebhookEventJob, kinds: readonly WebhookEventKind[], mode: ApiMode): Promise<number> {
    const now = new Date();
    return this.messages.insertMany(
      kinds.map((kind) => ({
        id: webhookMessageId(event.eventId, kind),
        teamId: event.teamId,
        eventId: event.eventId,
        type: kind,
        shipmentId: null,
        body: webhookBody(kind, event.occurredAt, { remittance: event.payload.remittance }, mode),
        createdAt: now,
      })),
    );
  }
}
