import { ApiError } from './api.js';
import { language, pick, t } from './i18n.js';

/** Builds elements from data with textContent only: nothing from the API is parsed as HTML. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'class') el.className = value;
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces what `root` shows; absent parts (null, undefined, false) are left out, never shown as text. */
export function show(root, ...children) {
  root.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

export function card(title, ...children) {
  return h('section', { class: 'card' }, title ? h('h2', {}, title) : null, ...children);
}

export function field(labelKey, input) {
  const id = input.id || `f-${Math.random().toString(36).slice(2, 9)}`;
  input.id = id;
  return h('div', {}, h('label', { for: id }, t(labelKey)), input);
}

export function table(headers, rows) {
  // Each cell names its column, for the stacked layout of narrow screens (console.css).
  for (const row of [rows].flat(Infinity)) {
    if (!(row instanceof Element)) continue;
    [...row.children].forEach((cell, i) => headers[i] && cell.setAttribute('data-label', t(headers[i])));
  }
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headers.map((k) => h('th', { scope: 'col' }, t(k))),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

const flashEl = () => document.getElementById('flash');

/** Shows the envelope's message in the page's language (or a network message). */
export function showError(error) {
  const el = flashEl();
  el.className = 'flash';
  if (error instanceof ApiError && error.envelope) {
    const details = error.envelope.details;
    const where = details?.field ? ` (${details.field}${details.reason ? `: ${details.reason}` : ''})` : '';
    const missing = Array.isArray(details?.missing) ? ` (${details.missing.join(', ')})` : '';
    const scope = typeof details?.required_scope === 'string' ? ` ${t('missingScope', { scope: details.required_scope })}` : '';
    el.textContent = `${pick(error.envelope, 'message')}${where}${missing}${scope}`;
  } else if (error instanceof ApiError && error.status > 0) {
    el.textContent = `HTTP ${error.status}`;
  } else if (error instanceof ApiError) {
    el.textContent = t('networkError');
  } else {
    el.textContent = String(error?.message ?? error);
  }
  el.hidden = false;
}

export function showInfo(text) {
  const el = flashEl();
  el.className = 'flash info';
  el.textContent = text;
  el.hidden = false;
}

let afterNavigation = null;

/** A message for the page being navigated to: shown once it is drawn (drawing clears the flash). */
export function showInfoAfterNavigation(text) {
  afterNavigation = text;
}

export function takeInfoAfterNavigation() {
  const text = afterNavigation;
  afterNavigation = null;
  return text;
}

export function clearFlash() {
  flashEl().hidden = true;
}

/** Runs an action from a button: disables it meanwhile, reports errors in the flash. */
export function action(fn) {
  return async (event) => {
    event?.preventDefault?.();
    const button = event?.submitter ?? (event?.currentTarget instanceof HTMLButtonElement ? event.currentTarget : null);
    if (button) button.disabled = true;
    clearFlash();
    try {
      await fn(event);
    } catch (error) {
      showError(error);
    } finally {
      if (button) button.disabled = false;
    }
  };
}

export function formatDate(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(language() === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  });
}

export function sar(amount) {
  return typeof amount === 'number' ? amount.toFixed(2) : '';
}

export function copyButton(text) {
  const button = h('button', { type: 'button', class: 'secondary' }, t('copy'));
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(text);
    button.textContent = t('copied');
  });
  return button;
}
