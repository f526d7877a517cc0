import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import { CARRIERS, RateCardRepository } from '@lgw/carriers';
import { batchCsv, uploadBatch, validRow } from '../support/batch-csv';
import { apiCredentials, openSandboxAccount } from '../support/carrier-connections';
import { book } from '../support/booking';
import { JEDDAH, ratesBody } from '../support/fixtures';
import { SAUDI_ADDRESS } from '../support/einvoice-fixtures';
import { PICKUP_CARRIERS, pickupSlotFor } from '../support/pickups';
import { eventually } from '../support/eventually';
import { ApiRequestInit, ApiResponse, bootTestApp, TestApp, TestTeam } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/**
 * The OpenAPI document and the wire cannot drift: every operation documented with a JSON
 * success response is called for real, and each answer must match its documented schema
 * exactly (required fields present, types right, no field the document does not name).
 */
describe('documented response schemas match real responses', () => {
  let t: TestApp;
  let team: TestTeam;
  let doc: any;
  let receiver: WebhookReceiver;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
  /** "POST /api/v1/shipments/{id}/cancel" → the responses seen for it. */
  const seen = new Map<string, ApiResponse[]>();

  /** No field beyond the documented ones, at every level (the document is the whole contract). */
  function closed(schema: any): any {
    if (Array.isArray(schema)) return schema.map(closed);
    if (schema === null || typeof schema !== 'object') return schema;
    const copy: any = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
    if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
    // OpenAPI 3.0 writes an exclusive bound as a flag beside the bound; JSON Schema as the bound.
    if (copy.exclusiveMinimum === true) [copy.exclusiveMinimum, copy.minimum] = [copy.minimum, undefined];
    if (copy.exclusiveMaximum === true) [copy.exclusiveMaximum, copy.maximum] = [copy.maximum, undefined];
    return JSON.parse(JSON.stringify(copy));
  }

  function operationKey(method: string, path: string): string {
    const bare = path.split('?')[0];
    for (const [template, ops] of Object.entries<any>(doc.paths)) {
      if (!ops[method.toLowerCase()]) continue;
      const pattern = new RegExp(`^${template.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      if (pattern.test(bare)) return `${method} ${template}`;
    }
    throw new Error(`no documented operation for ${method} ${path}`);
  }

  async function call(path: string, init: ApiRequestInit = {}, admin = false): Promise<ApiResponse> {
    const method = init.method ?? 'GET';
    const full = admin ? `/admin/v1${path}` : `/api/v1${path}`;
    const res = admin ? await t.admin(method, path, init.body) : await t.api(path, { key: team.apiKey, ...init });
    expect({ call: `${method} ${full}`, status: res.status }).toEqual({ call: `${method} ${full}`, status: expect.any(Number) });
    if (res.status < 300) {
      const key = operationKey(method, full);
      seen.set(key, [...(seen.get(key) ?? []), res]);
    }
    return res;
  }

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.reply('/gone', () => ({ status: 410 }));
    t = await bootTestApp({
      worker: true,
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_RETRY_SCHEDULE_MS: '300,300,300' },
    });
    team = await t.createTeam('Contract Team');
    // The suite calls every documented operation, well over the default 60 a minute.
    await t.admin('PUT', `/teams/${team.teamId}/rate-limit`, { per_minute: 100_000 });
    doc = (await t.api('/openapi.json', { key: null })).body;
    ajv.addSchema(closed({ components: doc.components }), 'openapi');

    await call('/carriers');
    // A webhook endpoint that answers 410 fails the first message, so that it can be retried.
    await call('/webhooks/config', { method: 'POST', body: { url: `${receiver.url}/gone`, events: ['shipment.created'] } });
    const rated = await call('/rates', { method: 'POST', body: ratesBody() });
    const booked = await call('/shipments', {
      method: 'POST',
      body: { ...ratesBody(), quote_id: rated.body.quotes[0].quote_id, reference: 'ORDER-1', declared_value: 100, incoterm: 'DAP' },
    });
    const shipment = booked.body;
    const plain = await book(t, team, 'bahr');
    await call(`/shipments/${shipment.id}`);
    await call('/shipments?limit=5');
    await call(`/shipments/${shipment.id}/tracking`);
    // Test mode: a test shipment, scanned on demand with the team's test key.
    const testShipment = await book(t, { ...team, apiKey: team.testApiKey });
    await call(`/test/shipments/${testShipment.id}/events`, { method: 'POST', key: team.testApiKey, body: { code: 'PICKED_UP' } });
    await call(`/shipments/${shipment.id}/destination`, { method: 'PATCH', body: { ...JEDDAH, phone: '966512345679' } });
    // Delivery issues and the recipient's page (docs/adr/0083): a failed attempt opens an issue to answer.
    const failing = await book(t, team, 'sahm');
    for (const body of [{ code: 'OUT_FOR_DELIVERY' }, { code: 'EXCEPTION', exception_type: 'FAILED_DELIVERY_ATTEMPT' }]) {
      await t.sandbox('POST', `/sandbox/v1/carriers/sahm/shipments/${failing.tracking_number}/events`, body);
    }
    await until(async () => ((await t.api(`/shipments/${failing.id}`, { key: team.apiKey })).body.delivery_issue ? true : undefined));
    await call('/delivery-issues?status=OPEN');
    const token = String(failing.tracking_url).split('/t/')[1];
    // The page is outside /api/v1 and takes no key.
    const recipient = async (method: string, path: string, template: string, body?: unknown) => {
      const res = await fetch(`${t.url}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const answer: ApiResponse = { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
      seen.set(`${method} ${template}`, [...(seen.get(`${method} ${template}`) ?? []), answer]);
      return answer;
    };
    await recipient('GET', `/t/${token}.json`, '/t/{token}');
    expect(
      (await recipient('POST', `/t/${token}/actions`, '/t/{token}/actions', { action: 'update_contact', phone: '0551234567' })).status,
    ).toBe(200);
    await call(`/shipments/${failing.id}/delivery-issue/actions`, { method: 'POST', body: { action: 'return_to_origin' } });
    // Recipient notifications (docs/adr/0086): the settings, a shipment's log, the recipient's opt-out.
    await call('/notification-settings');
    await call('/notification-settings', {
      method: 'PUT',
      body: { sms: true, email: false, events: ['shipped'], sender_name: 'Contract' },
    });
    await call(`/shipments/${failing.id}/notifications`);
    expect((await recipient('POST', `/t/${token}/opt-out`, '/t/{token}/opt-out')).status).toBe(200);
    const boundary = 'lgwcontract';
    const form =
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\ncommercial_invoice\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n` +
      `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n\r\n--${boundary}--\r\n`;
    const uploaded = await call(`/shipments/${shipment.id}/documents`, {
      method: 'POST',
      rawBody: form,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.status).toBe(201);
    await call(`/shipments/${shipment.id}/documents`);
    await call(`/shipments/${plain.id}/cancel`, { method: 'POST', body: { reason: 'contract check' } });
    const collected = await book(t, team, PICKUP_CARRIERS[0].code);
    const pickup = await call('/pickups', {
      method: 'POST',
      body: { carrier: PICKUP_CARRIERS[0].code, ...pickupSlotFor(PICKUP_CARRIERS[0].code), shipment_ids: [collected.id] },
    });
    expect(pickup.status).toBe(201);
    await call('/pickups');
    await call(`/pickups/${pickup.body.id}`);
    await call(`/pickups/${pickup.body.id}/cancel`, { method: 'POST' });
    const returning = await book(t, team, PICKUP_CARRIERS[0].code);
    await t.sandbox('POST', `/sandbox/v1/carriers/${returning.carrier.code}/shipments/${returning.tracking_number}/events`, {
      code: 'DELIVERED',
    });
    await eventually('delivered', async () =>
      (await t.api(`/shipments/${returning.id}`, { key: team.apiKey })).body.status === 'DELIVERED' ? true : undefined,
    );
    expect((await call(`/shipments/${returning.id}/return`, { method: 'POST', body: { reason: 'contract check' } })).status).toBe(201);
    await call('/carriers/sahm/passthrough', { method: 'POST', rawBody: '{"ping":true}', headers: { 'content-type': 'application/json' } });
    await call('/carriers/sahm/passthrough/audit');
    // National Address verification: a building of the register, and one it does not have (address: null).
    await call('/addresses/verify', { method: 'POST', body: { address: { short_address: 'RRRD2929', city: 'Jeddah' } } });
    await call('/addresses/verify', { method: 'POST', body: { address: { short_address: 'ZZZZ1000' } } });
    await call('/catalogue/products', {
      method: 'PUT',
      body: { products: [{ sku: 'DATES-1KG', name_en: 'Dates', hs_code: '080410', weight_kg: 1, origin_country: 'SA', value_sar: 25 }] },
    });
    await call('/catalogue/products');
    await call('/catalogue/products/DATES-1KG');
    await call('/data-readiness', { method: 'POST' });
    const invoice = await call('/invoices/current');
    await call('/invoices');
    // Cash on delivery: a COD booking delivered and paid out, so every COD route answers with data.
    const codBody = ratesBody({ cod_amount: 42 });
    const codQuote = (await call('/rates', { method: 'POST', body: codBody })).body.quotes[0];
    const cod = (await call('/shipments', { method: 'POST', body: { ...codBody, quote_id: codQuote.quote_id } })).body;
    const paid = await t.sandbox('POST', `/sandbox/v1/carriers/${cod.carrier.code}/remittances`, {
      items: [{ tracking_number: cod.tracking_number, amount_sar: 42 }],
    });
    expect(paid.status).toBe(201);
    const remitted = await until(async () => (await t.api('/cod/remittances', { key: team.apiKey })).body.remittances[0]);
    await call('/cod/remittances');
    await call(`/cod/remittances/${remitted.id}`);
    await call('/cod/summary');
    await call('/cod/unmatched-lines', {}, true);
    await call(`/shipments/${cod.id}`);
    await call(`/invoices/${invoice.body.id}`);
    await until(async () =>
      (await t.api(`/shipments/${shipment.id}`, { key: team.apiKey })).body.status === 'LABEL_GENERATED' ? true : undefined,
    );
    await call('/manifests', { method: 'POST', body: { carrier: shipment.carrier.code } });
    await call('/manifests');

    const failed = await until(async () => {
      const list = await call('/webhooks/deliveries');
      return list.body.deliveries.find((d: any) => d.state === 'failed');
    });
    await call('/webhooks/config', { method: 'POST', body: { url: `${receiver.url}/ok`, events: ['shipment.created'] } });
    await call('/webhooks/config');
    await call('/webhooks/config/rotate-secret', { method: 'POST' });
    await call('/webhooks/test', { method: 'POST' });
    await call(`/webhooks/deliveries/${failed.id}/retry`, { method: 'POST' });

    const csv = batchCsv([validRow(1)]);
    const submitted = await uploadBatch(t.url, team.apiKey, csv);
    expect(submitted.status).toBe(202);
    seen.set('POST /api/v1/fulfilment/batches', [
      { status: submitted.status, body: submitted.body, text: submitted.text, headers: new Headers() },
    ]);
    await call(`/fulfilment/batches/${submitted.body.id}`);
    await call('/fulfilment/batches?limit=5');
    await call(`/fulfilment/batches/${submitted.body.id}/labels/progress`);

    const created = await call('/teams', { method: 'POST', body: { name: 'Contract Admin Team' } }, true);
    const teamId = created.body.team.id;
    await call('/teams', {}, true);
    await call(`/teams/${teamId}`, {}, true);
    await call(`/teams/${teamId}/keys`, { method: 'POST' }, true);
    await call(`/teams/${teamId}/keys`, {}, true);
    await call(`/teams/${teamId}/rate-limit`, { method: 'PUT', body: { per_minute: 120 } }, true);
    await call(`/teams/${teamId}`, { method: 'PATCH', body: { address_verification: 'enforce' } }, true);
    await call(`/teams/${teamId}`, { method: 'PATCH', body: { auto_return_after_attempts: 2, brand_colour: '#123abc' } }, true);
    // E-invoicing (DESIGN §6): onboarding, a buyer profile, "invoice now" and the operator's view of a document.
    await call('/einvoicing/onboarding', { method: 'POST', body: { otp: '123345' } }, true);
    const profile = { legal_name_ar: 'شركة العقد', legal_name_en: 'Contract Co.', vat_number: '310122393500003', address: SAUDI_ADDRESS };
    await call(`/teams/${team.teamId}/billing-profile`, { method: 'PUT', body: profile }, true);
    await until(async () => ((await t.api('/invoices/current', { key: team.apiKey })).body.line_items.length > 0 ? true : undefined));
    const issued = await call('/invoices/issue', { method: 'POST', body: { team_id: team.teamId } }, true);
    await call(`/invoices/${issued.body.documents[0].id}`, {}, true);
    await call('/invoices');

    // Shipping rules, and a quote shaped by one (rule_id and recommended set); carrier performance.
    const ruled = CARRIERS[0].descriptor.code;
    const rule = {
      name: 'Jeddah first',
      priority: 1,
      conditions: { destination_cities: ['Jeddah'] },
      action: { prefer: [{ carrier: ruled }] },
    };
    const savedRule = await call('/shipping-rules', { method: 'POST', body: rule });
    await call(`/shipping-rules/${savedRule.body.id}`);
    await call('/shipping-rules');
    await call(`/shipping-rules/${savedRule.body.id}`, { method: 'PUT', body: { ...rule, enabled: true } });
    await call('/rates', { method: 'POST', body: ratesBody() });
    await call(`/shipping-rules/${savedRule.body.id}`, { method: 'DELETE' });
    await call('/analytics/carriers');

    // Carrier connections, last (the team's later quotes would use its own): credentials the simulated carrier issued.
    const carrier = CARRIERS[0].descriptor.code;
    const own = await openSandboxAccount(t, carrier);
    await call('/carrier-connections', { method: 'POST', body: { carrier, credentials: apiCredentials(own.credentials) } });
    await call('/carrier-connections');
    await call('/carrier-connections/requirements');
    const platform = await openSandboxAccount(t, carrier);
    await call('/carrier-connections', { method: 'POST', body: { carrier, credentials: apiCredentials(platform.credentials) } }, true);
    await call('/carrier-connections', {}, true);
    // A carrier that pushes: its connection's webhook URL takes the carrier's own payload, no key needed.
    const pusher = await openSandboxAccount(t, 'aymakan');
    const pushing = await call('/carrier-connections', {
      method: 'POST',
      body: { carrier: 'aymakan', credentials: apiCredentials(pusher.credentials) },
    });
    await call(String(pushing.body.webhook_url).replace('/api/v1', ''), {
      method: 'POST',
      body: { tracking_number: 'AY0000000000', status: 'AY-0002', date_time: new Date().toISOString(), event: 'status_update' },
    });

    // Keys and the audit trail, after the changes above: the trail then holds events of several kinds.
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    await call('/api-keys', {
      method: 'POST',
      body: { name: 'Contract key', scopes: ['labels:read'], allowed_ips: ['127.0.0.1/32'], expires_at: expiresAt },
    });
    await call('/api-keys');
    await call('/api-keys/current');
    await call('/audit-events');
    await call('/audit-events/verify');
    await call(`/audit-events?team_id=${team.teamId}`, {}, true);
    await call(`/audit-events/verify?team_id=${team.teamId}`, {}, true);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const found = await probe();
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('condition never held');
  }

  function jsonOperations(): Array<[string, string, ValidateFunction]> {
    const result: Array<[string, string, ValidateFunction]> = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema;
          if (!status.startsWith('2') || !schema) continue;
          const local = JSON.parse(JSON.stringify(closed(schema)).replace(/"#\/components/g, '"openapi#/components'));
          result.push([`${method.toUpperCase()} ${path}`, status, ajv.compile(local)]);
        }
      }
    }
    return result;
  }

  it("documents contract rate cards as typed cards that every registered carrier's own card files satisfy", () => {
    const rateCards = doc.components.schemas.CreateCarrierConnectionRequestDto.properties.rate_cards;
    expect(rateCards.additionalProperties).toEqual({ $ref: '#/components/schemas/RateCardSchema' });
    const validate = ajv.compile({ $ref: 'openapi#/components/schemas/RateCardSchema' });
    const directory = RateCardRepository.load().directory;
    let files = 0;
    for (const carrier of CARRIERS) {
      const folder = join(directory, carrier.descriptor.code, 'rate-cards');
      if (!existsSync(folder)) continue;
      for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
        const card = JSON.parse(readFileSync(join(folder, file), 'utf8'));
        files++;
        expect({ file, errors: validate(card) ? null : ajv.errorsText(validate.errors) }).toEqual({ file, errors: null });
      }
    }
    // A card missing its bands is no card, whatever else it says.
    expect(files).toBeGreaterThan(0);
    expect(
      validate({ service_code: 'x', carrier_code: 'x', currency: 'SAR', volumetric_divisor: 5000, fuel_surcharge_percent: '10' }),
    ).toBe(false);
  });

  it('calls every operation documented with a JSON success response', () => {
    const documented = jsonOperations().map(([key]) => key);
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((key) => !seen.has(key))).toEqual([]);
  });

  it('sends the headers each documented answer declares (all but the conditional ones)', () => {
    const conditional = new Set(['retry-after', 'idempotent-replayed']);
    const missing: string[] = [];
    for (const [key, responses] of seen) {
      const [method, path] = key.split(' ');
      // The multipart upload is recorded without its headers (sent outside `call`).
      for (const res of responses.filter((r) => [...r.headers].length > 0)) {
        const declared = doc.paths[path][method.toLowerCase()].responses[String(res.status)]?.headers ?? {};
        expect({ key, declares: Object.keys(declared).length > 0 }).toEqual({ key, declares: true });
        for (const name of Object.keys(declared)) {
          if (!conditional.has(name.toLowerCase()) && res.headers.get(name) === null) missing.push(`${key} ${res.status}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers each of them in exactly its documented shape and status', () => {
    const drift: string[] = [];
    for (const [key, status, validate] of jsonOperations()) {
      for (const res of seen.get(key) ?? []) {
        if (String(res.status) !== status) drift.push(`${key}: status ${res.status}, documented ${status}`);
        if (!validate(res.body)) drift.push(`${key}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(drift).toEqual([]);
  });
});
