import type { LabelData } from '@lgw/shipping';
import { buildLabelHtml, textDirection } from './label-template';
import { escapeHtml, formatHalalas, formatKg, formatRiyadhDateTime } from './label-format';

const base: LabelData = {
  shipmentId: 'shp_01',
  trackingNumber: 'LGW0000000001SA',
  carrier: { code: 'swift', name_en: 'Swift Express', name_ar: 'سويفت إكسبريس' },
  service: { code: 'exp-dom', name_en: 'Express Domestic', name_ar: 'سريع محلي' },
  origin: { name: 'Acme Store', city: 'Riyadh', country: 'SA' },
  destination: {
    name: 'محمد عبدالله',
    city: 'جدة',
    country: 'SA',
    short_address: 'JESA3591',
    postal_code: '23423',
    additional_number: '4321',
  },
  parcels: [{ weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 }],
  chargeableWeightKg: 1.5,
  createdAt: new Date('2025-03-14T21:30:00Z'),
};

/** Text between tags, i.e. what a reader of the label would see (barcode SVG aside). */
function bodyText(html: string): string {
  return html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<svg[\s\S]*?<\/svg>/g, '');
}

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('leaves Arabic untouched and treats null as empty', () => {
    expect(escapeHtml('محمد & أحمد')).toBe('محمد &amp; أحمد');
    expect(escapeHtml(undefined)).toBe('');
  });
});

describe('buildLabelHtml escaping', () => {
  const hostile = '<img src="http://evil.test/x" onerror=alert(1)>\'"&';
  const fields: Array<[string, (value: string) => LabelData]> = [
    ['recipient name', (v) => ({ ...base, destination: { ...base.destination, name: v } })],
    ['recipient line1', (v) => ({ ...base, destination: { ...base.destination, line1: v } })],
    ['recipient city', (v) => ({ ...base, destination: { ...base.destination, city: v } })],
    ['recipient region', (v) => ({ ...base, destination: { ...base.destination, region: v } })],
    ['recipient short address', (v) => ({ ...base, destination: { ...base.destination, short_address: v } })],
    ['recipient phone', (v) => ({ ...base, destination: { ...base.destination, phone: v } })],
    ['sender name', (v) => ({ ...base, origin: { ...base.origin, name: v } })],
    ['sender postal code', (v) => ({ ...base, origin: { ...base.origin, postal_code: v } })],
    ['carrier name', (v) => ({ ...base, carrier: { ...base.carrier, name_en: v } })],
    ['service name (ar)', (v) => ({ ...base, service: { ...base.service, name_ar: v } })],
    ['reference', (v) => ({ ...base, reference: v })],
  ];

  it.each(fields)('escapes the %s', (_field, withValue) => {
    const html = buildLabelHtml(withValue(hostile));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('evil.test/x" onerror');
    expect(html).toContain('&lt;img src=&quot;http://evil.test/x&quot; onerror=alert(1)&gt;&#39;&quot;&amp;');
  });

  it('escapes the tracking number where it is printed as text', () => {
    const html = buildLabelHtml({ ...base, trackingNumber: 'AB<C>&"D' });
    expect(html).toContain('AB&lt;C&gt;&amp;&quot;D');
    expect(bodyText(html)).not.toContain('AB<C>');
  });

  it('allows nothing but inline styles and data: images', () => {
    expect(buildLabelHtml(base)).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
  });
});

describe('formatHalalas', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [123450, '1,234.50'],
    [1999, '19.99'],
    [-250, '-2.50'],
    [100000000029, '1,000,000,000.29'],
    [Number.MAX_SAFE_INTEGER, '90,071,992,547,409.91'],
  ])('%d halalas -> %s', (halalas, expected) => {
    expect(formatHalalas(halalas)).toBe(expected);
  });

  it('is exact where float division is not', () => {
    // 0.29 * 100 and friends: the classic case float formatting gets wrong.
    expect(formatHalalas(29)).toBe('0.29');
    expect(formatHalalas(1005)).toBe('10.05');
    expect(formatHalalas(4_503_599_627_370_497)).toBe('45,035,996,273,704.97');
  });

  it.each([1.5, NaN, Infinity, 2 ** 53])('rejects %p', (value) => {
    expect(() => formatHalalas(value)).toThrow(RangeError);
  });
});

describe('label content', () => {
  it('prints COD in SAR with two decimals only when there is an amount', () => {
    const withCod = bodyText(buildLabelHtml({ ...base, codAmountHalalas: 123450 }));
    expect(withCod).toContain('SAR 1,234.50');
    expect(withCod).toContain('الدفع عند الاستلام');
    expect(bodyText(buildLabelHtml(base))).not.toContain('Cash on delivery');
    expect(bodyText(buildLabelHtml({ ...base, codAmountHalalas: 0 }))).not.toContain('Cash on delivery');
  });

  it('marks Arabic blocks right-to-left and lets user text pick its direction', () => {
    const html = buildLabelHtml(base);
    expect(html).toContain('<div class="ar" lang="ar" dir="rtl"><div class="carrier-name">سويفت إكسبريس</div>');
    expect(html).toContain('<div class="name" dir="auto">محمد عبدالله</div>');
    expect(html).toContain('<div class="line place" dir="rtl"><bdi>جدة</bdi>، <bdi>SA</bdi></div>');
    expect(html).toContain('<div class="line place" dir="ltr"><bdi>Riyadh</bdi>, <bdi>SA</bdi></div>');
  });

  it('sizes the page A6 with no margin', () => {
    expect(buildLabelHtml(base)).toContain('@page { size: 105mm 148mm; margin: 0 }');
  });

  it('prints national address fields, parcels, weight, reference and Riyadh time', () => {
    const text = bodyText(buildLabelHtml({ ...base, reference: 'ORD-77', parcels: [...base.parcels, ...base.parcels] }));
    for (const expected of ['JESA3591', '23423', '4321', 'ORD-77', '1.5 kg', '2025-03-15 00:30 +03:00']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Parcels.*?<div class="val" dir="auto">2<\/div>/s);
  });

  it("prints the sender's national address on one line as short address and postal-additional", () => {
    const html = buildLabelHtml({
      ...base,
      origin: { ...base.origin, short_address: 'RRRD2929', postal_code: '12345', additional_number: '6789' },
    });
    expect(html).toContain('<span class="val" dir="ltr">RRRD2929 · 12345-6789</span>');
  });

  it('takes the QR payload from options when given (decoding is covered by the integration test)', () => {
    const qrContent = jest.fn((d: LabelData) => `https://track.example/${d.trackingNumber}`);
    const custom = buildLabelHtml(base, { qrContent });
    expect(qrContent).toHaveBeenCalledWith(base);
    expect(custom).not.toEqual(buildLabelHtml(base));
  });

  it('refuses a tracking number Code 128 cannot carry', () => {
    expect(() => buildLabelHtml({ ...base, trackingNumber: 'رقم' })).toThrow(RangeError);
    expect(() => buildLabelHtml({ ...base, trackingNumber: '' })).toThrow(RangeError);
  });
});

describe('multi-piece labels (docs/adr/0087)', () => {
  const parcel = { weight_kg: 1, length_cm: 10, width_cm: 10, height_cm: 10 };
  const pieces = [
    { number: 1, trackingNumber: 'M100-1', weightKg: 1 },
    { number: 2, trackingNumber: 'M100-2', weightKg: 2.5 },
    { number: 3, trackingNumber: 'M100-3', weightKg: 0.4 },
  ];
  const data: LabelData = { ...base, trackingNumber: 'M100', parcels: [parcel, parcel, parcel], pieces };

  it('prints one page per piece, each marked n/N in both languages', () => {
    const html = buildLabelHtml(data);
    expect(html.match(/<main class="label">/g)).toHaveLength(3);
    const text = bodyText(html);
    for (const n of [1, 2, 3]) {
      expect(text).toContain(`Piece ${n}/3`);
      expect(text).toContain(`قطعة <span dir="ltr">${n}/3</span>`);
    }
  });

  it("prints each piece's own number and weight, and the shipment's number", () => {
    const pages = buildLabelHtml(data).split('<main class="label">').slice(1);
    pages.forEach((page, i) => {
      expect(bodyText(page)).toContain(`>${pieces[i].trackingNumber}</span>`);
      expect(bodyText(page)).toContain('M100');
      expect(bodyText(page)).toContain(`${formatKg(pieces[i].weightKg)} kg`);
    });
  });

  it('hands the QR payload the piece as its tracking number', () => {
    const seen: string[] = [];
    buildLabelHtml(data, { qrContent: (d) => (seen.push(d.trackingNumber), d.trackingNumber) });
    expect(seen).toEqual(['M100-1', 'M100-2', 'M100-3']);
  });

  it('keeps a single-parcel label one page without a piece mark', () => {
    const html = buildLabelHtml(base);
    expect(html.match(/<main class="label">/g)).toHaveLength(1);
    expect(bodyText(html)).not.toContain('Piece ');
  });
});

describe('formatKg / formatRiyadhDateTime / textDirection', () => {
  it('formats weights without float noise', () => {
    expect(formatKg(2.5)).toBe('2.5');
    expect(formatKg(12)).toBe('12');
    expect(formatKg(0.1 + 0.2)).toBe('0.3');
  });

  it('uses UTC+3 all year', () => {
    expect(formatRiyadhDateTime(new Date('2025-07-01T00:00:00Z'))).toBe('2025-07-01 03:00 +03:00');
  });

  it('takes direction from the first letter', () => {
    expect(textDirection('١٢ جدة')).toBe('rtl');
    expect(textDirection('12 Jeddah جدة')).toBe('ltr');
    expect(textDirection('')).toBe('ltr');
  });
});

describe('the return mark', () => {
  it('says RETURN in both languages on a customer return only', () => {
    const plain = buildLabelHtml(base);
    const returned = buildLabelHtml({ ...base, isReturn: true });
    expect(plain).not.toContain('RETURN');
    expect(plain).not.toContain('مرتجع');
    expect(returned).toContain('>RETURN<');
    expect(returned).toContain('>مرتجع<');
  });
});
