import { FALLBACK_FILENAME, MAX_FILENAME_LENGTH, sanitiseFilename } from './document-filename';

describe('sanitiseFilename', () => {
  it('keeps ordinary names, Arabic included', () => {
    expect(sanitiseFilename('invoice-2024 (final).pdf')).toBe('invoice-2024 (final).pdf');
    expect(sanitiseFilename('فاتورة تجارية.pdf')).toBe('فاتورة تجارية.pdf');
  });

  it('drops any path, Windows or POSIX', () => {
    expect(sanitiseFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFilename('C:\\Users\\me\\invoice.pdf')).toBe('invoice.pdf');
  });

  it('removes control and invisible formatting characters', () => {
    expect(sanitiseFilename('in\u0000voice\r\n.pdf')).toBe('invoice.pdf');
    expect(sanitiseFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });

  it('replaces shell and markup characters and refuses hidden names', () => {
    expect(sanitiseFilename('a<b>"c";$(rm).pdf')).toBe('a_b_c_(rm).pdf');
    expect(sanitiseFilename('.htaccess')).toBe('htaccess');
  });

  it('falls back when nothing usable is left', () => {
    expect(sanitiseFilename(undefined)).toBe(FALLBACK_FILENAME);
    expect(sanitiseFilename('')).toBe(FALLBACK_FILENAME);
    expect(sanitiseFilename('../..')).toBe(FALLBACK_FILENAME);
    expect(sanitiseFilename('\u0001\u0002')).toBe(FALLBACK_FILENAME);
  });

  it('bounds the length and keeps the extension', () => {
    const name = sanitiseFilename(`${'x'.repeat(500)}.pdf`);
    expect(Array.from(name)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
