import { download, getJson } from './api.js';
import { action, card, field, formatDate, h, showInfo, table } from './dom.js';
import { t } from './i18n.js';
import { row } from './keys.js';

const PAGE = 50;

export async function auditView(root, _params, query) {
  const offset = Number(query.get('offset') ?? 0) || 0;
  const filters = new URLSearchParams();
  for (const name of ['from', 'to', 'action']) if (query.get(name)) filters.set(name, query.get(name));
  const listed = new URLSearchParams(filters);
  listed.set('limit', String(PAGE));
  listed.set('offset', String(offset));
  const { events, total } = await getJson(`/api/v1/audit-events?${listed}`);

  const from = h('input', { type: 'date', name: 'from', value: query.get('from') ?? '' });
  const to = h('input', { type: 'date', name: 'to', value: query.get('to') ?? '' });
  const kind = h('input', { name: 'action', placeholder: 'shipment.*', value: query.get('action') ?? '' });
  const form = h(
    'form',
    {
      class: 'row',
      onsubmit: (event) => {
        event.preventDefault();
        const next = new URLSearchParams();
        if (from.value) next.set('from', from.value);
        if (to.value) next.set('to', to.value);
        if (kind.value.trim()) next.set('action', kind.value.trim());
        location.hash = `#/audit?${next}`;
      },
    },
    field('auditFrom', from),
    field('auditTo', to),
    field('auditAction', kind),
    h('button', { type: 'submit' }, t('auditFilter')),
  );
  const verdict = h('p', { 'data-testid': 'audit-verdict', class: 'muted' });
  const tools = h(
    'p',
    { class: 'row' },
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: action(async () => {
          const result = await getJson('/api/v1/audit-events/verify');
          verdict.textContent = result.ok
            ? t('chainIntact', { n: result.events_checked })
            : t('chainBroken', { id: result.first_broken_id });
          verdict.className = result.ok ? 'muted' : 'flash';
        }),
      },
      t('verifyChain'),
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: action(async () => {
          await download(`/api/v1/audit-events/export.csv?${filters}`, 'audit-events.csv');
          showInfo(t('auditDownloaded'));
        }),
      },
      t('exportCsv'),
    ),
  );
  const rows = events.map((e) =>
    row([
      formatDate(e.at),
      `${e.actor.name ?? e.actor.type}${e.actor.id ? ` (${e.actor.type})` : ''}`,
      h('span', { class: 'mono' }, e.action),
      `${e.target.type}${e.target.id ? ` ${e.target.id.slice(0, 8)}` : ''}`,
      e.ip ?? '',
      h('span', { class: 'mono small' }, JSON.stringify(e.changes)),
    ]),
  );
  const pager = h(
    'p',
    { class: 'row' },
    offset > 0 ? h('a', { href: `#/audit?${withOffset(filters, Math.max(0, offset - PAGE))}` }, t('auditPrevious')) : '',
    h('span', { class: 'muted' }, t('auditRange', { from: total === 0 ? 0 : offset + 1, to: offset + events.length, total })),
    offset + PAGE < total ? h('a', { href: `#/audit?${withOffset(filters, offset + PAGE)}` }, t('next')) : '',
  );
  root.replaceChildren(
    h('h1', {}, t('auditTrail')),
    card(null, form, tools, verdict),
    card(null, table(['auditWhen', 'auditActor', 'auditAction', 'auditTarget', 'auditIp', 'auditChanges'], rows), pager),
  );
}

function withOffset(filters, offset) {
  const next = new URLSearchParams(filters);
  next.set('offset', String(offset));
  return next;
}
