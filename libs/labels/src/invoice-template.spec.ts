import { type InvoiceDocument, simplifiedInvoiceQrText } from '@lgw/billing';
import { buildInvoiceHtml } from './invoice-template';

const invoice: InvoiceDocument = {
  invoiceNumber: 'INV-202611-3f2a9c1b04de',
  issuedAt: new Date('2026-11-23T05:30:00Z'),
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  seller: { name: 'Gateway <Trading> & Co', vatNumber: '310122393500003' },
  customerReference: 'team-1',
  lines: [
    { trackingNumber: 'T1', descriptionEn: 'Shipment T1', descriptionAr: 'شحنة T1', amountHalalas: 2233, vatHalalas: 335 },
    { trackingNumber: 'T1', descriptionEn: 'Cancellation credit T1', descriptionAr: 'إشعار دائن', amountHalalas: -2233, vatHalalas: -335 },
    { trackingNumber: 'T2', descriptionEn: 'Shipment T2', descriptionAr: 'شحنة T2', amountHalalas: 123456789, vatHalalas: 18518518 },
  ],
  subtotalHalalas: 123456789,
  surchargesHalalas: 0,
  vatHalalas: 18518518,
  totalHalalas: 141975307,
  qrText: simplifiedInvoiceQrText({
    sellerName: 'Gateway',
    vatNumber: '310122393500003',
    timestamp: new Date('2026-11-23T05:30:00Z'),
    totalWithVat: '1419753.07',
    vatTotal: '185185.18',
  }),
};

describe('invoice template', () => {
  const html = buildInvoiceHtml(invoice);

  it('names the buyer of a tax invoice (legal names, VAT number, address, escaped), and none when there is none', () => {
    const withBuyer = buildInvoiceHtml({
      ...invoice,
      buyer: {
        nameEn: 'Buyer <B2B> Co',
        nameAr: 'شركة المشتري',
        vatNumber: '311111111100003',
        address: 'Prince Sultan St, 1234, Jeddah 23433, SA',
      },
    });
    expect(withBuyer).toContain('Buyer &lt;B2B&gt; Co');
    expect(withBuyer).toContain('شركة المشتري');
    expect(withBuyer).toContain('311111111100003');
    expect(withBuyer).toContain('Prince Sultan St, 1234, Jeddah 23433, SA');
    expect(html).not.toContain('class="buyer"');
  });

  it('titles the document in both languages and names the seller with its VAT number, escaped', () => {
    expect(html).toContain('Simplified Tax Invoice');
    expect(html).toContain('فاتورة ضريبية مبسطة');
    expect(html).toContain('Gateway &lt;Trading&gt; &amp; Co');
    expect(html).not.toContain('<Trading>');
    expect(html).toContain('310122393500003');
  });

  it('prints one row per line with exact amounts, credits negative, and the Riyadh issue time', () => {
    expect(html.match(/<tr>\s*<td class="n">/g)).toHaveLength(3);
    expect(html).toContain('1,234,567.89');
    expect(html).toContain('-22.33');
    expect(html).toContain('1,419,753.07');
    expect(html).toContain('2026-11-23 08:30 +03:00');
  });

  it('draws the QR code inline and loads nothing', () => {
    expect(html).toMatch(/<svg[^>]*viewBox/);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  it('says so when the period has no charges', () => {
    expect(buildInvoiceHtml({ ...invoice, lines: [] })).toContain('No charges in this period');
  });
});
