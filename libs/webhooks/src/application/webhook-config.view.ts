/** POST /webhooks/config answer (docs/api.md §4 endpoint 11): the secret in clear, the one time it is shown with its URL. */
export interface WebhookConfigCreatedView {
  readonly url: string;
  readonly events: readonly string[];
  readonly secret: string;
}

/** GET /webhooks/config: the secret masked, plus whether deliveries are going out. */
export interface WebhookConfigView {
  readonly url: string;
  readonly events: readonly string[];
  readonly enabled: boolean;
  readonly disabled_reason: string | null;
  readonly secret: string;
  readonly updated_at: string;
}

export interface WebhookDeliveryView {
  readonly id: string;
  readonly type: string;
  readonly shipment_id: string | null;
  readonly state: string;
  readonly attempts: number;
  readonly last_status_code: number | null;
  readonly last_error: string | null;
  readonly last_attempt_at: string | null;
  readonly next_attempt_at: string | null;
  readonly delivered_at: string | null;
  readonly created_at: string;
}
