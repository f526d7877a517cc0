import { credential, getJson, sendJson } from './api.js';
import { action, card, field, formatDate, h, showInfo, table } from './dom.js';
import { t } from './i18n.js';

export const RESOURCES = ['shipments', 'labels', 'pickups', 'webhooks', 'billing', 'catalogue', 'batches', 'connections', 'keys', 'audit'];

let known = null;

/**
 * The signed-in key's own scopes (GET /api-keys/current, which any key may call); null when they
 * cannot be read (then every page is offered and the API's 403 says what is missing). Only what
 * the console shows depends on it: the API enforces the scopes.
 */
export async function ownScopes() {
  const key = credential();
  if (known?.key === key) return known.scopes;
  let scopes = null;
  try {
    scopes = (await getJson('/api/v1/api-keys/current')).scopes ?? null;
  } catch {
    scopes = null;
  }
  known = { key, scopes };
  return scopes;
}

export function forgetOwnScopes() {
  known = null;
}

/** Whether scopes (null: unknown) allow a page needing `scope`. */
export function allows(scopes, scope) {
  if (!scope || !scopes || scopes.includes('*')) return true;
  const [resource, level] = scope.split(':');
  return scopes.includes(scope) || (level === 'read' && scopes.includes(`${resource}:write`));
}

export async function keysView(root) {
  const { keys } = await getJson('/api/v1/api-keys');
  const secretBox = h('div');
  const name = h('input', { name: 'name', maxlength: 100, required: true });
  const expires = h('input', { type: 'datetime-local', name: 'expires_at' });
  const ips = h('input', { name: 'allowed_ips', placeholder: '203.0.113.0/24, 2001:db8::/32' });
  const full = h('input', { type: 'checkbox', name: 'full', value: '*' });
  const levels = RESOURCES.map((resource) => {
    const select = h(
      'select',
      { name: `scope-${resource}`, 'data-resource': resource },
      h('option', { value: '' }, t('scopeNone')),
      h('option', { value: 'read' }, t('scopeRead')),
      h('option', { value: 'write' }, t('scopeWrite')),
    );
    return h('label', { class: 'scope' }, `${t(`resource_${resource}`)} `, select);
  });
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const scopes = full.checked
          ? ['*']
          : levels
              .map((l) => l.querySelector('select'))
              .filter((s) => s.value)
              .map((s) => `${s.dataset.resource}:${s.value}`);
        const body = {
          name: name.value.trim(),
          scopes,
          allowed_ips: ips.value.split(/[\s,]+/).filter(Boolean),
          ...(expires.value ? { expires_at: new Date(expires.value).toISOString() } : {}),
        };
        const created = await sendJson('POST', '/api/v1/api-keys', body);
        await keysView(root);
        secretBox.replaceChildren(
          h(
            'div',
            { class: 'secret' },
            h('p', {}, t('keySecretOnce')),
            h('p', { class: 'mono', 'data-testid': 'new-key' }, created.api_key),
          ),
        );
        root.querySelector('[data-slot=secret]')?.replaceWith(secretBox);
        showInfo(t('keyCreated'));
      }),
    },
    field('keyName', name),
    h('fieldset', {}, h('legend', {}, t('keyScopes')), h('label', {}, full, ` ${t('fullAccess')}`), h('div', { class: 'scopes' }, levels)),
    field('allowedIps', ips),
    field('expiresAt', expires),
    h('p', {}, h('button', { type: 'submit' }, t('createKey'))),
  );
  const rows = keys.map((k) =>
    row([
      k.name ?? '—',
      k.mode,
      h('span', { class: 'mono' }, k.last4 ? `…${k.last4}` : '—'),
      k.scopes.join(' '),
      k.allowed_ips.join(' ') || t('anywhere'),
      k.expires_at ? formatDate(k.expires_at) : t('keyNeverExpires'),
      k.last_used_at ? formatDate(k.last_used_at) : '—',
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: action(async () => {
            if (!window.confirm(t('confirmRevokeKey'))) return;
            await sendJson('DELETE', `/api/v1/api-keys/${k.id}`);
            forgetOwnScopes();
            await keysView(root);
            showInfo(t('keyRevoked'));
          }),
        },
        t('revoke'),
      ),
    ]),
  );
  root.replaceChildren(
    h('h1', {}, t('apiKeys')),
    h('div', { 'data-slot': 'secret' }),
    card(null, table(['keyName', 'keyMode', 'last4', 'keyScopes', 'allowedIps', 'expiresAt', 'keyLastUsed', 'actions'], rows)),
    card(t('newKey'), form),
  );
}

/** One table row of cells (text or elements). */
export function row(cells) {
  return h(
    'tr',
    {},
    cells.map((cell) => h('td', {}, cell)),
  );
}
