/** What the recipient's page shows of the merchant: its name and colour (a test scope shows its team's). */
export interface TeamBranding {
  readonly name: string;
  /** #rrggbb, or null for the gateway's own colour. */
  readonly colour: string | null;
}

export interface TeamBrandingPort {
  brandingOf(teamId: string): Promise<TeamBranding>;
}

export const TEAM_BRANDING = Symbol('TEAM_BRANDING');
