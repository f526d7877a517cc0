import { getJson, sendJson } from './api.js';
import { action, card, copyButton, field, formatDate, h, showInfo, table } from './dom.js';
import { t } from './i18n.js';

/** The operator's view (admin token): teams, their keys and their rate limits. */
export async function teamsView(root) {
  const { teams } = await getJson('/admin/v1/teams');
  const name = h('input', { name: 'name', required: true, maxlength: 200, autocomplete: 'off' });
  const created = h('div');
  const form = h(
    'form',
    {
      onsubmit: action(async () => {
        const res = await sendJson('POST', '/admin/v1/teams', { name: name.value });
        created.replaceChildren(
          newKeyNotice(res.api_key),
          h('p', {}, h('a', { href: `#/operator/teams/${res.team.id}` }, `${t('open')}: ${res.team.name}`)),
        );
        name.value = '';
        await refresh();
      }),
    },
    field('teamName', name),
    h('p', {}, h('button', { type: 'submit' }, t('create'))),
  );
  const list = h('div');
  const refresh = async () => {
    const data = await getJson('/admin/v1/teams');
    list.replaceChildren(teamTable(data.teams));
  };
  list.append(teamTable(teams));
  root.replaceChildren(h('h1', {}, t('teams')), card(t('createTeam'), form, created), card(null, list));
}

function teamTable(teams) {
  return table(
    ['team', 'keysCount', 'rateLimit', 'created'],
    teams.map((team) =>
      h(
        'tr',
        {},
        h('td', {}, h('a', { href: `#/operator/teams/${team.id}` }, team.name)),
        h('td', {}, String(team.active_keys)),
        h('td', {}, team.rate_limit_per_minute ?? `${team.effective_rate_limit_per_minute ?? ''} (${t('defaultLimit')})`),
        h('td', {}, formatDate(team.created_at)),
      ),
    ),
  );
}

export async function teamView(root, teamId) {
  const team = await getJson(`/admin/v1/teams/${encodeURIComponent(teamId)}`);
  const notice = h('div');
  const keys = h('div');
  const refresh = async () => {
    const data = await getJson(`/admin/v1/teams/${encodeURIComponent(teamId)}/keys`);
    keys.replaceChildren(keyTable(teamId, data.keys, refresh));
  };
  await refresh();
  const issue = h(
    'button',
    {
      type: 'button',
      onclick: action(async () => {
        const res = await sendJson('POST', `/admin/v1/teams/${encodeURIComponent(teamId)}/keys`);
        notice.replaceChildren(newKeyNotice(res.api_key));
        await refresh();
      }),
    },
    t('issueKey'),
  );
  // The limit the team's keys get now: its own, else the gateway's default (said so beside it).
  const perMinute = h('input', {
    type: 'number',
    name: 'per_minute',
    min: 1,
    max: 100000,
    step: 1,
    value: team.rate_limit_per_minute ?? team.effective_rate_limit_per_minute ?? '',
  });
  const limitForm = h(
    'form',
    {
      onsubmit: action(async () => {
        await sendJson('PUT', `/admin/v1/teams/${encodeURIComponent(teamId)}/rate-limit`, { per_minute: Number(perMinute.value) });
        showInfo(t('saved'));
      }),
    },
    field('rateLimit', perMinute),
    team.rate_limit_per_minute === null ? h('p', { class: 'hint' }, t('defaultIs', { n: team.effective_rate_limit_per_minute })) : null,
    h('p', {}, h('button', { type: 'submit' }, t('save'))),
  );
  // National Address rule at booking (docs/adr/0052): warn books with a warning, enforce refuses.
  const mode = h(
    'select',
    { name: 'address_verification' },
    ...['warn', 'enforce'].map((value) =>
      h('option', { value, selected: team.address_verification === value ? 'selected' : undefined }, t(`addressMode_${value}`)),
    ),
  );
  const addressForm = h(
    'form',
    {
      onsubmit: action(async () => {
        await sendJson('PATCH', `/admin/v1/teams/${encodeURIComponent(teamId)}`, { address_verification: mode.value });
        showInfo(t('saved'));
      }),
    },
    field('addressVerification', mode),
    h('p', { class: 'hint' }, t('addressVerificationHint')),
    h('p', {}, h('button', { type: 'submit' }, t('save'))),
  );
  root.replaceChildren(
    h('p', {}, h('a', { href: '#/operator/teams' }, `← ${t('back')}`)),
    h('h1', {}, team.name),
    h('p', { class: 'muted mono' }, `${t('id')}: ${team.id}`),
    card(t('keys'), h('p', {}, issue), notice, keys),
    card(t('rateLimit'), limitForm),
    card(t('addressVerification'), addressForm),
  );
}

function keyTable(teamId, keys, refresh) {
  return table(
    ['prefix', 'created', 'lastUsed', 'status', ''],
    keys.map((key) =>
      h(
        'tr',
        {},
        h('td', { class: 'mono' }, key.display_prefix),
        h('td', {}, formatDate(key.created_at)),
        h('td', {}, key.last_used_at ? formatDate(key.last_used_at) : t('never')),
        h('td', {}, key.revoked_at ? `${t('revoked')} ${formatDate(key.revoked_at)}` : t('enabled')),
        h(
          'td',
          {},
          key.revoked_at
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  class: 'danger',
                  onclick: action(async () => {
                    if (!window.confirm(t('confirmRevoke', { prefix: key.display_prefix }))) return;
                    await sendJson('DELETE', `/admin/v1/teams/${encodeURIComponent(teamId)}/keys/${encodeURIComponent(key.id)}`);
                    await refresh();
                  }),
                },
                t('revoke'),
              ),
        ),
      ),
    ),
  );
}

function newKeyNotice(apiKey) {
  return h(
    'div',
    { class: 'secret' },
    h('p', {}, t('newKeyOnce')),
    h('p', { class: 'mono', 'data-testid': 'new-key' }, apiKey),
    copyButton(apiKey),
  );
}
