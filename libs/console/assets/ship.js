import { download, sendJson } from './api.js';
import { action, card, field, h, sar, show, table } from './dom.js';
import { language, pick, t } from './i18n.js';

/**
 * Rate and buy: the merchant fills one shipment, compares every quote (POST /rates), buys one
 * (POST /shipments with the same addresses, parcels and cash on delivery) and prints its label.
 * Each purchase sends an Idempotency-Key, so a double click books once.
 */
export async function shipView(root) {
  const input = (name, attrs = {}) => h('input', { name, autocomplete: 'off', ...attrs });
  const number = (name, attrs = {}) => input(name, { type: 'number', step: 'any', min: '0', ...attrs });
  const address = (side) => ({
    name: input(`${side}_name`),
    phone: input(`${side}_phone`, { inputmode: 'tel', placeholder: '9665XXXXXXXX' }),
    city: input(`${side}_city`, { required: true }),
    country: input(`${side}_country`, { value: 'SA', maxlength: '2', required: true }),
    short_address: input(`${side}_short_address`, { placeholder: 'RRRD2929' }),
    postal_code: input(`${side}_postal_code`, { inputmode: 'numeric' }),
  });
  const origin = address('origin');
  const destination = address('destination');
  // A Saudi short address completes the rest from the National Address register (POST /addresses/verify).
  for (const side of [origin, destination]) {
    side.short_address.addEventListener('change', async () => {
      const short = side.short_address.value.trim().toUpperCase();
      if (!/^[A-Z]{4}\d{4}$/.test(short) || side.country.value.trim().toUpperCase() !== 'SA') return;
      try {
        const found = await sendJson('POST', '/api/v1/addresses/verify', { address: { short_address: short, country: 'SA' } });
        if (!found.address) return;
        side.short_address.value = found.address.short_address;
        side.city.value = found.address.city[language()] ?? found.address.city.en;
        side.postal_code.value = found.address.postal_code;
        side.short_address.dataset.verified = 'true';
      } catch {
        // The register is away: the merchant types the rest, the booking still verifies it.
      }
    });
  }
  const parcel = {
    weight_kg: number('weight_kg', { required: true, value: '1' }),
    length_cm: number('length_cm', { required: true, value: '30' }),
    width_cm: number('width_cm', { required: true, value: '20' }),
    height_cm: number('height_cm', { required: true, value: '10' }),
  };
  const cod = number('cod_amount');
  const reference = input('reference');

  /** Only what the merchant filled in: empty fields are absent, never sent as "". */
  const valuesOf = (inputs) =>
    Object.fromEntries(
      Object.entries(inputs)
        .map(([name, el]) => [name, el.value.trim()])
        .filter(([, value]) => value !== ''),
    );
  const shipment = () => {
    const body = {
      origin: valuesOf(origin),
      destination: valuesOf(destination),
      parcels: [Object.fromEntries(Object.entries(valuesOf(parcel)).map(([k, v]) => [k, Number(v)]))],
    };
    if (cod.value.trim() !== '') body.cod_amount = Number(cod.value);
    return body;
  };

  const quotes = h('div', { 'data-testid': 'quotes' });
  const bought = h('div', { 'data-testid': 'bought' });

  const buy = (request, quote) =>
    action(async () => {
      const body = { ...request, quote_id: quote.quote_id };
      const ref = reference.value.trim();
      if (ref) body.reference = ref;
      const created = await sendJson('POST', '/api/v1/shipments', body, { 'Idempotency-Key': `console-${quote.quote_id}` });
      bought.replaceChildren(
        card(
          t('booked'),
          h(
            'p',
            { class: 'row' },
            h('a', { href: `#/shipments/${encodeURIComponent(created.id)}`, 'data-testid': 'bought-tracking' }, created.tracking_number),
            h('span', {}, `${sar(created.quoted_total_sar)} SAR`),
          ),
          h(
            'p',
            { class: 'row' },
            h(
              'button',
              {
                type: 'button',
                onclick: action(() => download(`/api/v1/labels/${encodeURIComponent(created.id)}`, `label-${created.tracking_number}.pdf`)),
              },
              t('downloadLabel'),
            ),
          ),
        ),
      );
      quotes.replaceChildren();
    });

  const form = h(
    'form',
    {
      'data-testid': 'rate-form',
      onsubmit: action(async () => {
        const request = shipment();
        const answer = await sendJson('POST', '/api/v1/rates', request);
        bought.replaceChildren();
        const rows = answer.quotes.map((q) =>
          h(
            'tr',
            {},
            h('td', {}, pick(q.carrier, 'name')),
            // A shipping rule's preference, and the lane's own on-time record (docs/adr/0084).
            h('td', {}, pick(q.service, 'name'), q.recommended ? [' ', h('span', { class: 'badge delivered' }, t('recommended'))] : null),
            h(
              'td',
              {},
              `${q.transit_days.min}–${q.transit_days.max}`,
              typeof q.on_time_rate === 'number' ? ` · ${t('onTimeRate')} ${Math.round(q.on_time_rate * 100)}%` : null,
            ),
            h('td', {}, q.breakdown.map((line) => `${pick(line, 'label')} ${sar(line.amount_sar)}`).join(' · ')),
            h('td', {}, h('strong', {}, sar(q.total_sar))),
            h('td', {}, h('button', { type: 'button', 'data-quote': q.quote_id, onclick: buy(request, q) }, t('buy'))),
          ),
        );
        const warnings = (answer.warnings ?? []).map((w) => h('p', { class: 'muted' }, pick(w, 'message')));
        quotes.replaceChildren(
          card(
            t('quotes'),
            warnings,
            rows.length
              ? table(['carrier', 'service', 'transitDays', 'breakdown', 'total', 'buy'], rows)
              : h('p', { class: 'muted' }, t('noQuotes')),
          ),
        );
      }),
    },
    h(
      'div',
      { class: 'grid' },
      h(
        'fieldset',
        {},
        h('legend', {}, t('origin')),
        Object.entries(origin).map(([name, el]) => field(`address_${name}`, el)),
      ),
      h(
        'fieldset',
        {},
        h('legend', {}, t('destination')),
        Object.entries(destination).map(([name, el]) => field(`address_${name}`, el)),
      ),
      h(
        'fieldset',
        {},
        h('legend', {}, t('parcel')),
        Object.entries(parcel).map(([name, el]) => field(name, el)),
        field('codAmount', cod),
        field('reference', reference),
      ),
    ),
    h('p', {}, h('button', { type: 'submit' }, t('getRates'))),
  );
  show(root, h('h1', {}, t('ship')), card(null, form), quotes, bought);
}
