import { CarrierSimulator } from '../../shared/sandbox';
import { fault } from './bahr-envelope';
import { bahrRoutes } from './bahr.routes';
import { BAHR_VOCABULARY } from './bahr.vocabulary';

export const BAHR_SIMULATOR: CarrierSimulator = {
  vocabulary: BAHR_VOCABULARY,
  routes: bahrRoutes,
  // Bahr answers every failure in its envelope, the fault in Envelope.Fault.
  faultBody: fault('SYS-500', 'Gateway internal error'),
};
