import { ApiError, getJson, sendJson } from './api.js';
import { action, card, field, formatDate, h, show, showError, showInfo, table } from './dom.js';
import { language, pick, t } from './i18n.js';

/**
 * The team's carrier accounts (docs/adr/0065-carrier-connections.md): its own connections beside
 * the platform's, and a form drawn from what each carrier declares it takes
 * (GET /carrier-connections/requirements), so a new carrier needs no change here.
 */
export async function connectionsView(root) {
  const [{ connections }, { carriers: requirements }, { carriers }] = await Promise.all([
    getJson('/api/v1/carrier-connections'),
    getJson('/api/v1/carrier-connections/requirements'),
    getJson('/api/v1/carriers'),
  ]);
  const carrierName = (code) =>
    pick(
      carriers.find((c) => c.code === code),
      'name',
    ) || code;

  const rows = connections.map((c) =>
    h(
      'tr',
      { 'data-connection': c.id },
      h('td', {}, carrierName(c.carrier)),
      h('td', {}, h('span', { class: `badge owner-${c.owner}` }, t(c.owner === 'team' ? 'ownerTeam' : 'ownerPlatform'))),
      h('td', {}, h('span', { class: `badge ${c.status === 'active' ? 'delivered' : 'failed'}` }, t(`connection_${c.status}`))),
      h('td', { class: 'mono' }, c.credentials_hint ?? '—'),
      h('td', { class: 'mono' }, c.account_number ?? ''),
      h('td', {}, formatDate(c.created_at)),
      h(
        'td',
        {},
        c.owner === 'team'
          ? h(
              'button',
              {
                type: 'button',
                class: 'danger',
                onclick: action(async () => {
                  if (!window.confirm(t('confirmDeleteConnection', { carrier: carrierName(c.carrier) }))) return;
                  await sendJson('DELETE', `/api/v1/carrier-connections/${encodeURIComponent(c.id)}`);
                  await connectionsView(root);
                  showInfo(t('connectionDeleted'));
                }),
              },
              t('deleteConnection'),
            )
          : null,
      ),
    ),
  );

  show(
    root,
    h('h1', {}, t('carrierAccounts')),
    card(
      null,
      h('p', { class: 'hint' }, t('carrierAccountsHint')),
      rows.length
        ? table(['carrier', 'owner', 'status', 'credentialsHint', 'accountNumber', 'createdAt', 'actions'], rows)
        : h('p', { class: 'muted' }, t('noConnections')),
    ),
    card(t('addConnection'), connectionForm(root, requirements, carrierName)),
  );
}

/** The add form: one input per credential the chosen carrier declares, secrets as password inputs. */
function connectionForm(root, requirements, carrierName) {
  const select = h(
    'select',
    { name: 'carrier', required: true },
    requirements.map((r) => h('option', { value: r.carrier }, carrierName(r.carrier))),
  );
  const inputsBox = h('div');
  const formError = h('p', { class: 'field-error', 'data-error-for': '', role: 'alert', hidden: true });
  let inputs = new Map();

  const draw = () => {
    const requirement = requirements.find((r) => r.carrier === select.value);
    inputs = new Map();
    formError.hidden = true;
    const blocks = [];
    for (const credential of requirement?.credentials ?? []) {
      const input = h('input', {
        type: credential.secret ? 'password' : 'text',
        name: `credentials.${credential.name}`,
        required: true,
        autocomplete: credential.secret ? 'new-password' : 'off',
        spellcheck: 'false',
        // The carrier's rule is checked by the API (its errors are shown per field); the length
        // hint saves a round trip for the obvious mistakes.
        minlength: credential.min_length,
        maxlength: credential.max_length,
        inputmode: credential.charset === 'digits' ? 'numeric' : undefined,
      });
      inputs.set(`credentials.${credential.name}`, input);
      blocks.push(labelled(language() === 'ar' ? credential.label_ar : credential.label_en, input, `credentials.${credential.name}`));
    }
    if (requirement?.account_number) {
      const input = h('input', {
        type: 'text',
        name: 'account_number',
        required: requirement.account_number.required,
        autocomplete: 'off',
        spellcheck: 'false',
      });
      inputs.set('account_number', input);
      const label = `${t('accountNumber')}${requirement.account_number.required ? '' : ` (${t('optional')})`}`;
      blocks.push(labelled(label, input, 'account_number'));
    }
    inputsBox.replaceChildren(...blocks);
  };
  select.addEventListener('change', draw);
  draw();

  const clearErrors = () => {
    formError.hidden = true;
    for (const el of inputsBox.querySelectorAll('.field-error')) el.hidden = true;
    for (const input of inputs.values()) input.removeAttribute('aria-invalid');
  };

  return h(
    'form',
    {
      novalidate: true,
      onsubmit: action(async () => {
        clearErrors();
        const credentials = {};
        let accountNumber;
        for (const [name, input] of inputs) {
          if (name === 'account_number') accountNumber = input.value.trim() || undefined;
          else credentials[name.slice('credentials.'.length)] = input.value;
        }
        const body = { carrier: select.value, credentials };
        if (accountNumber !== undefined) body.account_number = accountNumber;
        try {
          await sendJson('POST', '/api/v1/carrier-connections', body);
        } catch (error) {
          if (!showFieldErrors(error, inputsBox, inputs, formError)) throw error;
          // The flash says what the API said; each field says its own reason beside it.
          showError(error);
          return;
        }
        await connectionsView(root);
        showInfo(t('connectionSaved', { carrier: carrierName(body.carrier) }));
      }),
    },
    field('carrier', select),
    inputsBox,
    formError,
    h('p', { class: 'hint' }, t('connectionCheckedHint')),
    h('p', {}, h('button', { type: 'submit' }, t('saveConnection'))),
  );
}

function labelled(text, input, fieldName) {
  input.id = `f-${fieldName.replace(/[^a-z0-9]/gi, '-')}`;
  return h(
    'div',
    {},
    h('label', { for: input.id }, text),
    input,
    h('p', { class: 'field-error', 'data-error-for': fieldName, role: 'alert', hidden: true }),
  );
}

/**
 * Puts each validation problem of the envelope (details.errors) beside its input, in the page's
 * language; a problem on no input of the form (`credentials` when the carrier did not say which
 * one it refused) under the inputs. False when the error is not a validation error.
 */
function showFieldErrors(error, inputsBox, inputs, formError) {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.envelope) return false;
  const details = error.envelope.details ?? {};
  const problems = Array.isArray(details.errors) && details.errors.length ? details.errors : details.field ? [details] : [];
  if (problems.length === 0) return false;
  for (const problem of problems) {
    const reason = (language() === 'ar' ? problem.reason_ar : null) ?? problem.reason ?? pick(error.envelope, 'message');
    const target = inputsBox.querySelector(`.field-error[data-error-for="${CSS.escape(problem.field)}"]`);
    const el = target ?? formError;
    el.textContent = target ? reason : `${problem.field}: ${reason}`;
    el.hidden = false;
    inputs.get(problem.field)?.setAttribute('aria-invalid', 'true');
  }
  return true;
}
