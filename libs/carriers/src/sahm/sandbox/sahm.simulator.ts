import { CarrierSimulator } from '../../shared/sandbox';
import { sahmRoutes } from './sahm.routes';
import { SAHM_VOCABULARY } from './sahm.vocabulary';

export const SAHM_SIMULATOR: CarrierSimulator = {
  vocabulary: SAHM_VOCABULARY,
  routes: sahmRoutes,
  // Sahm's documented error object (sandbox/README.md), here for its server failure.
  faultBody: { error: { code: 'internal_error', message: 'Sahm is temporarily unable to process the request' } },
};
