import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { arabicReason } from './arabic-reasons';

/**
 * Every validation error carries its reason in Arabic too (reason_ar). The places that build one
 * are found in the source, so a new rule without its Arabic reason fails here before a client sees it.
 */
const ROOT = resolve(__dirname, '..', '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The argument text of each call starting at `opener` (the text up to the matching parenthesis). */
function calls(text: string, opener: string): string[] {
  const found: string[] = [];
  for (let start = text.indexOf(opener); start >= 0; start = text.indexOf(opener, start + 1)) {
    let depth = 1;
    let i = start + opener.length;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
    }
    found.push(text.slice(start + opener.length, i - 1));
  }
  return found;
}

/** Top-level arguments of a call's argument text (commas inside brackets or strings do not split). */
function argumentCount(args: string): number {
  let depth = 0;
  let quote: string | null = null;
  let count = args.trim() === '' ? 0 : 1;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0 && args.slice(i + 1).trim() !== '') count++;
  }
  return count;
}

describe('validation errors are bilingual', () => {
  const files = [...sources(join(ROOT, 'libs')), ...sources(join(ROOT, 'apps'))];

  it('every new ValidationError(field, reason, reason_ar) gives the Arabic reason', () => {
    const missing = files.flatMap((file) =>
      calls(readFileSync(file, 'utf8'), 'new ValidationError(')
        .filter((args) => argumentCount(args) < 3)
        .map((args) => `${relative(ROOT, file)}: new ValidationError(${args.replace(/\s+/g, ' ').slice(0, 100)})`),
    );
    expect(missing).toEqual([]);
  });

  it("every DomainError('E_VALIDATION', details) and validation details object names reason_ar", () => {
    const missing = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const built = calls(text, "new DomainError('E_VALIDATION',").filter((args) => !/reason_ar|reasonAr|\.\.\./.test(args));
      const details = [...text.matchAll(/details: \{ field: [^}]*\}/g)].map((m) => m[0]).filter((d) => !/reason_ar|\.\.\./.test(d));
      return [...built, ...details].map((found) => `${relative(ROOT, file)}: ${found.replace(/\s+/g, ' ').slice(0, 100)}`);
    });
    expect(missing).toEqual([]);
  });

  it('every reason a request DTO declares (class-validator message) has its Arabic', () => {
    const messages = files
      .filter((file) => file.includes('/dto/'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/message: (?:'([^']*)'|`([^`]*)`)/g)].map((m) => m[1] ?? m[2]))
      // A template's interpolations stand for numbers or lists of codes.
      .map((message) => message.replace(/\$\{[^}]*\.join\([^)]*\)\}/g, 'A, B').replace(/\$\{[^}]*\}/g, '10'));
    expect(messages.length).toBeGreaterThan(30);
    expect(messages.filter((message) => !arabicReason(message))).toEqual([]);
  });
});
