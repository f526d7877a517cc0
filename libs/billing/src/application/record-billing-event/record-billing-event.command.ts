/** A domain event as the billing job carries it (JSON: dates as ISO strings). */
export interface BillingEventCommand {
  readonly eventId: string;
  readonly type: string;
  readonly teamId: string;
  readonly shipmentId: string;
  readonly payload: Record<string, unknown>;
  /** When the gateway recorded the event (the outbox row's time). */
  readonly recordedAt: string;
}
