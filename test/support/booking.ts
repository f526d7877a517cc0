import { sleep } from './eventually';
import { ratesBody } from './fixtures';
import { TestApp, TestTeam } from './test-app';

/**
 * POST /rates with `body` and the first quote `pick` accepts. A carrier that quotes itself and did
 * not answer within its rate deadline (a loaded machine) is left out with a CARRIER_RATE_UNAVAILABLE
 * warning that says to try again shortly: so does this, a few times. Undefined when none is picked.
 */
export async function quoteWhere(t: TestApp, key: string, body: unknown, pick: (quote: any) => boolean): Promise<any> {
  for (let attempt = 1; ; attempt++) {
    const res = await t.api('/rates', { method: 'POST', key, body });
    if (res.status !== 200) throw new Error(`rates failed: ${res.status} ${res.text}`);
    const quote = res.body.quotes.find(pick);
    const late = (res.body.warnings ?? []).some((w: any) => w.code === 'CARRIER_RATE_UNAVAILABLE');
    if (quote || !late || attempt === 5) return quote;
    await sleep(500);
  }
}

/** Rates the body and returns the quote of the wanted carrier (first one if none named). */
export async function quoteFor(t: TestApp, team: TestTeam, carrier?: string, overrides: Record<string, unknown> = {}) {
  const body = ratesBody(overrides);
  const quote = await quoteWhere(t, team.apiKey, body, (q) => !carrier || q.carrier.code === carrier);
  if (!quote) throw new Error(`no quote for ${carrier}`);
  return { quote, body };
}

export function shipmentBody(quote: any, body: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { quote_id: quote.quote_id, ...body, ...extra };
}

/**
 * Quote and book in one go; returns the created shipment. A cod_amount is rated as it is booked.
 * A carrier that did not answer within its booking deadline (a loaded machine: a file carrier's
 * booking is several exchanges under one deadline) is answered 503 E_CARRIER_UNAVAILABLE, "try
 * again later", and nothing is left booked (docs/adr/0013-carrier-intents.md): so this does, with a
 * new quote, a few times. Any other answer fails at once.
 */
export async function book(t: TestApp, team: TestTeam, carrier?: string, extra: Record<string, unknown> = {}) {
  for (let attempt = 1; ; attempt++) {
    const { quote, body } = await quoteFor(t, team, carrier, extra.cod_amount !== undefined ? { cod_amount: extra.cod_amount } : {});
    const res = await t.api('/shipments', { method: 'POST', key: team.apiKey, body: shipmentBody(quote, body, extra) });
    if (res.status === 201) return res.body;
    if (res.status !== 503 || res.body?.error?.code !== 'E_CARRIER_UNAVAILABLE' || attempt === 3) {
      throw new Error(`booking failed: ${res.status} ${res.text}`);
    }
    await sleep(1000);
  }
}
