import { CarrierSimulator } from '../../shared/sandbox';
import { aymakanRoutes } from './aymakan.routes';
import { AYMAKAN_VOCABULARY } from './aymakan.vocabulary';

export const AYMAKAN_SIMULATOR: CarrierSimulator = {
  vocabulary: AYMAKAN_VOCABULARY,
  routes: aymakanRoutes,
  // Aymakan's errors are `{error, message}`; a server failure reads the same.
  faultBody: { error: true, message: 'Server Error' },
};
