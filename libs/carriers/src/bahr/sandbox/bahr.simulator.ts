import { CarrierSimulator } from '../../shared/sandbox';
import { bahrRoutes } from './bahr.routes';
import { BAHR_VOCABULARY } from './bahr.vocabulary';

export const BAHR_SIMULATOR: CarrierSimulator = { vocabulary: BAHR_VOCABULARY, routes: bahrRoutes };
