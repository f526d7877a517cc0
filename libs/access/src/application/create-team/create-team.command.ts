export interface CreateTeamCommand {
  readonly name: string;
}

export interface CreateTeamResult {
  readonly team: { readonly id: string; readonly name: string };
  readonly key_id: string;
  readonly api_key: string;
  /** The team's first test key (docs/test-mode.md), shown once like the live one. */
  readonly test_key_id: string;
  readonly test_api_key: string;
}
