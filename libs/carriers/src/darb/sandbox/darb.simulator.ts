import { CarrierSimulator } from '../../shared/sandbox';
import { darbRoutes } from './darb.routes';
import { DARB_VOCABULARY } from './darb.vocabulary';

export const DARB_SIMULATOR: CarrierSimulator = {
  vocabulary: DARB_VOCABULARY,
  routes: darbRoutes,
  // Darb's documented error answer: a code and a message side by side.
  faultBody: { error: 'INTERNAL_ERROR', message: 'Darb is temporarily unable to process the request' },
};
