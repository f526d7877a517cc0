import { download, getJson, sendForm } from './api.js';
import { action, card, field, formatDate, h, show, table } from './dom.js';
import { t } from './i18n.js';

const POLL_MS = 1000;
const PAGE = 20;

export async function batchesView(root, _params, query) {
  const offset = Math.max(0, Number(query?.get('offset') ?? 0) || 0);
  const file = h('input', { type: 'file', name: 'file', accept: '.csv,text/csv', required: true });
  const watch = h('div');
  const listed = h('div');
  const refresh = async () => {
    const page = await getJson(`/api/v1/fulfilment/batches?${new URLSearchParams({ limit: String(PAGE), offset: String(offset) })}`);
    listed.replaceChildren(batchList(page, offset));
  };
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const data = new FormData();
        if (file.files[0]) data.append('file', file.files[0]);
        const batch = await sendForm('POST', '/api/v1/fulfilment/batches', data);
        file.value = '';
        await refresh();
        await follow(watch, batch.id);
        await refresh();
      }),
    },
    h('p', { class: 'hint' }, t('batchHint')),
    field('csvFile', file),
    h('p', {}, h('button', { type: 'submit' }, t('upload'))),
  );
  await refresh();
  show(root, h('h1', {}, t('batches')), card(t('uploadBatch'), form, watch), card(t('yourBatches'), listed));
}

/** The team's batches, newest first (GET /fulfilment/batches), paged. */
function batchList(page, offset) {
  if (page.batches.length === 0) return h('p', { class: 'muted' }, t('noBatches'));
  const at = (to) => `#/batches?offset=${to}`;
  return h(
    'div',
    { 'data-testid': 'batch-list' },
    table(
      ['file', 'status', 'rows', 'accepted', 'rejected', 'createdAt'],
      page.batches.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, h('a', { href: `#/batches/${encodeURIComponent(b.id)}` }, b.filename)),
          h('td', {}, h('span', { class: `badge ${b.status}` }, t(`batchStatus_${b.status}`))),
          h('td', {}, String(b.row_count)),
          h('td', {}, String(b.accepted_count)),
          h('td', {}, String(b.rejected_count)),
          h('td', {}, formatDate(b.created_at)),
        ),
      ),
    ),
    h(
      'div',
      { class: 'pager' },
      offset > 0 ? h('a', { class: 'button secondary', href: at(Math.max(0, offset - PAGE)) }, t('prev')) : null,
      h('span', { class: 'muted' }, t('pageOf', { from: offset + 1, to: offset + page.batches.length, total: page.total })),
      offset + PAGE < page.total ? h('a', { class: 'button secondary', href: at(offset + PAGE) }, t('next')) : null,
    ),
  );
}

export async function batchView(root, id) {
  const watch = h('div');
  show(root, h('p', {}, h('a', { href: '#/batches' }, `← ${t('back')}`)), h('h1', {}, t('batches')), card(null, watch));
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

/**
 * Prints the batch's labels (the first 1,000, the API's page). Labels not rendered yet take a few
 * seconds per 20, so while the file comes the page says how many are ready.
 */
function batchLabelsButton(path, id) {
  const status = h('span', { class: 'muted', 'data-testid': 'labels-progress', 'aria-live': 'polite' });
  const showProgress = async () => {
    const p = await getJson(`${path}/labels/progress`).catch(() => null);
    if (p) status.textContent = t('labelsReady', { ready: p.ready, printable: p.printable });
  };
  const button = h(
    'button',
    {
      type: 'button',
      class: 'secondary',
      onclick: action(async () => {
        const timer = setInterval(showProgress, POLL_MS);
        try {
          await showProgress();
          await download(`${path}/labels`, `labels-${id}.pdf`);
        } finally {
          clearInterval(timer);
          await showProgress();
        }
      }),
    },
    t('printBatchLabels'),
  );
  void showProgress();
  return h('span', {}, button, ' ', status);
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
          h(
            'td',
            {},
            h(
              'span',
              { class: `badge ${batch.status}`, 'data-testid': 'batch-status', 'data-status': batch.status },
              t(`batchStatus_${batch.status}`),
            ),
          ),
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
          batchLabelsButton(path, batch.id),
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
