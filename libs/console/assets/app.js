import { credential, isApiKey, isTestKey, onRateLimit, signIn, signOut } from './api.js';
import { batchView, batchesView } from './batches.js';
import { invoicesView, readinessView } from './billing.js';
import { analyticsView } from './analytics.js';
import { codView } from './cod.js';
import { connectionsView } from './connections.js';
import { card, clearFlash, field, h, showError, showInfo, takeInfoAfterNavigation } from './dom.js';
import { language, setLanguage, t } from './i18n.js';
import { teamView, teamsView } from './operator.js';
import { pickupsView } from './pickups.js';
import { rulesView } from './rules.js';
import { shipView } from './ship.js';
import { shipmentView, shipmentsView } from './shipments.js';
import { webhooksView } from './webhooks.js';
import { allows, forgetOwnScopes, keysView, ownScopes } from './keys.js';
import { auditView } from './audit.js';

const TEAM_ROUTES = [
  [/^\/ship$/, shipView],
  [/^\/shipments$/, shipmentsView],
  [/^\/shipments\/([^/]+)$/, (root, id, query) => shipmentView(root, id, query)],
  [/^\/pickups$/, pickupsView],
  [/^\/webhooks$/, webhooksView],
  [/^\/carrier-accounts$/, (root) => connectionsView(root)],
  [/^\/invoices$/, (root) => invoicesView(root)],
  [/^\/invoices\/([^/]+)$/, (root, id) => invoicesView(root, id)],
  [/^\/batches$/, batchesView],
  [/^\/batches\/([^/]+)$/, (root, id) => batchView(root, id)],
  [/^\/readiness$/, readinessView],
  [/^\/cod$/, (root) => codView(root)],
  [/^\/cod\/([^/]+)$/, (root, id) => codView(root, id)],
  [/^\/rules$/, (root) => rulesView(root)],
  [/^\/analytics$/, (root, _id, query) => analyticsView(root, query)],
  [/^\/keys$/, keysView],
  [/^\/audit$/, auditView],
];
const OPERATOR_ROUTES = [
  [/^\/operator\/teams$/, teamsView],
  [/^\/operator\/teams\/([^/]+)$/, (root, id) => teamView(root, id)],
];
/** Each page with the scope it reads: a key without it is not offered the page. */
const TEAM_NAV = [
  ['#/shipments', 'shipments', 'shipments:read'],
  ['#/ship', 'ship', 'shipments:write'],
  ['#/pickups', 'pickups', 'pickups:read'],
  ['#/webhooks', 'webhooks', 'webhooks:read'],
  ['#/carrier-accounts', 'carrierAccounts', 'connections:read'],
  ['#/invoices', 'invoices', 'billing:read'],
  ['#/batches', 'batches', 'batches:read'],
  ['#/readiness', 'readiness', 'catalogue:read'],
  ['#/cod', 'cod', 'billing:read'],
  ['#/rules', 'shippingRules', 'shipments:read'],
  ['#/analytics', 'carrierPerformance', 'shipments:read'],
  ['#/keys', 'apiKeys', 'keys:read'],
  ['#/audit', 'auditTrail', 'audit:read'],
];

/** The signed-in key's scopes (null: not known), refreshed on every navigation from a cache. */
let scopes = null;
const OPERATOR_NAV = [['#/operator/teams', 'teams']];

function parseHash() {
  const raw = location.hash.replace(/^#/, '') || '/';
  const [path, search = ''] = raw.split('?');
  return { path, query: new URLSearchParams(search) };
}

function drawShell() {
  document.documentElement.lang = language();
  document.documentElement.dir = language() === 'ar' ? 'rtl' : 'ltr';
  document.title = `${t('brand')} — Console`;
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  const lang = document.getElementById('lang');
  lang.textContent = t('switchTo');
  lang.lang = language() === 'ar' ? 'en' : 'ar';
  const signedIn = Boolean(credential());
  document.getElementById('signout').hidden = !signedIn;
  // A test key's data is marked on every page: nothing it books is shipped or billed.
  document.getElementById('mode').hidden = !isTestKey(credential());
  document.body.classList.toggle('test-mode', isTestKey(credential()));
  const items = !signedIn ? [] : isApiKey(credential()) ? TEAM_NAV.filter(([, , scope]) => allows(scopes, scope)) : OPERATOR_NAV;
  const { path } = parseHash();
  document
    .getElementById('nav')
    .replaceChildren(...items.map(([href, key]) => h('a', { href, class: path.startsWith(href.slice(1)) ? 'active' : '' }, t(key))));
  if (!signedIn || !isApiKey(credential())) document.getElementById('rate').textContent = '';
}

function signInView(root) {
  const input = h('input', { type: 'password', name: 'credential', required: true, autocomplete: 'off', spellcheck: 'false' });
  const form = h(
    'form',
    {
      onsubmit: (event) => {
        event.preventDefault();
        signIn(input.value);
        // A key goes to the first page its scopes allow.
        location.hash = isApiKey(input.value.trim()) ? '#/' : '#/operator/teams';
        route();
      },
    },
    h('p', { class: 'hint' }, t('signInHint')),
    field('credential', input),
    h('p', {}, h('button', { type: 'submit' }, t('signIn'))),
  );
  root.replaceChildren(h('h1', {}, t('signInTitle')), card(null, form));
}

let generation = 0;

async function route() {
  const mine = ++generation;
  scopes = credential() && isApiKey(credential()) ? await ownScopes() : null;
  if (mine !== generation) return;
  drawShell();
  clearFlash();
  const root = document.getElementById('view');
  const { path, query } = parseHash();
  if (!credential()) return signInView(root);
  const routes = isApiKey(credential()) ? TEAM_ROUTES : OPERATOR_ROUTES;
  const match = routes.map(([re, view]) => [path.match(re), view]).find(([m]) => m);
  if (!match) {
    const first = TEAM_NAV.find(([, , scope]) => allows(scopes, scope));
    location.hash = isApiKey(credential()) ? (first?.[0] ?? '#/keys') : '#/operator/teams';
    return;
  }
  const [m, view] = match;
  root.replaceChildren(h('p', { class: 'muted' }, t('loading')));
  try {
    const param = m[1] !== undefined ? decodeURIComponent(m[1]) : undefined;
    await (param !== undefined ? view(root, param, query) : view(root, undefined, query));
    const info = mine === generation ? takeInfoAfterNavigation() : null;
    if (info) showInfo(info);
  } catch (error) {
    if (mine !== generation) return;
    if (error?.status === 401) {
      signOut();
      signInView(root);
    }
    showError(error);
  }
}

onRateLimit((remaining, limit) => {
  document.getElementById('rate').textContent = t('requestsLeft', { n: `${remaining}/${limit}` });
});

document.getElementById('lang').addEventListener('click', () => {
  setLanguage(language() === 'ar' ? 'en' : 'ar');
  route();
});
document.getElementById('signout').addEventListener('click', () => {
  signOut();
  forgetOwnScopes();
  location.hash = '#/';
  route();
});
window.addEventListener('hashchange', route);
route();
