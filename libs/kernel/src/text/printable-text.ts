import { ValidationError } from '../errors/domain-error';

/**
 * Text the gateway accepts from a client ends up in PostgreSQL (which cannot store NUL), on
 * printed labels, in carrier files, in e-invoice XML and in logs. C0 control characters, DEL,
 * the noncharacters U+FFFE and U+FFFF (which XML 1.0 cannot carry, not even as a character
 * reference) and half of a surrogate pair have no place in any of them: every text field
 * refuses them, with this reason.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const CONTROL_CHARACTERS_REASON = {
  en: 'must not contain control characters or unpaired surrogates',
  ar: 'يجب ألا يحتوي على محارف تحكم أو محارف غير صالحة',
} as const;

/** The one refusal of a text field with control characters; `what` names a part of the field. */
export function unprintableTextError(field: string, what?: string): ValidationError {
  const reason = what ? `${what} ${CONTROL_CHARACTERS_REASON.en}` : CONTROL_CHARACTERS_REASON.en;
  return new ValidationError(field, reason, CONTROL_CHARACTERS_REASON.ar);
}

export function isPrintableText(value: string): boolean {
  return !UNPRINTABLE.test(value);
}

/**
 * The dotted path (`parcels.0.name`) of the first string in `value` — a property value or a
 * property name, at any depth — that is not printable text; null when there is none. Callers
 * bound the depth of what they pass (request bodies are depth-limited when parsed).
 */
export function firstUnprintableText(value: unknown, path = ''): string | null {
  // The walk builds no path unless it finds something: every request body is walked.
  const keys = unprintableKeys(value);
  if (keys === null) return null;
  const parts = path ? [path, ...keys.reverse()] : keys.reverse();
  return parts.join('.');
}

/** The keys to the first unprintable string or key, innermost first; null when there is none. */
function unprintableKeys(value: unknown): string[] | null {
  if (typeof value === 'string') return isPrintableText(value) ? null : [];
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = unprintableKeys(value[index]);
      if (found !== null) return (found.push(String(index)), found);
    }
    return null;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (!isPrintableText(key)) return [key];
    const found = unprintableKeys((value as Record<string, unknown>)[key]);
    if (found !== null) return (found.push(key), found);
  }
  return null;
}
