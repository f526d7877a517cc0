import { SMSA_STATUS_MAP } from './smsa.status-map';

describe('SMSA scan types', () => {
  it('reads a scan type whatever its case or spacing, several scan types to one status', () => {
    expect(SMSA_STATUS_MAP.map(' dl ')?.status).toBe('DELIVERED');
    expect(SMSA_STATUS_MAP.map('PU')?.status).toBe('PICKED_UP');
    expect(SMSA_STATUS_MAP.map('pkd')?.status).toBe('PICKED_UP');
    expect(SMSA_STATUS_MAP.map('DE')).toEqual({ status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT', exceptionType: 'FAILED_DELIVERY_ATTEMPT' });
    expect(SMSA_STATUS_MAP.map('XYZ')).toBeNull();
  });
});
