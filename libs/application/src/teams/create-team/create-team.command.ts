export interface CreateTeamCommand {
  readonly name: string;
}

export interface CreateTeamResult {
  readonly team: { readonly id: string; readonly name: string };
  readonly key_id: string;
  readonly api_key: string;
}
