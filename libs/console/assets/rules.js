import { ApiError, getJson, sendJson } from './api.js';
import { action, card, field, h, sar, show, showError, showInfo, table } from './dom.js';
import { language, pick, t } from './i18n.js';

/**
 * Shipping rules (docs/adr/0084): the team's rules in the order they are tried, a form to add
 * one, and "try it": a sample request rated as POST /rates rates it, showing which rule applied,
 * which quotes it recommends and which it left out.
 */
export async function rulesView(root) {
  const [{ shipping_rules: rules }, { carriers }] = await Promise.all([getJson('/api/v1/shipping-rules'), getJson('/api/v1/carriers')]);
  const carrierName = (code) =>
    pick(
      carriers.find((c) => c.code === code),
      'name',
    ) || code;
  const choiceText = (choice) => {
    const carrier = carriers.find((c) => c.code === choice.carrier);
    const service = carrier?.service_levels?.find((s) => s.code === choice.service);
    return service ? `${carrierName(choice.carrier)} — ${pick(service, 'name')}` : carrierName(choice.carrier);
  };

  const rows = rules.map((rule) =>
    h(
      'tr',
      { 'data-rule': rule.id },
      h('td', { class: 'mono' }, String(rule.priority)),
      h('td', {}, rule.name),
      h('td', {}, h('span', { class: `badge ${rule.enabled ? 'delivered' : 'failed'}` }, t(rule.enabled ? 'ruleEnabled' : 'ruleDisabled'))),
      h('td', {}, conditionsText(rule.conditions)),
      h('td', {}, actionText(rule.action, choiceText)),
      h(
        'td',
        {},
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: action(async () => {
              const { id, created_at: _created, ...body } = rule;
              await sendJson('PUT', `/api/v1/shipping-rules/${encodeURIComponent(id)}`, { ...body, enabled: !rule.enabled });
              await rulesView(root);
            }),
          },
          t(rule.enabled ? 'disableRule' : 'enableRule'),
        ),
        ' ',
        h(
          'button',
          {
            type: 'button',
            class: 'danger',
            onclick: action(async () => {
              if (!window.confirm(t('confirmDeleteRule', { name: rule.name }))) return;
              await sendJson('DELETE', `/api/v1/shipping-rules/${encodeURIComponent(rule.id)}`);
              await rulesView(root);
              showInfo(t('ruleDeleted'));
            }),
          },
          t('deleteRule'),
        ),
      ),
    ),
  );

  show(
    root,
    h('h1', {}, t('shippingRules')),
    card(
      null,
      h('p', { class: 'hint' }, t('shippingRulesHint')),
      rows.length
        ? table(['rulePriority', 'ruleName', 'status', 'ruleConditions', 'ruleAction', 'actions'], rows)
        : h('p', { class: 'muted' }, t('noRules')),
    ),
    card(t('addRule'), ruleForm(root, carriers, carrierName)),
    card(t('tryRules'), tryForm(carrierName)),
  );
}

function conditionsText(c) {
  const parts = [];
  if (c.destination_cities) parts.push(`${t('ruleCities')}: ${c.destination_cities.join('، ')}`);
  if (c.destination_countries) parts.push(`${t('ruleCountries')}: ${c.destination_countries.join(', ')}`);
  if (c.weight_kg) parts.push(`${t('ruleWeight')}: ${c.weight_kg.min ?? '0'}–${c.weight_kg.max ?? '∞'}`);
  if (c.cod !== undefined) parts.push(`${t('ruleCod')}: ${t(c.cod ? 'yes' : 'no')}`);
  if (c.declared_value_sar) parts.push(`${t('ruleDeclaredValue')}: ${c.declared_value_sar.min ?? '0'}–${c.declared_value_sar.max ?? '∞'}`);
  return parts.join(' · ');
}

function actionText(a, choiceText) {
  const parts = [];
  if (a.prefer?.length) parts.push(`${t('rulePrefer')}: ${a.prefer.map(choiceText).join('، ')}`);
  if (a.exclude?.length) parts.push(`${t('ruleExclude')}: ${a.exclude.map(choiceText).join('، ')}`);
  return parts.join(' · ');
}

/** Every carrier and each of its services, as options of a multiple select (value carrier or carrier/service). */
function choiceSelect(name, carriers, carrierName) {
  return h(
    'select',
    { name, multiple: true, size: 6 },
    carriers.flatMap((c) => [
      h('option', { value: c.code }, `${carrierName(c.code)} — ${t('allServices')}`),
      ...(c.service_levels ?? []).map((s) => h('option', { value: `${c.code}/${s.code}` }, `${carrierName(c.code)} — ${pick(s, 'name')}`)),
    ]),
  );
}

const chosen = (select) =>
  [...select.selectedOptions].map((o) => {
    const [carrier, service] = o.value.split('/');
    return service ? { carrier, service } : { carrier };
  });

const numberOrUndefined = (input) => (input.value.trim() === '' ? undefined : Number(input.value));
const listOrUndefined = (input) => {
  const items = input.value
    .split(/[,،\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
};
const bounds = (min, max) => {
  const b = { min: numberOrUndefined(min), max: numberOrUndefined(max) };
  return b.min === undefined && b.max === undefined ? undefined : b;
};

function ruleForm(root, carriers, carrierName) {
  const inputs = {
    name: h('input', { name: 'name', required: true, maxlength: 100 }),
    priority: h('input', { name: 'priority', type: 'number', min: 0, step: 1, value: '10', required: true }),
    enabled: h('input', { name: 'enabled', type: 'checkbox', checked: true }),
    cities: h('input', { name: 'destination_cities', placeholder: 'Abha، جازان' }),
    countries: h('input', { name: 'destination_countries', placeholder: 'SA' }),
    weightMin: h('input', { name: 'weight_min', type: 'number', min: 0, step: 'any' }),
    weightMax: h('input', { name: 'weight_max', type: 'number', min: 0, step: 'any' }),
    cod: h(
      'select',
      { name: 'cod' },
      h('option', { value: '' }, t('ruleAny')),
      h('option', { value: 'true' }, t('yes')),
      h('option', { value: 'false' }, t('no')),
    ),
    valueMin: h('input', { name: 'declared_min', type: 'number', min: 0, step: 'any' }),
    valueMax: h('input', { name: 'declared_max', type: 'number', min: 0, step: 'any' }),
    prefer: choiceSelect('prefer', carriers, carrierName),
    exclude: choiceSelect('exclude', carriers, carrierName),
  };
  const problems = h('ul', { class: 'field-error', 'data-error-for': 'rule', role: 'alert', hidden: true });
  return h(
    'form',
    {
      novalidate: true,
      onsubmit: action(async () => {
        problems.hidden = true;
        const conditions = {
          destination_cities: listOrUndefined(inputs.cities),
          destination_countries: listOrUndefined(inputs.countries)?.map((c) => c.toUpperCase()),
          weight_kg: bounds(inputs.weightMin, inputs.weightMax),
          cod: inputs.cod.value === '' ? undefined : inputs.cod.value === 'true',
          declared_value_sar: bounds(inputs.valueMin, inputs.valueMax),
        };
        const prefer = chosen(inputs.prefer);
        const exclude = chosen(inputs.exclude);
        const body = {
          name: inputs.name.value,
          priority: Number(inputs.priority.value),
          enabled: inputs.enabled.checked,
          conditions: JSON.parse(JSON.stringify(conditions)),
          action: { ...(prefer.length ? { prefer } : {}), ...(exclude.length ? { exclude } : {}) },
        };
        try {
          await sendJson('POST', '/api/v1/shipping-rules', body);
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 422 || !error.envelope) throw error;
          // Every problem the API found, each in the page's language.
          const details = error.envelope.details ?? {};
          const list = Array.isArray(details.errors) && details.errors.length ? details.errors : [details];
          problems.replaceChildren(
            ...list.map((p) => h('li', {}, `${p.field}: ${(language() === 'ar' ? p.reason_ar : null) ?? p.reason}`)),
          );
          problems.hidden = false;
          showError(error);
          return;
        }
        await rulesView(root);
        showInfo(t('ruleSaved', { name: body.name }));
      }),
    },
    h(
      'div',
      { class: 'grid' },
      field('ruleName', inputs.name),
      field('rulePriority', inputs.priority),
      field('ruleEnabledField', inputs.enabled),
      field('ruleCities', inputs.cities),
      field('ruleCountries', inputs.countries),
      field('ruleWeightMin', inputs.weightMin),
      field('ruleWeightMax', inputs.weightMax),
      field('ruleCod', inputs.cod),
      field('ruleValueMin', inputs.valueMin),
      field('ruleValueMax', inputs.valueMax),
      field('rulePrefer', inputs.prefer),
      field('ruleExclude', inputs.exclude),
    ),
    problems,
    h('p', {}, h('button', { type: 'submit' }, t('saveRule'))),
  );
}

/** A sample request: rated as POST /rates would rate it, so the merchant sees the rules at work. */
function tryForm(carrierName) {
  const inputs = {
    originCity: h('input', { name: 'try_origin_city', value: 'Riyadh', required: true }),
    city: h('input', { name: 'try_city', value: 'Jeddah', required: true }),
    country: h('input', { name: 'try_country', value: 'SA', required: true, maxlength: 2 }),
    weight: h('input', { name: 'try_weight', type: 'number', min: 0.1, step: 'any', value: '1' }),
    cod: h('input', { name: 'try_cod', type: 'number', min: 0, step: 'any', placeholder: '0' }),
    value: h('input', { name: 'try_value', type: 'number', min: 0, step: 'any' }),
  };
  const out = h('div', { 'data-try-result': '' });
  const address = (city, country) => ({
    name: 'Sample',
    line1: 'Sample street 1',
    city,
    country: country.toUpperCase(),
    phone: '966500000000',
    ...(country.toUpperCase() === 'SA' ? { short_address: 'RRRD2929' } : {}),
  });
  return h(
    'form',
    {
      novalidate: true,
      onsubmit: action(async () => {
        const request = {
          origin: address(inputs.originCity.value.trim(), 'SA'),
          destination: address(inputs.city.value.trim(), inputs.country.value.trim() || 'SA'),
          parcels: [{ weight_kg: Number(inputs.weight.value) || 1, length_cm: 30, width_cm: 20, height_cm: 10 }],
          ...(numberOrUndefined(inputs.cod) ? { cod_amount: numberOrUndefined(inputs.cod) } : {}),
          ...(numberOrUndefined(inputs.value) ? { declared_value: numberOrUndefined(inputs.value), declared_value_currency: 'SAR' } : {}),
        };
        const { quotes } = await sendJson('POST', '/api/v1/rates', request);
        const ruleId = quotes[0]?.rule_id ?? null;
        out.replaceChildren(
          h('p', { 'data-rule-applied': ruleId ?? '' }, ruleId ? t('ruleApplied', { id: ruleId }) : t('noRuleApplied')),
          quotes.length
            ? table(
                ['carrier', 'service', 'total', 'recommended', 'onTimeRate'],
                quotes.map((q) =>
                  h(
                    'tr',
                    { 'data-quote': `${q.carrier.code}/${q.service.code}`, class: q.recommended ? 'recommended' : '' },
                    h('td', {}, carrierName(q.carrier.code)),
                    h('td', {}, pick(q.service, 'name')),
                    h('td', { class: 'mono' }, sar(q.total_sar)),
                    h('td', {}, q.recommended ? h('span', { class: 'badge delivered' }, t('recommended')) : ''),
                    h('td', { class: 'mono' }, q.on_time_rate === null ? '—' : `${Math.round(q.on_time_rate * 100)}%`),
                  ),
                ),
              )
            : h('p', { class: 'muted' }, t('noQuotes')),
        );
      }),
    },
    h(
      'div',
      { class: 'grid' },
      field('origin', inputs.originCity),
      field('address_city', inputs.city),
      field('address_country', inputs.country),
      field('weightKg', inputs.weight),
      field('codAmount', inputs.cod),
      field('declaredValue', inputs.value),
    ),
    h('p', { class: 'hint' }, t('tryRulesHint')),
    h('p', {}, h('button', { type: 'submit' }, t('tryIt'))),
    out,
  );
}
