import { CarrierSimulator } from '../../shared/sandbox';
import { darbRoutes } from './darb.routes';
import { DARB_VOCABULARY } from './darb.vocabulary';

export const DARB_SIMULATOR: CarrierSimulator = { vocabulary: DARB_VOCABULARY, routes: darbRoutes };
