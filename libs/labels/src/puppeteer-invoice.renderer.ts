import type { InvoiceDocument, InvoiceRendererPort } from '@lgw/application';
import { ChromiumBrowserPool } from './chromium-browser-pool';
import { A4_HEIGHT_MM, A4_WIDTH_MM, buildInvoiceHtml, INVOICE_MARGIN_MM } from './invoice-template';
import { printHtmlToPdf } from './puppeteer-label.renderer';

/** InvoiceRendererPort on the labels' Chromium pool: the invoice template printed to A4 pages. */
export class PuppeteerInvoiceRenderer implements InvoiceRendererPort {
  constructor(
    private readonly pool: ChromiumBrowserPool,
    private readonly timeoutMs?: number,
  ) {}

  render(invoice: InvoiceDocument): Promise<Buffer> {
    const html = buildInvoiceHtml(invoice);
    return printHtmlToPdf(this.pool, html, { widthMm: A4_WIDTH_MM, heightMm: A4_HEIGHT_MM, singlePage: false, marginMm: INVOICE_MARGIN_MM }, this.timeoutMs);
  }
}
