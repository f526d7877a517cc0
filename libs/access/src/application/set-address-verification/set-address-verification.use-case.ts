import { Inject, Injectable } from '@nestjs/common';
import { ADDRESS_VERIFICATION_MODES, AddressVerificationMode, isAddressVerificationMode, DomainError, ValidationError } from '@lgw/kernel';
import { TEAM_REPOSITORY, TeamRepositoryPort } from '../ports/team.repository.port';
import { ApiKeyPrincipals } from '../authenticate-api-key/authenticate-api-key.use-case';

/**
 * A team's National Address rule (docs/adr/0052): `warn` books what the register does not
 * confirm with a warning, `enforce` refuses it. Honoured at once on this replica, within the
 * key cache's second on the others.
 */
@Injectable()
export class SetAddressVerificationUseCase {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepositoryPort,
    private readonly principals: ApiKeyPrincipals,
  ) {}

  async execute(command: { teamId: string; mode: unknown }): Promise<{ team_id: string; address_verification: AddressVerificationMode }> {
    const mode = command.mode;
    if (!isAddressVerificationMode(mode)) {
      throw new ValidationError(
        'address_verification',
        `must be one of: ${ADDRESS_VERIFICATION_MODES.join(', ')}`,
        `يجب أن يكون إحدى القيم: ${ADDRESS_VERIFICATION_MODES.join('، ')}`,
      );
    }
    if (!(await this.teams.setAddressVerification(command.teamId, mode))) throw new DomainError('E_NOT_FOUND');
    this.principals.forgetTeam(command.teamId);
    return { team_id: command.teamId, address_verification: mode };
  }
}
