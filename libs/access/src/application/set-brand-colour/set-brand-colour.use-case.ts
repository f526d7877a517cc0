import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ValidationError } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';

/** A team's colour on its recipients' tracking pages (docs/adr/0083): #rrggbb, or null for the gateway's. */
@Injectable()
export class SetBrandColourUseCase {
  constructor(@Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort) {}

  async execute(command: { teamId: string; colour: unknown }): Promise<void> {
    const colour = command.colour;
    if (colour !== null && (typeof colour !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(colour))) {
      throw new ValidationError('brand_colour', 'must be a colour #rrggbb, or null', 'يجب أن يكون لوناً بصيغة #rrggbb أو null');
    }
    if (!(await this.teams.setBrandColour(command.teamId, colour === null ? null : colour.toLowerCase())))
      throw new DomainError('E_NOT_FOUND');
  }
}
