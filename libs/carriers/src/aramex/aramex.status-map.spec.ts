import { ARAMEX_STATUS_MAP, aramexUpdateKey } from './aramex.status-map';

describe('Aramex update codes', () => {
  it('reads a code whatever its case or spacing, several codes to one status', () => {
    expect(ARAMEX_STATUS_MAP.map(' sh005 ')?.status).toBe('DELIVERED');
    expect(ARAMEX_STATUS_MAP.map('SH006')?.status).toBe('DELIVERED');
    expect(ARAMEX_STATUS_MAP.map('SH022')?.status).toBe('IN_TRANSIT');
    expect(ARAMEX_STATUS_MAP.map('SH001')?.status).toBe('IN_TRANSIT');
    expect(ARAMEX_STATUS_MAP.map('SH033')).toEqual({
      status: 'EXCEPTION_FAILED_DELIVERY_ATTEMPT',
      exceptionType: 'FAILED_DELIVERY_ATTEMPT',
    });
    expect(ARAMEX_STATUS_MAP.map('SH239')).toBeNull();
  });

  it('tells a failed attempt for want of an address apart by its problem code, and ignores problem codes it does not map', () => {
    expect(aramexUpdateKey('SH033', 'A16')).toBe('SH033/A16');
    expect(ARAMEX_STATUS_MAP.map(aramexUpdateKey('SH033', 'A16'))?.exceptionType).toBe('ADDRESS_ISSUE');
    expect(aramexUpdateKey('SH033', 'A18')).toBe('SH033/A18');
    expect(aramexUpdateKey('SH033', 'Z99')).toBe('SH033');
    expect(aramexUpdateKey('SH005', '')).toBe('SH005');
  });
});
