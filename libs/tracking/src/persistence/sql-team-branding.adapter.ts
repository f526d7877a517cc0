import { DataSource } from 'typeorm';
import { TeamBranding, TeamBrandingPort } from '../application/ports/team-branding.port';

export class SqlTeamBrandingAdapter implements TeamBrandingPort {
  constructor(private readonly dataSource: DataSource) {}

  async brandingOf(teamId: string): Promise<TeamBranding> {
    const [row]: Array<{ name: string; colour: string | null }> = await this.dataSource.query(
      `SELECT COALESCE(a.name, t.name) AS name, COALESCE(a.brand_colour, t.brand_colour) AS colour
         FROM teams t LEFT JOIN teams a ON a.id = t.account_id WHERE t.id = $1`,
      [teamId],
    );
    return { name: row?.name ?? '', colour: row?.colour ?? null };
  }
}
