import { DomainError } from '@lgw/kernel';
import { PickupRepositoryPort } from './ports/pickup.repository.port';
import { PickupRecord } from './pickup.record';

/** One of the team's pickups, read through the repository port; another team's answers like an unknown id (404 E_NOT_FOUND). */
export async function pickupOfTeam(pickups: PickupRepositoryPort, teamId: string, pickupId: string): Promise<PickupRecord> {
  const pickup = await pickups.findForTeam(teamId, pickupId);
  if (!pickup) throw new DomainError('E_NOT_FOUND');
  return pickup;
}
