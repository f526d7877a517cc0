import { ApiError, download, getJson, sendForm, sendJson } from './api.js';
import { action, card, field, formatDate, h, sar, show, showInfo, showInfoAfterNavigation, table } from './dom.js';
import { loadStatusLabels, pick, statusName, t } from './i18n.js';
import { pickupForm } from './pickups.js';

const PAGE = 20;
/** The list's filters (GET /shipments and its CSV export), as they appear in the page's address. */
const FILTERS = ['q', 'status', 'carrier', 'created_from', 'created_to', 'destination_city'];
let statusesCache;

/** The statuses come from the API's own document, so the console never keeps a second list. */
async function statuses() {
  if (!statusesCache) {
    const doc = await fetch('/api/v1/openapi.json').then((r) => r.json());
    statusesCache = doc?.components?.schemas?.TrackingResponseDto?.properties?.status?.enum ?? [];
  }
  return statusesCache;
}

function filtersOf(query) {
  return Object.fromEntries(FILTERS.map((name) => [name, (query.get(name) ?? '').trim()]).filter(([, value]) => value));
}

export async function shipmentsView(root, _params, query) {
  const filters = filtersOf(query);
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  const qs = new URLSearchParams({ ...filters, limit: String(PAGE), offset: String(offset) });
  const [data, known, carriers] = await Promise.all([
    getJson(`/api/v1/shipments?${qs}`),
    statuses(),
    getJson('/api/v1/carriers'),
    loadStatusLabels(),
  ]);
  const inputs = {
    q: h('input', { type: 'search', name: 'q', value: filters.q ?? '', placeholder: t('searchHint'), autocomplete: 'off' }),
    status: h(
      'select',
      { name: 'status' },
      h('option', { value: '' }, t('allStatuses')),
      known.map((s) => h('option', { value: s, selected: s === filters.status }, statusName(s))),
    ),
    carrier: h(
      'select',
      { name: 'carrier' },
      h('option', { value: '' }, t('allCarriers')),
      (carriers.carriers ?? []).map((c) => h('option', { value: c.code, selected: c.code === filters.carrier }, pick(c, 'name') || c.code)),
    ),
    created_from: h('input', { type: 'date', name: 'created_from', value: filters.created_from ?? '' }),
    created_to: h('input', { type: 'date', name: 'created_to', value: filters.created_to ?? '' }),
    destination_city: h('input', { name: 'destination_city', value: filters.destination_city ?? '', autocomplete: 'off' }),
  };
  const chosen = () =>
    Object.fromEntries(
      Object.entries(inputs)
        .map(([name, el]) => [name, el.value.trim()])
        .filter(([, v]) => v),
    );
  const search = h(
    'form',
    {
      role: 'search',
      onsubmit: (event) => {
        event.preventDefault();
        const next = new URLSearchParams(chosen()).toString();
        location.hash = `#/shipments${next ? `?${next}` : ''}`;
      },
    },
    h(
      'div',
      { class: 'filters' },
      field('search', inputs.q),
      field('status', inputs.status),
      field('carrier', inputs.carrier),
      field('createdFrom', inputs.created_from),
      field('createdTo', inputs.created_to),
      field('destinationCity', inputs.destination_city),
    ),
    h(
      'p',
      { class: 'row' },
      h('button', { type: 'submit' }, t('apply')),
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          'data-testid': 'export',
          onclick: action(() => download(`/api/v1/shipments/export.csv?${new URLSearchParams(filters)}`, 'shipments.csv')),
        },
        t('exportCsv'),
      ),
    ),
  );
  inputs.status.addEventListener('change', () => search.requestSubmit());
  const rows = data.shipments.map((s) =>
    h(
      'tr',
      {},
      // A cancelled shipment has no label to print, pick up or cancel: nothing to select.
      h(
        'td',
        {},
        s.status === 'CANCELLED' ? null : h('input', { type: 'checkbox', name: 'pick', value: s.id, 'aria-label': s.tracking_number }),
      ),
      h('td', {}, h('a', { href: `#/shipments/${encodeURIComponent(s.id)}` }, s.tracking_number)),
      h('td', {}, h('span', { class: `badge ${s.status.startsWith('EXCEPTION') ? 'exception' : ''} ${s.status}` }, pick(s, 'status'))),
      h('td', {}, pick(s.carrier, 'name')),
      h('td', {}, `${s.destination?.city ?? ''} ${s.destination?.country ?? ''}`),
      h('td', {}, sar(s.quoted_total_sar)),
      h('td', {}, formatDate(s.created_at)),
    ),
  );
  const page = (to) => `#/shipments?${new URLSearchParams({ ...filters, offset: String(to) })}`;
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
  show(
    root,
    h('h1', {}, t('shipments')),
    card(null, search),
    card(
      null,
      rows.length
        ? table(['pick', 'tracking', 'status', 'carrier', 'destination', 'total', 'createdAt'], rows)
        : h('p', { class: 'muted' }, t('noShipments')),
      pager,
    ),
    printingCard(root, data.shipments, carriers.carriers ?? []),
  );
}

/**
 * One PDF of the selected labels. A shipment cancelled since the list was shown answers 410
 * naming it: it is left out and the others are printed, and the page says which were skipped.
 */
async function printLabels(ids, shipments) {
  const skipped = [];
  let left = ids;
  while (left.length > 0) {
    try {
      await download('/api/v1/labels/merge', 'labels.pdf', { method: 'POST', json: { shipment_ids: left, format: 'pdf_a6' } });
      break;
    } catch (error) {
      const voided = error instanceof ApiError && error.status === 410 ? error.envelope?.details?.shipment_id : undefined;
      if (!voided || !left.includes(voided)) throw error;
      skipped.push(voided);
      left = left.filter((id) => id !== voided);
    }
  }
  if (skipped.length === 0) return;
  const numbers = skipped.map((id) => shipments.find((s) => s.id === id)?.tracking_number ?? id);
  showInfo(t(left.length ? 'printSkipped' : 'printNothing', { numbers: numbers.join(', ') }));
}

/** Prints the selected shipments' labels as one PDF, and creates a carrier's manifest. */
function printingCard(root, shipments, carriers) {
  const print = h(
    'button',
    {
      type: 'button',
      onclick: action(async () => {
        const ids = [...root.querySelectorAll('input[name=pick]:checked')].map((box) => box.value);
        if (ids.length === 0) return showInfo(t('selectSome'));
        await printLabels(ids, shipments);
      }),
    },
    t('printSelected'),
  );
  const cancel = h(
    'button',
    {
      type: 'button',
      class: 'danger',
      'data-testid': 'cancel-selected',
      onclick: action(async () => {
        const ids = [...root.querySelectorAll('input[name=pick]:checked')].map((box) => box.value);
        if (ids.length === 0) return showInfo(t('selectSome'));
        if (!window.confirm(t('confirmBulkCancel', { count: ids.length }))) return;
        let done = 0;
        // One at a time: each cancel is its own carrier call, and the team's rate limit is shared.
        for (const id of ids) {
          try {
            await sendJson('POST', `/api/v1/shipments/${encodeURIComponent(id)}/cancel`, {});
            done++;
          } catch {
            // Already picked up, or cancelled before: counted below, the others go on.
          }
        }
        showInfoAfterNavigation(t('bulkCancelled', { done, refused: ids.length - done }));
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      }),
    },
    t('cancelSelected'),
  );
  const listed = [...new Map(shipments.map((s) => [s.carrier.code, s.carrier])).values()];
  const carrier = h(
    'select',
    { name: 'carrier' },
    listed.map((c) => h('option', { value: c.code }, pick(c, 'name'))),
  );
  const result = h('p', { class: 'row' });
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const manifest = await sendJson('POST', '/api/v1/manifests', { carrier: carrier.value });
        showInfo(t('manifestCreated', { count: manifest.shipment_count }));
        const path = `/api/v1/manifests/${encodeURIComponent(manifest.id)}`;
        result.replaceChildren(
          h(
            'button',
            { type: 'button', class: 'secondary', onclick: action(() => download(`${path}.pdf`, `manifest-${manifest.date}.pdf`)) },
            t('manifestPdf'),
          ),
          h(
            'button',
            { type: 'button', class: 'secondary', onclick: action(() => download(`${path}.csv`, `manifest-${manifest.date}.csv`)) },
            t('manifestCsv'),
          ),
        );
      }),
    },
    field('carrier', carrier),
    h('button', { type: 'submit' }, t('createManifest')),
  );
  const selected = () => {
    const ids = new Set([...root.querySelectorAll('input[name=pick]:checked')].map((box) => box.value));
    return shipments.filter((s) => ids.has(s.id));
  };
  return card(null, h('p', { class: 'row' }, print, cancel), form, result, pickupForm(root, selected, carriers));
}

export async function shipmentView(root, id) {
  const path = `/api/v1/shipments/${encodeURIComponent(id)}`;
  const [shipment, tracking] = await Promise.all([getJson(path), getJson(`${path}/tracking`), loadStatusLabels()]);
  const events = tracking.events.map((e) =>
    h(
      'li',
      { class: e.is_exception ? 'exception' : '' },
      h('strong', {}, pick(e, 'status')),
      e.is_exception
        ? h(
            'span',
            { class: 'badge exception' },
            ` ${t('exception')}: ${e.exception_type ? statusName(`EXCEPTION_${e.exception_type}`) : ''}`,
          )
        : null,
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
  show(
    root,
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
        shipment.reference
          ? h(
              'div',
              {},
              h('div', { class: 'muted' }, t('reference')),
              h('span', { 'data-testid': 'reference', dir: 'auto' }, shipment.reference),
            )
          : null,
        shipment.cod
          ? h(
              'div',
              {},
              h('div', { class: 'muted' }, t('cod')),
              h('span', { 'data-testid': 'cod' }, `${sar(shipment.cod.amount_sar)} · ${t(`cod_${shipment.cod.status}`)}`),
            )
          : null,
      ),
      shipment.return_reason
        ? h('p', { 'data-testid': 'return-reason' }, `${t('returnReasonShown')}: ${pick(shipment.return_reason, 'message')}`)
        : null,
      h('p', { class: 'row' }, label, cancel),
    ),
    shipment.status === 'DELIVERED' && !shipment.is_return ? returnCard(path) : null,
    card(
      t('timeline'),
      events.length ? h('ol', { class: 'timeline', 'data-testid': 'timeline' }, events) : h('p', { class: 'muted' }, t('noEvents')),
    ),
    documentsCard(path),
    destinationCard(root, id, path, shipment.destination ?? {}),
  );
}

/** A customer return of a delivered shipment: a new shipment with its own RETURN label. */
function returnCard(path) {
  const reason = h('input', { name: 'return_reason', maxlength: '200', autocomplete: 'off' });
  const form = h(
    'form',
    {
      'data-testid': 'return-form',
      onsubmit: action(async () => {
        const body = reason.value.trim() ? { reason: reason.value.trim() } : {};
        const created = await sendJson('POST', `${path}/return`, body);
        showInfoAfterNavigation(t('returnCreated'));
        location.hash = `#/shipments/${encodeURIComponent(created.id)}`;
      }),
    },
    field('returnReason', reason),
    h('p', {}, h('button', { type: 'submit' }, t('createReturn'))),
  );
  return card(t('createReturn'), form);
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
