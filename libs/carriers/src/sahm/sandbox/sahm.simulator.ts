import { CarrierSimulator } from '../../shared/sandbox';
import { sahmRoutes } from './sahm.routes';
import { SAHM_VOCABULARY } from './sahm.vocabulary';

export const SAHM_SIMULATOR: CarrierSimulator = { vocabulary: SAHM_VOCABULARY, routes: sahmRoutes };
