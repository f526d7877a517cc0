import { getJson, sendJson } from './api.js';
import { action, card, field, formatDate, h, show, showInfo, showInfoAfterNavigation, table } from './dom.js';
import { t } from './i18n.js';

const riyadhDay = (at) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(at);

/**
 * The first day from tomorrow (Asia/Riyadh) on which the carrier collects, as GET /carriers
 * declares its days (0 = Sunday … 6 = Saturday): never a Friday for a carrier that rests then.
 * Tomorrow when the carrier is not known.
 */
function nextCollectionDay(carrier) {
  const days = carrier?.pickups?.collection_days;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const date = riyadhDay(new Date(Date.now() + ahead * 24 * 3600_000));
    if (!days || days.includes(new Date(`${date}T00:00:00Z`).getUTCDay())) return date;
  }
  return riyadhDay(new Date(Date.now() + 24 * 3600_000));
}

/**
 * Books a courier collection for the selected shipments (one carrier at a time, as the carrier
 * collects its own parcels). The carrier's days and hours are checked by the API, which answers
 * with the field and a reason in both languages.
 */
export function pickupForm(root, selected, carriers) {
  const collecting = carriers.filter((c) => c.pickups);
  const carrierOf = (code) => carriers.find((c) => c.code === code);
  // Before a selection: the one carrier that collects, if only one does.
  const date = h('input', {
    type: 'date',
    name: 'pickup_date',
    value: nextCollectionDay(collecting.length === 1 ? collecting[0] : undefined),
    required: true,
  });
  let edited = false;
  date.addEventListener('input', () => (edited = true));
  // The date follows the selected shipments' carrier until the merchant picks one.
  const listening = new AbortController();
  root.addEventListener(
    'change',
    (event) => {
      // The page was left: this form is gone, and so is its listener.
      if (!date.isConnected) return listening.abort();
      if (edited || event.target?.name !== 'pick') return;
      const codes = [...new Set(selected().map((s) => s.carrier.code))];
      if (codes.length === 1) date.value = nextCollectionDay(carrierOf(codes[0]));
    },
    { signal: listening.signal },
  );
  const from = h('input', { type: 'time', name: 'window_from', value: '10:00', required: true });
  const to = h('input', { type: 'time', name: 'window_to', value: '13:00', required: true });
  return h(
    'form',
    {
      'data-testid': 'pickup-form',
      onsubmit: action(async () => {
        const shipments = selected();
        if (shipments.length === 0) return showInfo(t('selectSome'));
        const carriers = [...new Set(shipments.map((s) => s.carrier.code))];
        if (carriers.length > 1) return showInfo(t('oneCarrierPerPickup'));
        const pickup = await sendJson(
          'POST',
          '/api/v1/pickups',
          {
            carrier: carriers[0],
            pickup_date: date.value,
            window: { from: from.value, to: to.value },
            shipment_ids: shipments.map((s) => s.id),
          },
          { 'Idempotency-Key': `console-pickup-${crypto.randomUUID()}` },
        );
        showInfoAfterNavigation(t('pickupScheduled', { number: pickup.confirmation_number }));
        location.hash = '#/pickups';
      }),
    },
    h('div', { class: 'filters' }, field('pickupDate', date), field('windowFrom', from), field('windowTo', to)),
    h('p', {}, h('button', { type: 'submit' }, t('schedulePickup'))),
  );
}

/** The team's collections, newest first, each cancellable while the carrier allows it. */
export async function pickupsView(root) {
  const { pickups } = await getJson('/api/v1/pickups?limit=50');
  const rows = pickups.map((p) =>
    h(
      'tr',
      {},
      h('td', { class: 'mono' }, p.confirmation_number),
      h('td', {}, p.carrier),
      h('td', {}, `${p.pickup_date} ${p.window.from}–${p.window.to}`),
      h('td', {}, String(p.shipment_ids.length)),
      h('td', {}, h('span', { class: `badge ${p.status}` }, t(`pickup_${p.status}`))),
      h('td', {}, formatDate(p.created_at)),
      h(
        'td',
        {},
        p.status === 'SCHEDULED'
          ? h(
              'button',
              {
                type: 'button',
                class: 'danger',
                'data-pickup': p.id,
                onclick: action(async () => {
                  if (!window.confirm(t('confirmCancelPickup'))) return;
                  await sendJson('POST', `/api/v1/pickups/${encodeURIComponent(p.id)}/cancel`);
                  await pickupsView(root);
                  showInfo(t('pickupCancelled'));
                }),
              },
              t('cancel'),
            )
          : null,
      ),
    ),
  );
  show(
    root,
    h('h1', {}, t('pickups')),
    card(
      null,
      h('p', { class: 'hint' }, t('pickupsHint')),
      rows.length
        ? table(['confirmation', 'carrier', 'pickupWindow', 'shipmentCount', 'status', 'createdAt', 'actions'], rows)
        : h('p', { class: 'muted' }, t('noPickups')),
    ),
  );
}
