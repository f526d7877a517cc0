import { Inject, Injectable } from '@nestjs/common';
import { pickupOfTeam } from '../pickup-of-team';
import { PICKUP_REPOSITORY, PickupRepositoryPort } from '../ports/pickup.repository.port';
import { PickupView, toPickupView } from '../pickup.record';

/** One of the team's pickups; another team's answers like an unknown id. */
@Injectable()
export class GetPickupUseCase {
  constructor(@Inject(PICKUP_REPOSITORY) private readonly pickups: PickupRepositoryPort) {}

  async execute(query: { teamId: string; pickupId: string }): Promise<PickupView> {
    return toPickupView(await pickupOfTeam(this.pickups, query.teamId, query.pickupId));
  }
}
