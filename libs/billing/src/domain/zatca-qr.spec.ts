import { decodeSimplifiedInvoiceQr, simplifiedInvoiceQrText } from './zatca-qr';

describe('simplified tax invoice QR (TLV, base64)', () => {
  const fields = {
    sellerName: 'بوابة الخدمات اللوجستية Logistics Gateway',
    vatNumber: '310122393500003',
    timestamp: new Date('2026-11-23T05:30:00.000Z'),
    totalWithVat: '1150.00',
    vatTotal: '150.00',
  };

  it('encodes the five fields in tag order, with UTF-8 byte lengths, as base64', () => {
    const text = simplifiedInvoiceQrText(fields);
    const bytes = Buffer.from(text, 'base64');
    expect(bytes.toString('base64')).toBe(text);
    const nameBytes = Buffer.from(fields.sellerName, 'utf8');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(nameBytes.length);
    expect(bytes.subarray(2, 2 + nameBytes.length).equals(nameBytes)).toBe(true);
    expect([...decodeSimplifiedInvoiceQr(text).entries()]).toEqual([
      [1, fields.sellerName],
      [2, '310122393500003'],
      [3, '2026-11-23T05:30:00Z'],
      [4, '1150.00'],
      [5, '150.00'],
    ]);
  });

  it('matches Node base64 for every padding length', () => {
    for (const name of ['A', 'AB', 'ABC']) {
      const text = simplifiedInvoiceQrText({ ...fields, sellerName: name });
      expect(Buffer.from(text, 'base64').toString('base64')).toBe(text);
      expect(decodeSimplifiedInvoiceQr(text).get(1)).toBe(name);
    }
  });

  it('refuses a field longer than one length byte can say', () => {
    expect(() => simplifiedInvoiceQrText({ ...fields, sellerName: 'x'.repeat(256) })).toThrow(RangeError);
  });
});
