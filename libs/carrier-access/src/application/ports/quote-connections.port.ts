/**
 * Which carrier connection a quote was priced on: the quote store answers it (docs/adr/0065), so
 * calls about a booking go to the account that booked it without this context reading quotes.
 */
export interface QuoteConnectionsPort {
  findForTeam(teamId: string, quoteId: string): Promise<{ readonly connectionId?: string | null } | null>;
}

export const QUOTE_CONNECTIONS = Symbol('QUOTE_CONNECTIONS');
