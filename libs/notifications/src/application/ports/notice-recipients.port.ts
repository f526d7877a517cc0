/** Who a shipment's notices go to, as its destination says now. */
export interface NoticeRecipient {
  readonly shipmentId: string;
  readonly teamId: string;
  readonly trackingNumber: string;
  readonly trackingToken: string;
  readonly phone: string | null;
  readonly email: string | null;
}

export interface NoticeRecipientsPort {
  /** The team's shipment's recipient, or null (unknown, another team's). */
  recipientOf(teamId: string, shipmentId: string): Promise<NoticeRecipient | null>;
  /** Which of these addresses opted out of the team's notices. */
  optedOut(teamId: string, addresses: readonly string[]): Promise<string[]>;
  /** The shipment's recipient (phone and e-mail) opts out of its team's notices; false for an unknown token. */
  optOutByToken(token: string, now: Date): Promise<boolean>;
}

export const NOTICE_RECIPIENTS = Symbol('NOTICE_RECIPIENTS');

/** Fixed per process: where links point, how long a send may take before it counts as interrupted, the retry schedule. */
export interface NotificationConfig {
  readonly publicBaseUrl: string;
  /** A SENDING row older than this was interrupted (a crash mid-send): FAILED, never sent again. */
  readonly sendLeaseMs: number;
  /** Tries of one notice while the provider is unavailable. */
  readonly maxAttempts: number;
  /** First retry after this; doubled each time. */
  readonly backoffMs: number;
}

export const NOTIFICATION_CONFIG = Symbol('NOTIFICATION_CONFIG');
