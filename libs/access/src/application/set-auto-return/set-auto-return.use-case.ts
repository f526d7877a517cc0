import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ValidationError } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';

export const AUTO_RETURN_AFTER_ATTEMPTS_RANGE = { min: 1, max: 10 } as const;

/**
 * A team's `auto_return_after_attempts` (docs/adr/0083): after that many failed deliveries of one
 * parcel the gateway sends it back to its origin by itself. Its test scope follows it.
 */
@Injectable()
export class SetAutoReturnUseCase {
  constructor(@Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort) {}

  async execute(command: { teamId: string; attempts: unknown }): Promise<void> {
    const { min, max } = AUTO_RETURN_AFTER_ATTEMPTS_RANGE;
    const attempts = command.attempts;
    if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < min || attempts > max) {
      throw new ValidationError(
        'auto_return_after_attempts',
        `must be an integer between ${min} and ${max}`,
        `يجب أن يكون عدداً صحيحاً بين ${min} و${max}`,
      );
    }
    if (!(await this.teams.setAutoReturnAfterAttempts(command.teamId, attempts))) throw new DomainError('E_NOT_FOUND');
  }
}
