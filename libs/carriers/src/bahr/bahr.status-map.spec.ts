import { BAHR_STATUS_MAP } from './bahr.status-map';

// Coverage of the declared statuses: shared/status-map.coverage.spec.ts.
describe('bahr status map', () => {
  it('accepts codes as numbers or digit strings', () => {
    expect(BAHR_STATUS_MAP.map(' 1700 ')).toEqual({ status: 'DELIVERED' });
    expect(BAHR_STATUS_MAP.map(2200)).toEqual({ status: 'EXCEPTION_ADDRESS_ISSUE', exceptionType: 'ADDRESS_ISSUE' });
  });
});
