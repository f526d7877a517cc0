import { download, getJson, sendForm, sendJson } from './api.js';
import { action, card, field, formatDate, h, sar, showInfo, table } from './dom.js';
import { pick, t } from './i18n.js';

const PAGE = 20;
let statusesCache;

/** The statuses come from the API's own document, so the console never keeps a second list. */
async function statuses() {
  if (!statusesCache) {
    const doc = await fetch('/api/v1/openapi.json').then((r) => r.json());
    statusesCache = doc?.components?.schemas?.TrackingResponseDto?.properties?.status?.enum ?? [];
  }
  return statusesCache;
}

export async function shipmentsView(root, _params, query) {
  const status = query.get('status') ?? '';
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  const qs = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  if (status) qs.set('status', status);
  const [data, known] = await Promise.all([getJson(`/api/v1/shipments?${qs}`), statuses()]);
  const select = h(
    'select',
    { name: 'status' },
    h('option', { value: '' }, t('allStatuses')),
    known.map((s) => h('option', { value: s, selected: s === status }, s)),
  );
  select.addEventListener('change', () => {
    location.hash = `#/shipments${select.value ? `?status=${encodeURIComponent(select.value)}` : ''}`;
  });
  const rows = data.shipments.map((s) =>
    h(
      'tr',
      {},
      h('td', {}, h('a', { href: `#/shipments/${encodeURIComponent(s.id)}` }, s.tracking_number)),
      h('td', {}, h('span', { class: `badge ${s.status.startsWith('EXCEPTION') ? 'exception' : ''} ${s.status}` }, pick(s, 'status'))),
      h('td', {}, pick(s.carrier, 'name')),
      h('td', {}, `${s.destination?.city ?? ''} ${s.destination?.country ?? ''}`),
      h('td', {}, sar(s.quoted_total_sar)),
      h('td', {}, formatDate(s.created_at)),
    ),
  );
  const page = (to) => `#/shipments?${new URLSearchParams({ ...(status ? { status } : {}), offset: String(to) })}`;
  const pager = h(
    'div',
    { class: 'pager' },
    offset > 0 ? h('a', { class: 'button secondary', href: page(Math.max(0, offset - PAGE)) }, t('prev')) : null,
    h(
      'span',
      { class: 'muted' },
      t('pageOf', { from: data.total === 0 ? 0 : offset + 1, to: offset + data.shipments.length, total: data.total }),
    ),
    offset + PAGE < data.total ? h('a', { class: 'button secondary', href: page(offset + PAGE) }, t('next')) : null,
  );
  root.replaceChildren(
    h('h1', {}, t('shipments')),
    card(
      null,
      field('status', select),
      rows.length
        ? table(['tracking', 'status', 'carrier', 'destination', 'total', 'createdAt'], rows)
        : h('p', { class: 'muted' }, t('noShipments')),
      pager,
    ),
  );
}

export async function shipmentView(root, id) {
  const path = `/api/v1/shipments/${encodeURIComponent(id)}`;
  const [shipment, tracking] = await Promise.all([getJson(path), getJson(`${path}/tracking`)]);
  const events = tracking.events.map((e) =>
    h(
      'li',
      { class: e.is_exception ? 'exception' : '' },
      h('strong', {}, pick(e, 'status')),
      e.is_exception ? h('span', { class: 'badge exception' }, ` ${t('exception')}: ${e.exception_type ?? ''}`) : null,
      h('div', { class: 'muted' }, `${formatDate(e.occurred_at)} · ${pick(e, 'location')}`),
    ),
  );
  const label = h(
    'button',
    {
      type: 'button',
      onclick: action(() => download(`/api/v1/labels/${encodeURIComponent(id)}`, `label-${shipment.tracking_number}.pdf`)),
    },
    t('downloadLabel'),
  );
  const cancel = ['CREATED', 'LABEL_GENERATED', 'PICKUP_SCHEDULED'].includes(shipment.status)
    ? h(
        'button',
        {
          type: 'button',
          class: 'danger',
          onclick: action(async () => {
            if (!window.confirm(t('confirmCancel'))) return;
            await sendJson('POST', `${path}/cancel`, {});
            await shipmentView(root, id);
          }),
        },
        t('cancel'),
      )
    : null;
  root.replaceChildren(
    h('p', {}, h('a', { href: '#/shipments' }, `← ${t('back')}`)),
    h('h1', {}, `${t('shipment')} ${shipment.tracking_number}`),
    card(
      null,
      h(
        'div',
        { class: 'grid' },
        h(
          'div',
          {},
          h('div', { class: 'muted' }, t('status')),
          h('span', { class: `badge ${shipment.status}`, 'data-testid': 'status' }, pick(shipment, 'status')),
        ),
        h('div', {}, h('div', { class: 'muted' }, t('carrier')), `${pick(shipment.carrier, 'name')} · ${pick(shipment.service, 'name')}`),
        h('div', {}, h('div', { class: 'muted' }, t('total')), sar(shipment.quoted_total_sar)),
        h('div', {}, h('div', { class: 'muted' }, t('createdAt')), formatDate(shipment.created_at)),
      ),
      h('p', { class: 'row' }, label, cancel),
    ),
    card(
      t('timeline'),
      events.length ? h('ol', { class: 'timeline', 'data-testid': 'timeline' }, events) : h('p', { class: 'muted' }, t('noEvents')),
    ),
    documentsCard(path),
    destinationCard(root, id, path, shipment.destination ?? {}),
  );
}

function documentsCard(path) {
  const type = h(
    'select',
    { name: 'type' },
    ['commercial_invoice', 'packing_list', 'certificate_of_origin', 'other'].map((v) => h('option', { value: v }, v)),
  );
  const file = h('input', { type: 'file', name: 'file', accept: 'application/pdf', required: true });
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const data = new FormData();
        data.append('type', type.value);
        if (file.files[0]) data.append('file', file.files[0]);
        const doc = await sendForm('POST', `${path}/documents`, data);
        showInfo(`${t('uploaded')}: ${doc.filename}`);
        file.value = '';
      }),
    },
    field('docType', type),
    field('file', file),
    h('p', {}, h('button', { type: 'submit' }, t('upload'))),
  );
  return card(t('documents'), form);
}

const ADDRESS_FIELDS = [
  ['name', 'name'],
  ['line1', 'line1'],
  ['city', 'city'],
  ['region', 'region'],
  ['country', 'country'],
  ['postal_code', 'postal'],
  ['additional_number', 'additional'],
  ['short_address', 'short'],
  ['phone', 'phone'],
];

function destinationCard(root, id, path, destination) {
  const inputs = Object.fromEntries(
    ADDRESS_FIELDS.map(([name]) => [name, h('input', { name, value: destination[name] ?? '', autocomplete: 'off' })]),
  );
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const body = {};
        for (const [name, input] of Object.entries(inputs)) if (input.value.trim()) body[name] = input.value.trim();
        await sendJson('PATCH', `${path}/destination`, body);
        await shipmentView(root, id);
        showInfo(t('saved'));
      }),
    },
    h('p', { class: 'hint' }, t('naRule')),
    h(
      'div',
      { class: 'grid' },
      ADDRESS_FIELDS.map(([name, key]) => field(key, inputs[name])),
    ),
    h('p', {}, h('button', { type: 'submit' }, t('update'))),
  );
  return card(t('editDestination'), form);
}
