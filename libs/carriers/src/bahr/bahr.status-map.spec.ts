import { SHIPMENT_STATUSES } from '@lgw/domain';
import { mapBahrStatus } from './bahr.status-map';

const DOCUMENTED = [
  1000, 1010, 1020, 1100, 1200, 1210, 1300, 1400, 1410, 1420, 1500, 1600, 1700, 2100, 2200, 2300, 2400, 2500, 3000, 3100, 3900, 9000,
];

describe('bahr status map', () => {
  it('covers every gateway status exactly once', () => {
    const mapped = DOCUMENTED.map((code) => mapBahrStatus(code)?.status);
    expect(new Set(mapped)).toEqual(new Set(SHIPMENT_STATUSES));
    expect(mapped).toHaveLength(SHIPMENT_STATUSES.length);
  });

  it('accepts codes as numbers or digit strings; 2xxx are exceptions', () => {
    expect(mapBahrStatus('1700')).toEqual({ status: 'DELIVERED' });
    expect(mapBahrStatus(2200)).toEqual({ status: 'EXCEPTION_ADDRESS_ISSUE', exceptionType: 'ADDRESS_ISSUE' });
  });

  it('answers null for unknown codes', () => {
    expect(mapBahrStatus(1999)).toBeNull();
    expect(mapBahrStatus('DLV')).toBeNull();
    expect(mapBahrStatus('')).toBeNull();
  });
});
