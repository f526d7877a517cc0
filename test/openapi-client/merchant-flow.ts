/**
 * A merchant's integration written against the client generated from the live OpenAPI document
 * (openapi-typescript types, openapi-fetch calls): rates → shipment → label → tracking → search
 * → cancel. test/e2e/openapi-client.e2e-spec.ts generates `lgw-openapi-client` from the booted
 * app, type-checks this file against it (a request or response the document gets wrong does not
 * compile), then runs it against that app.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from 'lgw-openapi-client';
import { JEDDAH, PARCELS, RIYADH } from '../support/fixtures';

type Shipment = components['schemas']['ShipmentDto'];

export interface MerchantFlowResult {
  readonly quotes: number;
  readonly shipment: Shipment;
  readonly labelBytes: number;
  readonly trackingEvents: number;
  readonly found: number;
  readonly cancelledStatus: string;
}

export async function merchantFlow(baseUrl: string, apiKey: string): Promise<MerchantFlowResult> {
  const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` } });
  const [origin, destination, parcels] = [RIYADH, JEDDAH, PARCELS];

  const rates = await api.POST('/api/v1/rates', { body: { origin, destination, parcels, declared_value_currency: 'SAR' } });
  if (!rates.data) throw new Error(`rates: ${rates.response.status} ${JSON.stringify(rates.error)}`);
  const cheapest = [...rates.data.quotes].sort((a, b) => a.total_sar - b.total_sar)[0];

  const booked = await api.POST('/api/v1/shipments', {
    body: { quote_id: cheapest.quote_id, origin, destination, parcels, reference: 'CLIENT-ORDER-1' },
    params: { header: { 'Idempotency-Key': `client-${Date.now()}` } },
  });
  if (!booked.data) throw new Error(`book: ${booked.response.status} ${JSON.stringify(booked.error)}`);
  const shipment: Shipment = booked.data;

  const label = await api.GET('/api/v1/labels/{id}', { params: { path: { id: shipment.id } }, parseAs: 'arrayBuffer' });
  if (!label.data) throw new Error(`label: ${label.response.status}`);

  const tracking = await api.GET('/api/v1/shipments/{id}/tracking', { params: { path: { id: shipment.id } } });
  if (!tracking.data) throw new Error(`tracking: ${tracking.response.status}`);

  const search = await api.GET('/api/v1/shipments', { params: { query: { q: 'CLIENT-ORDER', limit: 10 } } });
  if (!search.data) throw new Error(`search: ${search.response.status}`);

  const cancelled = await api.POST('/api/v1/shipments/{id}/cancel', {
    params: { path: { id: shipment.id } },
    body: { reason: 'customer changed the order' },
  });
  if (!cancelled.data) throw new Error(`cancel: ${cancelled.response.status} ${JSON.stringify(cancelled.error)}`);

  return {
    quotes: rates.data.quotes.length,
    shipment,
    labelBytes: label.data.byteLength,
    trackingEvents: tracking.data.events.length,
    found: search.data.total,
    cancelledStatus: cancelled.data.status,
  };
}
