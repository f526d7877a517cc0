import { FieldProblem, ValidationError } from '@lgw/kernel';

/** Who holds a carrier contract: the platform (the default for every team) or one team. */
export type ConnectionOwner = 'platform' | 'team';
export type ConnectionStatus = 'active' | 'revoked';
/** What a quote says about the contract it was priced on. */
export type ConnectionAccount = 'own' | 'platform';

/**
 * Characters a credential may hold: `token` letters, digits and `. _ ~ - + / =` (API keys,
 * bearer tokens, user names); `digits` only digits; `text` any printable character but
 * controls (passwords).
 */
export type CredentialCharset = 'token' | 'digits' | 'text';

/** One credential a carrier asks for, as the carrier's folder declares it. */
export interface CredentialFieldSchema {
  readonly label_en: string;
  readonly label_ar: string;
  readonly charset: CredentialCharset;
  readonly min_length: number;
  readonly max_length: number;
  /**
   * Whether the value is a secret a form masks (password input). Absent: secret, the safe
   * default; a carrier says `false` for what is not (a user name).
   */
  readonly secret?: boolean;
}

/**
 * What a connection to a carrier holds, declared by the carrier (its definition's
 * `connection`): the credential fields by setting name (the adapter's names; the API spells
 * them in snake_case) and whether the carrier numbers its accounts.
 */
export interface CarrierCredentialSchema {
  readonly fields: Readonly<Record<string, CredentialFieldSchema>>;
  readonly account_number?: { readonly required: boolean; readonly pattern: string; readonly description_en: string };
}

/** A connection's credentials once checked: setting name → value. */
export type ConnectionCredentials = Readonly<Record<string, string>>;

const CHARSETS: Record<CredentialCharset, { readonly pattern: RegExp; readonly en: string; readonly ar: string }> = {
  token: { pattern: /^[A-Za-z0-9._~+/=-]*$/, en: 'letters, digits and . _ ~ + / = -', ar: 'حروف لاتينية وأرقام و . _ ~ + / = -' },
  digits: { pattern: /^[0-9]*$/, en: 'digits', ar: 'أرقام' },
  text: { pattern: /^[^\p{Cc}]*$/u, en: 'printable characters', ar: 'أحرف قابلة للطباعة' },
};

/** The API's name of a credential: the setting name in snake_case (apiToken → api_token). */
export function credentialApiName(setting: string): string {
  return setting.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * Checks credentials against the carrier's declared schema, every problem at once, before any
 * carrier is called: each field present, a string of the declared characters and length, and
 * nothing the carrier does not ask for. Field names in errors are `credentials.<api name>`.
 */
export function validateConnectionCredentials(
  schema: CarrierCredentialSchema,
  credentials: unknown,
  accountNumber?: unknown,
): { credentials: ConnectionCredentials; accountNumber: string | null } {
  const problems: FieldProblem[] = [];
  const values: Record<string, string> = {};
  const fields = Object.entries(schema.fields);
  if (typeof credentials !== 'object' || credentials === null || Array.isArray(credentials)) {
    const names = fields.map(([name]) => credentialApiName(name)).join(', ');
    throw new ValidationError('credentials', `must be an object with ${names}`, `يجب أن يكون كائناً يحتوي على ${names}`);
  }
  const given = credentials as Record<string, unknown>;
  const known = new Set(fields.map(([name]) => credentialApiName(name)));
  for (const [name, field] of fields) {
    const apiName = credentialApiName(name);
    const problem = credentialProblem(field, given[apiName]);
    if (problem) problems.push({ field: `credentials.${apiName}`, ...problem });
    else values[name] = given[apiName] as string;
  }
  for (const key of Object.keys(given)) {
    if (!known.has(key)) {
      problems.push({
        field: `credentials.${key}`,
        reason: `is not a credential of this carrier (it takes ${[...known].join(', ')})`,
        reason_ar: `ليس من بيانات اعتماد شركة الشحن هذه (تقبل ${[...known].join(', ')})`,
      });
    }
  }
  const account = accountNumberProblem(schema, accountNumber);
  if (account) problems.push({ field: 'account_number', ...account });
  if (problems.length > 0) throw ValidationError.of(problems);
  return { credentials: values, accountNumber: typeof accountNumber === 'string' ? accountNumber : null };
}

function credentialProblem(field: CredentialFieldSchema, value: unknown): { reason: string; reason_ar: string } | null {
  const label = `${field.label_en}`;
  if (value === undefined || value === null) return { reason: `is required (${label})`, reason_ar: `مطلوب (${field.label_ar})` };
  if (typeof value !== 'string') return { reason: `must be a string (${label})`, reason_ar: `يجب أن يكون نصاً (${field.label_ar})` };
  const length = [...value].length;
  if (length < field.min_length || length > field.max_length) {
    return {
      reason: `must be ${field.min_length} to ${field.max_length} characters (${label})`,
      reason_ar: `يجب أن يكون من ${field.min_length} إلى ${field.max_length} حرفاً (${field.label_ar})`,
    };
  }
  const charset = CHARSETS[field.charset];
  if (!charset.pattern.test(value)) {
    return { reason: `may contain only ${charset.en} (${label})`, reason_ar: `يجب أن يحتوي فقط على ${charset.ar} (${field.label_ar})` };
  }
  return null;
}

function accountNumberProblem(schema: CarrierCredentialSchema, value: unknown): { reason: string; reason_ar: string } | null {
  const rule = schema.account_number;
  if (value === undefined || value === null) {
    return rule?.required ? { reason: `is required (${rule.description_en})`, reason_ar: 'رقم الحساب لدى شركة الشحن مطلوب' } : null;
  }
  if (!rule) return { reason: 'is not used by this carrier', reason_ar: 'لا تستخدم شركة الشحن هذه رقم حساب' };
  if (typeof value !== 'string' || !new RegExp(rule.pattern).test(value)) {
    return { reason: `must be ${rule.description_en}`, reason_ar: 'رقم الحساب لا يطابق صيغة شركة الشحن' };
  }
  return null;
}

/**
 * What answers show of credentials: each field's API name and, for values long enough that
 * it gives nothing away, their last 4 characters (`api_token ••••9f3a`). Never the value.
 */
export function credentialsHint(credentials: ConnectionCredentials): string {
  return Object.entries(credentials)
    .map(([name, value]) => `${credentialApiName(name)} ${[...value].length >= 12 ? `••••${[...value].slice(-4).join('')}` : '••••'}`)
    .join(', ');
}

/** Whether a declared credential is a secret: unless the carrier says otherwise, it is. */
export function isSecretCredential(field: CredentialFieldSchema): boolean {
  return field.secret !== false;
}

/** A generated value that the field accepts: for sandbox accounts and tests of any carrier. */
export function sampleCredential(field: CredentialFieldSchema, random: () => number = Math.random): string {
  const alphabet = field.charset === 'digits' ? '0123456789' : 'abcdefghijklmnopqrstuvwxyz0123456789';
  const length = Math.min(field.max_length, Math.max(field.min_length, 24));
  let value = '';
  for (let i = 0; i < length; i++) value += alphabet[Math.floor(random() * alphabet.length)];
  return value;
}
