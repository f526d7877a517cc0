/**
 * Which carrier connection a quote was priced on: the quote store answers it (docs/adr/0065), so
 * calls about a booking go to the account that booked it without this context reading quotes.
 * Read from the signed quote id alone (docs/adr/0031): a tracking poll asks this of every
 * shipment booked on the platform's account, and whether the quote was used is not the question.
 */
export interface QuoteConnectionsPort {
  /** Null for a malformed, forged or another team's id. */
  open(teamId: string, quoteId: string): { readonly connectionId?: string | null } | null;
}

export const QUOTE_CONNECTIONS = Symbol('QUOTE_CONNECTIONS');
