/**
 * What an API key may do (docs/adr/0082-scoped-keys-and-audit.md): `<resource>:read` or
 * `<resource>:write` per resource, or `*` for everything. Write implies read.
 */
export const SCOPE_RESOURCES = [
  'shipments',
  'labels',
  'pickups',
  'webhooks',
  'billing',
  'catalogue',
  'batches',
  'connections',
  'keys',
  'audit',
] as const;

export type ScopeResource = (typeof SCOPE_RESOURCES)[number];
export type Scope = `${ScopeResource}:${'read' | 'write'}`;
export const FULL_ACCESS = '*';

const KNOWN: ReadonlySet<string> = new Set([FULL_ACCESS, ...SCOPE_RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`])]);

export function isKnownScope(value: unknown): value is Scope | typeof FULL_ACCESS {
  return typeof value === 'string' && KNOWN.has(value);
}

/**
 * Every scope a key's grants satisfy, computed once per key: a request's check is then one set
 * look-up. `*` is kept as itself and answers every check.
 */
export function effectiveScopes(granted: readonly string[]): ReadonlySet<string> {
  const effective = new Set<string>();
  for (const scope of granted) {
    if (!KNOWN.has(scope)) continue;
    effective.add(scope);
    if (scope.endsWith(':write')) effective.add(`${scope.slice(0, -':write'.length)}:read`);
  }
  return effective;
}

export function satisfies(effective: ReadonlySet<string>, required: string): boolean {
  return effective.has(FULL_ACCESS) || effective.has(required);
}

/** The first requested scope the grantor's own scopes do not cover; null when all are covered. */
export function firstUngrantable(grantor: readonly string[], requested: readonly string[]): string | null {
  const effective = effectiveScopes(grantor);
  if (effective.has(FULL_ACCESS)) return null;
  for (const scope of requested) if (!effective.has(scope)) return scope;
  return null;
}
