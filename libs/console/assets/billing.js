import { download, getJson, sendJson } from './api.js';
import { action, card, h, sar, table } from './dom.js';
import { pick, t } from './i18n.js';

export async function invoicesView(root, id) {
  const [invoice, list] = await Promise.all([
    getJson(id ? `/api/v1/invoices/${encodeURIComponent(id)}` : '/api/v1/invoices/current'),
    getJson('/api/v1/invoices'),
  ]);
  const lines = invoice.line_items.map((line) =>
    h(
      'tr',
      {},
      h('td', {}, line.tracking_number),
      h('td', {}, pick(line, 'description') || line.description),
      h('td', {}, line.cause),
      h('td', {}, sar(line.amount_sar)),
    ),
  );
  const totals = h(
    'table',
    { 'data-testid': 'invoice-totals' },
    h(
      'tbody',
      {},
      [
        ['subtotal', invoice.subtotal_sar],
        ['surcharges', invoice.surcharges_sar],
        ['vat', invoice.vat_sar],
        ['grandTotal', invoice.total_sar],
      ].map(([key, value]) => h('tr', {}, h('th', { scope: 'row' }, t(key)), h('td', {}, sar(value)))),
    ),
  );
  const pdf = h(
    'button',
    {
      type: 'button',
      onclick: action(() => download(`/api/v1/invoices/${encodeURIComponent(invoice.id)}.pdf`, `invoice-${invoice.period_start}.pdf`)),
    },
    t('downloadPdf'),
  );
  const periods = (list.invoices ?? []).map((inv) =>
    h(
      'tr',
      {},
      h(
        'td',
        {},
        inv.status && inv.status !== 'OPEN'
          ? issuedDocument(inv)
          : h('a', { href: `#/invoices/${encodeURIComponent(inv.id)}` }, `${inv.period_start} → ${inv.period_end}`),
      ),
      h('td', {}, sar(inv.total_sar)),
    ),
  );
  root.replaceChildren(
    h('h1', {}, id ? t('invoices') : t('currentInvoice')),
    card(
      `${t('period')}: ${invoice.period_start} → ${invoice.period_end}`,
      lines.length ? table(['tracking', 'description', 'cause', 'amount'], lines) : h('p', { class: 'muted' }, t('noLines')),
      totals,
      h('p', {}, pdf),
    ),
    card(t('pastInvoices'), table(['period', 'grandTotal'], periods)),
  );
}

/** An issued e-invoice or credit note (ZATCA phase 2): number, kind and status, its PDF and signed XML. */
function issuedDocument(inv) {
  const file = (ext) =>
    h(
      'button',
      { type: 'button', onclick: action(() => download(`/api/v1/invoices/${encodeURIComponent(inv.id)}.${ext}`, `${inv.number}.${ext}`)) },
      ext.toUpperCase(),
    );
  return h('span', { 'data-testid': 'einvoice' }, `${inv.number} · ${inv.type} · ${inv.status} `, file('pdf'), ' ', file('xml'));
}

export async function readinessView(root) {
  const result = h('div');
  const run = h(
    'button',
    {
      type: 'button',
      onclick: action(async () => {
        const report = await sendJson('POST', '/api/v1/data-readiness');
        result.replaceChildren(renderReport(report));
      }),
    },
    t('runReadiness'),
  );
  root.replaceChildren(h('h1', {}, t('readiness')), card(null, h('p', {}, run), result));
}

function renderReport(report) {
  const s = report.summary ?? {};
  const summary = table(
    ['score', 'skus', 'missingHs', 'missingWeight', 'missingDims', 'missingOrigin', 'suspicious'],
    [
      h(
        'tr',
        {},
        [
          report.score,
          report.total_skus,
          s.missing_hs_code,
          s.missing_weight,
          s.missing_dimensions,
          s.missing_origin_country,
          s.suspicious_values,
        ].map((v) => h('td', {}, String(v ?? 0))),
      ),
    ],
  );
  const issues = report.issues.map((issue) =>
    h(
      'tr',
      {},
      h('td', { class: 'mono' }, issue.sku),
      h('td', {}, issue.field),
      h('td', {}, h('span', { class: `badge ${issue.severity === 'error' ? 'failed' : ''}` }, issue.severity)),
      h('td', {}, pick(issue, 'message')),
    ),
  );
  return h(
    'div',
    { 'data-testid': 'readiness-report' },
    h('p', { class: 'score' }, `${t('score')}: `, h('strong', {}, `${report.score} / 100`)),
    summary,
    h('h2', {}, t('issues')),
    issues.length ? table(['sku', 'field', 'severity', 'message'], issues) : h('p', {}, t('noIssues')),
  );
}
