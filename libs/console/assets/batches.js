import { download, getJson, sendForm } from './api.js';
import { action, card, field, formatDate, h, table } from './dom.js';
import { t } from './i18n.js';

const RECENT_KEY = 'lgw.console.batches';
const POLL_MS = 1000;

function recent() {
  try {
    return JSON.parse(sessionStorage.getItem(RECENT_KEY) ?? '[]');
  } catch {
    return [];
  }
}

function remember(id) {
  sessionStorage.setItem(RECENT_KEY, JSON.stringify([id, ...recent().filter((x) => x !== id)].slice(0, 20)));
}

export async function batchesView(root) {
  const file = h('input', { type: 'file', name: 'file', accept: '.csv,text/csv', required: true });
  const watch = h('div');
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const data = new FormData();
        if (file.files[0]) data.append('file', file.files[0]);
        const batch = await sendForm('POST', '/api/v1/fulfilment/batches', data);
        remember(batch.id);
        file.value = '';
        await follow(watch, batch.id);
      }),
    },
    h('p', { class: 'hint' }, t('batchHint')),
    field('file', file),
    h('p', {}, h('button', { type: 'submit' }, t('upload'))),
  );
  const list = recent().map((id) => h('li', {}, h('a', { href: `#/batches/${encodeURIComponent(id)}` }, id)));
  root.replaceChildren(
    h('h1', {}, t('batches')),
    card(t('uploadBatch'), form, watch),
    list.length ? card(t('recentBatches'), h('ul', {}, list)) : null,
  );
}

export async function batchView(root, id) {
  const watch = h('div');
  root.replaceChildren(h('p', {}, h('a', { href: '#/batches' }, `← ${t('back')}`)), h('h1', {}, t('batches')), card(null, watch));
  await follow(watch, id);
}

/** Polls the batch while it is PROCESSING and draws its progress, then its outcome. */
async function follow(container, id) {
  const view = location.hash;
  for (;;) {
    const batch = await getJson(`/api/v1/fulfilment/batches/${encodeURIComponent(id)}`);
    container.replaceChildren(renderBatch(batch));
    if (batch.status !== 'PROCESSING' || location.hash !== view) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function renderBatch(batch) {
  const rows = batch.row_count || batch.total_rows || 0;
  const processed = batch.processed_rows ?? 0;
  const path = `/api/v1/fulfilment/batches/${encodeURIComponent(batch.id)}`;
  return h(
    'div',
    { 'data-testid': 'batch' },
    table(
      ['file', 'status', 'rows', 'accepted', 'rejected', 'createdAt'],
      [
        h(
          'tr',
          {},
          h('td', {}, batch.filename),
          h('td', {}, h('span', { class: `badge ${batch.status}`, 'data-testid': 'batch-status' }, batch.status)),
          h('td', {}, String(batch.row_count ?? 0)),
          h('td', {}, String(batch.accepted_count ?? 0)),
          h('td', {}, String(batch.rejected_count ?? 0)),
          h('td', {}, formatDate(batch.created_at)),
        ),
      ],
    ),
    batch.status === 'PROCESSING'
      ? h(
          'div',
          {},
          h('p', { class: 'muted' }, `${t('phase')}: ${batch.phase ?? ''} · ${t('processed')}: ${processed}`),
          h('progress', { class: 'progress', max: rows || 100, value: rows ? processed : undefined }),
        )
      : null,
    batch.status === 'COMPLETED'
      ? h(
          'p',
          {},
          h(
            'button',
            { type: 'button', onclick: action(() => download(`${path}/result.csv`, `result-${batch.id}.csv`)) },
            t('downloadResult'),
          ),
        )
      : null,
    batch.status === 'REJECTED'
      ? h(
          'p',
          {},
          h(
            'button',
            { type: 'button', class: 'secondary', onclick: action(() => download(`${path}/rejections.csv`, `rejections-${batch.id}.csv`)) },
            t('downloadRejections'),
          ),
        )
      : null,
  );
}
