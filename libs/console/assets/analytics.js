import { getJson } from './api.js';
import { barChart } from './charts.js';
import { action, card, field, h, show, table } from './dom.js';
import { pick, t } from './i18n.js';

const percent = (rate) => (rate === null || rate === undefined ? '—' : `${Math.round(rate * 1000) / 10}%`);
const CHARTED_LANES = 12;
const days = (n) => (n === null || n === undefined ? '—' : String(n));

/** A Riyadh calendar day, `back` days before today. */
function riyadhDay(back = 0) {
  return new Date(Date.now() + 3 * 3_600_000 - back * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Carrier performance on the team's own lanes (GET /analytics/carriers, docs/adr/0084): one row per
 * carrier, service and lane over the chosen days. Two charts (Chart.js) compare the busiest lanes'
 * rates and transit days; the table below holds every row, with a <meter> per on-time rate.
 */
export async function analyticsView(root, query = new URLSearchParams()) {
  const from = query.get('from') || riyadhDay(29);
  const to = query.get('to') || riyadhDay(0);
  const [{ rows }, { carriers }] = await Promise.all([
    getJson(`/api/v1/analytics/carriers?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
    getJson('/api/v1/carriers'),
  ]);
  const carrierName = (code) =>
    pick(
      carriers.find((c) => c.code === code),
      'name',
    ) || code;
  const serviceName = (code, service) =>
    pick(
      carriers.find((c) => c.code === code)?.service_levels?.find((s) => s.code === service),
      'name',
    ) || service;

  const fromInput = h('input', { type: 'date', name: 'from', value: from, required: true });
  const toInput = h('input', { type: 'date', name: 'to', value: to, required: true });
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        location.hash = `#/analytics?from=${fromInput.value}&to=${toInput.value}`;
      }),
    },
    h('div', { class: 'grid' }, field('fromDay', fromInput), field('toDay', toInput)),
    h('p', {}, h('button', { type: 'submit' }, t('showPerformance'))),
  );

  const body = rows.map((r) =>
    h(
      'tr',
      { 'data-lane': `${r.carrier}/${r.service}/${r.origin_city}/${r.destination_city}` },
      h('td', {}, carrierName(r.carrier)),
      h('td', {}, serviceName(r.carrier, r.service)),
      h('td', {}, `${r.origin_city} → ${r.destination_city}`),
      h('td', { class: 'mono' }, `${r.delivered} / ${r.shipments}`),
      h(
        'td',
        { class: 'mono' },
        r.on_time_rate === null ? '—' : h('meter', { min: 0, max: 1, low: 0.8, high: 0.9, optimum: 1, value: r.on_time_rate }),
        ' ',
        percent(r.on_time_rate),
      ),
      h('td', { class: 'mono' }, percent(r.first_attempt_rate)),
      h('td', { class: 'mono' }, percent(r.return_rate)),
      h('td', { class: 'mono' }, `${days(r.median_transit_days)} / ${days(r.p90_transit_days)}`),
    ),
  );

  // The busiest lanes, so that the bars stay readable; the table lists them all.
  const charted = [...rows].sort((a, b) => b.shipments - a.shipments).slice(0, CHARTED_LANES);
  const laneLabel = (r) => `${carrierName(r.carrier)} · ${serviceName(r.carrier, r.service)}: ${r.origin_city} → ${r.destination_city}`;
  const pct = (rate) => (rate === null || rate === undefined ? null : Math.round(rate * 1000) / 10);
  const charts = charted.length
    ? card(
        null,
        barChart({
          name: 'rates',
          title: t('laneRatesChart'),
          labels: charted.map(laneLabel),
          max: 100,
          unit: '%',
          series: [
            { label: t('onTimeRate'), data: charted.map((r) => pct(r.on_time_rate)) },
            { label: t('firstAttemptRate'), data: charted.map((r) => pct(r.first_attempt_rate)) },
            { label: t('returnRate'), data: charted.map((r) => pct(r.return_rate)) },
          ],
        }),
        barChart({
          name: 'transit',
          title: t('laneTransitChart'),
          labels: charted.map(laneLabel),
          series: [
            { label: t('transitMedian'), data: charted.map((r) => r.median_transit_days) },
            { label: t('transitP90'), data: charted.map((r) => r.p90_transit_days) },
          ],
        }),
      )
    : null;

  show(
    root,
    h('h1', {}, t('carrierPerformance')),
    card(null, h('p', { class: 'hint' }, t('carrierPerformanceHint')), form),
    charts,
    card(
      null,
      body.length
        ? table(
            ['carrier', 'service', 'lane', 'deliveredOfShipments', 'onTimeRate', 'firstAttemptRate', 'returnRate', 'transitMedianP90'],
            body,
          )
        : h('p', { class: 'muted' }, t('noPerformance')),
    ),
  );
}
