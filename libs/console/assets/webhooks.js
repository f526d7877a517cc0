import { ApiError, getJson, sendJson } from './api.js';
import { action, card, field, formatDate, h, show, showInfo, table } from './dom.js';
import { t } from './i18n.js';

const KINDS = ['shipment.created', 'shipment.status_updated', 'shipment.delivered', 'shipment.exception'];

async function currentConfig() {
  try {
    return await getJson('/api/v1/webhooks/config');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function webhooksView(root, _params, query) {
  const state = query.get('state') ?? '';
  const config = await currentConfig();
  const secretBox = h('div');
  const url = h('input', { type: 'url', name: 'url', required: true, placeholder: 'https://', value: config?.url ?? '' });
  const boxes = KINDS.map((kind) =>
    h('input', { type: 'checkbox', name: 'events', value: kind, checked: !config || config.events?.includes(kind) }),
  );
  const showSecret = (secret) =>
    secretBox.replaceChildren(
      h('div', { class: 'secret' }, h('p', {}, t('secretOnce')), h('p', { class: 'mono', 'data-testid': 'webhook-secret' }, secret)),
    );
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const events = boxes.filter((b) => b.checked).map((b) => b.value);
        const res = await sendJson('POST', '/api/v1/webhooks/config', { url: url.value.trim(), events });
        showSecret(res.secret);
        showInfo(t('saved'));
      }),
    },
    field('endpoint', url),
    h(
      'fieldset',
      {},
      h('legend', {}, t('kinds')),
      boxes.map((box) => h('label', {}, box, ` ${box.value}`)),
    ),
    h('p', {}, h('button', { type: 'submit' }, t('saveEndpoint'))),
  );
  const testResult = h('p', { 'data-testid': 'test-result', class: 'muted' });
  const tools = config
    ? h(
        'p',
        { class: 'row' },
        h(
          'span',
          { class: `badge ${config.enabled === false ? 'failed' : 'delivered'}` },
          config.enabled === false ? t('disabled') : t('enabled'),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: action(async () => {
              const res = await sendJson('POST', '/api/v1/webhooks/test');
              testResult.textContent = t('testResult', { code: res.status_code ?? res.receiver_status ?? '?' });
            }),
          },
          t('sendTest'),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: action(async () => {
              if (!window.confirm(t('confirmRotate'))) return;
              const res = await sendJson('POST', '/api/v1/webhooks/config/rotate-secret', {});
              showSecret(res.secret);
            }),
          },
          t('rotate'),
        ),
      )
    : h('p', { class: 'muted' }, t('noEndpoint'));

  const log = h('div');
  if (config) {
    const qs = new URLSearchParams({ limit: '50' });
    if (state) qs.set('state', state);
    const { deliveries } = await getJson(`/api/v1/webhooks/deliveries?${qs}`);
    const filter = h(
      'select',
      {},
      h('option', { value: '' }, t('allStates')),
      ['pending', 'delivered', 'failed'].map((s) => h('option', { value: s, selected: s === state }, s)),
    );
    filter.addEventListener('change', () => (location.hash = `#/webhooks${filter.value ? `?state=${filter.value}` : ''}`));
    const rows = deliveries.map((d) =>
      h(
        'tr',
        {},
        h('td', { class: 'mono' }, d.message_id ?? d.id),
        h('td', {}, d.type),
        h('td', {}, String(d.attempts ?? 0)),
        h('td', {}, d.last_status_code ?? ''),
        h('td', {}, d.last_error ?? ''),
        h('td', {}, formatDate(d.next_attempt_at)),
        h('td', {}, h('span', { class: `badge ${d.state}` }, d.state)),
        h(
          'td',
          {},
          d.state === 'failed'
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'secondary',
                  onclick: action(async () => {
                    await sendJson('POST', `/api/v1/webhooks/deliveries/${encodeURIComponent(d.id)}/retry`, {});
                    await webhooksView(root, _params, query);
                  }),
                },
                t('retry'),
              )
            : null,
        ),
      ),
    );
    log.append(
      field('state', filter),
      rows.length
        ? table(['message', 'type', 'attempts', 'lastCode', 'lastError', 'nextAttempt', 'state', ''], rows)
        : h('p', { class: 'muted' }, t('noDeliveries')),
    );
  }
  show(root, h('h1', {}, t('webhooks')), card(null, form, secretBox, tools, testResult), config ? card(t('deliveries'), log) : null);
}
