import { DomainError } from '@lgw/kernel';
import { FulfilmentBatchRecord, FulfilmentBatchRepositoryPort } from './ports/fulfilment-batch.repository.port';

/** The team's batch, read through the repository port; another team's answers like an unknown id (404 E_NOT_FOUND). */
export async function batchOfTeam(batches: FulfilmentBatchRepositoryPort, teamId: string, id: string): Promise<FulfilmentBatchRecord> {
  const batch = await batches.findForTeam(teamId, id);
  if (!batch) throw new DomainError('E_NOT_FOUND');
  return batch;
}
