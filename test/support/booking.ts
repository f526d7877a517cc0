import { ratesBody } from './fixtures';
import { TestApp, TestTeam } from './test-app';

/** Rates the body and returns the quote of the wanted carrier (first one if none named). */
export async function quoteFor(t: TestApp, team: TestTeam, carrier?: string, overrides: Record<string, unknown> = {}) {
  const body = ratesBody(overrides);
  const res = await t.api('/rates', { method: 'POST', key: team.apiKey, body });
  if (res.status !== 200) throw new Error(`rates failed: ${res.status} ${res.text}`);
  const quote = carrier ? res.body.quotes.find((q: any) => q.carrier.code === carrier) : res.body.quotes[0];
  if (!quote) throw new Error(`no quote for ${carrier}`);
  return { quote, body };
}

export function shipmentBody(quote: any, body: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { quote_id: quote.quote_id, ...body, ...extra };
}

/** Quote and book in one go; returns the created shipment. A cod_amount is rated as it is booked. */
export async function book(t: TestApp, team: TestTeam, carrier?: string, extra: Record<string, unknown> = {}) {
  const { quote, body } = await quoteFor(t, team, carrier, extra.cod_amount !== undefined ? { cod_amount: extra.cod_amount } : {});
  const res = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body, extra) });
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${res.text}`);
  return res.body;
}
