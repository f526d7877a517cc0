import { formatLegacyRiyadhDate, parseLegacyRiyadhDate, parseRiyadhDateTime } from './riyadh-time';

describe('Riyadh time', () => {
  it('reads dd/MM/yyyy HH:mm as UTC+3', () => {
    expect(parseLegacyRiyadhDate('01/03/2025 13:15')).toEqual(new Date('2025-03-01T10:15:00Z'));
    expect(parseLegacyRiyadhDate('01/01/2026 01:30')).toEqual(new Date('2025-12-31T22:30:00Z'));
  });

  it('writes dd/MM/yyyy HH:mm and round-trips', () => {
    const at = new Date('2025-12-31T22:30:59Z');
    expect(formatLegacyRiyadhDate(at)).toBe('01/01/2026 01:30');
    expect(parseLegacyRiyadhDate(formatLegacyRiyadhDate(at))).toEqual(new Date('2025-12-31T22:30:00Z'));
  });

  it('reads yyyy-MM-dd HH:mm:ss as UTC+3', () => {
    expect(parseRiyadhDateTime('2025-03-01 13:15:42')).toEqual(new Date('2025-03-01T10:15:42Z'));
  });

  it.each(['', '2025-03-01T10:15', '31/02/2025 10:00', '01/13/2025 10:00', '01/03/2025 24:00', '1/3/2025 10:00'])('rejects %p', (text) => {
    expect(parseLegacyRiyadhDate(text)).toBeNull();
  });

  it('rejects impossible feed times', () => {
    expect(parseRiyadhDateTime('2025-02-30 10:00:00')).toBeNull();
    expect(parseRiyadhDateTime('2025-03-01 10:00:61')).toBeNull();
  });
});
