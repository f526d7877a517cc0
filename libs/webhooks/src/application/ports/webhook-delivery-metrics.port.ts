/** What the webhook jobs report of each delivery attempt to the process's metrics (bound by the composition root). */
export interface WebhookDeliveryMetricsPort {
  countWebhookDelivery(outcome: string): void;
}

export const WEBHOOK_DELIVERY_METRICS = Symbol('WEBHOOK_DELIVERY_METRICS');
