import { CARRIERS } from '@lgw/carriers';
import { describeCarrierContract } from './support/carrier-contract.suite';

// Every registered carrier, with what its definition declares: a new carrier is covered
// without editing this file.
describe.each(CARRIERS.map((carrier) => [carrier.descriptor.code, carrier] as const))('%s', (_code, carrier) => {
  describeCarrierContract(carrier);
});
