import { CarrierSimulator } from '../../shared/sandbox';
import { smsaRoutes } from './smsa.routes';
import { SMSA_VOCABULARY } from './smsa.vocabulary';

export const SMSA_SIMULATOR: CarrierSimulator = {
  vocabulary: SMSA_VOCABULARY,
  routes: smsaRoutes,
  // SMSA's API is ASP.NET: a server failure is a problem-details object.
  faultBody: {
    type: 'https://tools.ietf.org/html/rfc7231#section-6.6.1',
    title: 'An error occurred while processing your request.',
    status: 500,
  },
};
