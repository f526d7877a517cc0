import { AYMAKAN_STATUS_MAP } from './aymakan.status-map';

describe('Aymakan status codes', () => {
  it('reads a code whatever its case or spacing, many codes to one status', () => {
    expect(AYMAKAN_STATUS_MAP.map(' ay-0005 ')?.status).toBe('DELIVERED');
    for (const code of ['AY-0009', 'AY-0026', 'AY-0030', 'AY-0104']) expect(AYMAKAN_STATUS_MAP.map(code)?.status).toBe('IN_TRANSIT');
    for (const code of ['AY-0007', 'AY-0011', 'AY-0014', 'AY-0045', 'AY-0051', 'AY-0105', 'AY-0107']) {
      expect(AYMAKAN_STATUS_MAP.map(code)?.status).toBe('CANCELLED');
    }
    expect(AYMAKAN_STATUS_MAP.map('AY-0006')).toEqual({
      status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
      exceptionType: 'FAILED_DELIVERY_ATTEMPT',
    });
    expect(AYMAKAN_STATUS_MAP.map('AY-0006:address')?.status).toBe('EXCEPTION_ADDRESS_ISSUE');
    expect(AYMAKAN_STATUS_MAP.map('AY-9999')).toBeNull();
  });
});
