import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@lgw/kernel';
import { PICKUP_REPOSITORY, PickupRepositoryPort } from '../ports/pickup.repository.port';
import { PickupRecord, PickupView, toPickupView } from '../pickup.record';

/** One of the team's pickups; another team's answers like an unknown id. */
@Injectable()
export class GetPickupUseCase {
  constructor(@Inject(PICKUP_REPOSITORY) private readonly pickups: PickupRepositoryPort) {}

  async execute(query: { teamId: string; pickupId: string }): Promise<PickupView> {
    return toPickupView(await this.record(query.teamId, query.pickupId));
  }

  async record(teamId: string, pickupId: string): Promise<PickupRecord> {
    const pickup = await this.pickups.findForTeam(teamId, pickupId);
    if (!pickup) throw new DomainError('E_NOT_FOUND');
    return pickup;
  }
}
