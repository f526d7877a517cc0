import { DomainError } from '@lgw/kernel';
import { ShipmentRepositoryPort } from './ports/shipment.repository.port';
import { ShipmentRecord } from './shipment.record';

/**
 * The team's shipment, read through the repository port: another team's shipment is
 * indistinguishable from a missing one (404 E_NOT_FOUND, never 403). Every use case that acts
 * on one shipment starts here, rather than calling the use case that answers GET /shipments/{id}.
 */
export async function shipmentOfTeam(shipments: ShipmentRepositoryPort, teamId: string, shipmentId: string): Promise<ShipmentRecord> {
  const shipment = await shipments.findForTeam(teamId, shipmentId);
  if (!shipment) throw new DomainError('E_NOT_FOUND');
  return shipment;
}
