import { getJson } from './api.js';
import { card, formatDate, h, sar, table } from './dom.js';
import { t } from './i18n.js';

/** Cash on delivery: where the team's cash stands, the carriers' payouts, and one payout's lines. */
export async function codView(root, id) {
  if (id) return remittanceView(root, id);
  const [summary, list] = await Promise.all([getJson('/api/v1/cod/summary'), getJson('/api/v1/cod/remittances?limit=50')]);
  const figures = h(
    'table',
    { 'data-testid': 'cod-summary' },
    h(
      'tbody',
      {},
      [
        ['codPending', sar(summary.pending_sar)],
        ['codCollected', sar(summary.collected_sar)],
        ['codRemitted', sar(summary.remitted_sar)],
        ['codOverdue', String(summary.overdue_count)],
        ['codDiscrepancies', String(summary.discrepancy_count)],
      ].map(([key, value]) => h('tr', {}, h('th', { scope: 'row' }, t(key)), h('td', {}, value))),
    ),
  );
  const rows = (list.remittances ?? []).map((r) =>
    h(
      'tr',
      {},
      h('td', {}, h('a', { href: `#/cod/${encodeURIComponent(r.id)}` }, r.carrier_reference)),
      h('td', {}, r.carrier),
      h('td', {}, formatDate(r.remitted_at)),
      h('td', {}, String(r.item_count)),
      h('td', {}, sar(r.amount_sar)),
      h('td', {}, r.status),
    ),
  );
  root.replaceChildren(
    h('h1', {}, t('cod')),
    card(t('codSummary'), figures),
    card(
      t('codRemittances'),
      rows.length
        ? table(['codReference', 'carrier', 'codRemittedAt', 'codItems', 'amount', 'status'], rows)
        : h('p', { class: 'muted' }, t('codNoRemittances')),
    ),
  );
}

async function remittanceView(root, id) {
  const r = await getJson(`/api/v1/cod/remittances/${encodeURIComponent(id)}`);
  const rows = r.items.map((i) =>
    h(
      'tr',
      {},
      h('td', {}, h('a', { href: `#/shipments/${encodeURIComponent(i.shipment_id)}` }, i.tracking_number)),
      h('td', {}, sar(i.expected_sar)),
      h('td', {}, sar(i.remitted_sar)),
      h('td', {}, sar(i.difference_sar)),
    ),
  );
  root.replaceChildren(
    h('p', {}, h('a', { href: '#/cod' }, `← ${t('back')}`)),
    h('h1', {}, `${t('codRemittance')} ${r.carrier_reference}`),
    card(
      `${r.carrier} · ${formatDate(r.remitted_at)} · ${sar(r.amount_sar)} · ${r.status}`,
      h('div', { 'data-testid': 'cod-remittance-items' }, table(['tracking', 'codExpected', 'codRemittedAmount', 'codDifference'], rows)),
    ),
  );
}
