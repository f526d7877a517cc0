import { ARAMEX_CARRIER } from '../aramex/aramex.carrier';
import { AYMAKAN_CARRIER } from '../aymakan/aymakan.carrier';
import { BAHR_CARRIER } from '../bahr/bahr.carrier';
import { DARB_CARRIER } from '../darb/darb.carrier';
import { SAHM_CARRIER } from '../sahm/sahm.carrier';
import { SMSA_CARRIER } from '../smsa/smsa.carrier';
import { CarrierDefinition } from '../shared/carrier-definition';

/**
 * The carriers the gateway offers, one line each. Everything else (catalogue, adapters,
 * settings, the sandbox's simulators, the "each carrier" test suites) is discovered from here.
 */
export const CARRIERS: readonly CarrierDefinition[] = [
  SAHM_CARRIER,
  BAHR_CARRIER,
  DARB_CARRIER,
  SMSA_CARRIER,
  ARAMEX_CARRIER,
  AYMAKAN_CARRIER,
];
