/** "RIYADH" / "AL KHOBAR" → "Riyadh" / "Al Khobar": legacy systems shout place names. */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Keeps only defined values so optional fields are left out of native payloads. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}
