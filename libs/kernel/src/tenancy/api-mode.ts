/**
 * Live or test (docs/adr/0060-test-mode-tenancy.md). A test key works in its team's test
 * scope: everything it creates is invisible to live keys and the reverse, the carriers are
 * always the sandbox simulators, and nothing is billed.
 */
export type ApiMode = 'live' | 'test';

export const API_MODES: readonly ApiMode[] = ['live', 'test'];

export function isApiMode(value: unknown): value is ApiMode {
  return value === 'live' || value === 'test';
}
