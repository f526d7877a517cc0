/**
 * The console speaks only the public API (/api/v1) and the admin API (/admin/v1), with the
 * credential kept in this tab's session storage: never in a URL, a cookie or local storage.
 */
const STORE_KEY = 'lgw.console.credential';
const SESSION_KEY = 'lgw.console.session';
const listeners = new Set();

export class ApiError extends Error {
  constructor(status, envelope) {
    super(envelope?.error?.message_en ?? `HTTP ${status}`);
    this.status = status;
    this.envelope = envelope?.error ?? null;
  }
}

export function credential() {
  return sessionStorage.getItem(STORE_KEY);
}

export function signIn(value) {
  sessionStorage.setItem(STORE_KEY, value.trim());
}

function consoleSession() {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

export function signOut() {
  sessionStorage.removeItem(STORE_KEY);
}

/** Admin tokens are free-form; API keys have the documented `<prefix>_live_<hex>` or `<prefix>_test_<hex>` shape. */
export function isApiKey(value) {
  return /^[a-z0-9]+_(live|test)_[0-9a-f]{16,}$/i.test(value ?? '');
}

/** Signed in with a test key: everything shown is test data (docs/test-mode.md). */
export function isTestKey(value) {
  return /^[a-z0-9]+_test_[0-9a-f]{16,}$/i.test(value ?? '');
}

export function onRateLimit(listener) {
  listeners.add(listener);
}

async function send(path, { method = 'GET', json, form, accept, extraHeaders } = {}) {
  // The console's calls have a rate budget of their own (docs/adr/0062-console-rate-budget.md):
  // browsing never spends the requests the team's integration needs.
  const headers = { ...extraHeaders, authorization: `Bearer ${credential()}`, 'x-console-session': consoleSession() };
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  if (accept) headers.accept = accept;
  let res;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'omit', cache: 'no-store' });
  } catch {
    throw new ApiError(0, null);
  }
  const remaining = res.headers.get('x-ratelimit-remaining');
  if (remaining !== null && path.startsWith('/api/v1')) {
    for (const listener of listeners) listener(Number(remaining), Number(res.headers.get('x-ratelimit-limit')));
  }
  if (!res.ok) {
    let envelope = null;
    try {
      envelope = await res.json();
    } catch {
      envelope = null;
    }
    throw new ApiError(res.status, envelope);
  }
  return res;
}

export async function getJson(path) {
  const res = await send(path);
  return res.json();
}

export async function sendJson(method, path, json, extraHeaders) {
  const res = await send(path, { method, json, extraHeaders });
  if (res.status === 204) return null;
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

export async function sendForm(method, path, form) {
  const res = await send(path, { method, form });
  return res.json();
}

/** Downloads a protected file (label, invoice PDF, batch CSV) without putting the key in a URL. */
export async function download(path, filename, options) {
  const res = await send(path, options);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
