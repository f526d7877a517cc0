import { CarrierSimulator } from '../../shared/sandbox';
import { aramexRoutes } from './aramex.routes';
import { ARAMEX_VOCABULARY } from './aramex.vocabulary';

export const ARAMEX_SIMULATOR: CarrierSimulator = {
  vocabulary: ARAMEX_VOCABULARY,
  routes: aramexRoutes,
  // Aramex's API is WCF: a server failure is a fault object carrying Message.
  faultBody: { Message: 'The server encountered an error processing the request. See server logs for more details.' },
};
