import type { InvoiceDocument, InvoiceRendererPort } from '@lgw/application';
import { ChromiumBrowserPool } from './chromium-browser-pool';
import { A4_HEIGHT_MM, A4_WIDTH_MM, buildInvoiceHtml, INVOICE_MARGIN_MM } from './invoice-template';
import { printHtmlToPdf } from './puppeteer-label.renderer';

/**
 * Printing time grows with the lines (~30 lines a page; about 3.5 ms a line measured,
 * docs/performance.md): a long month gets longer than a label's operation bound, up to what
 * the browser's protocol bound allows.
 */
const BASE_TIMEOUT_MS = 15_000;
const PER_LINE_MS = 5;
const MAX_TIMEOUT_MS = 28_000;

/** InvoiceRendererPort on the labels' Chromium pool: the invoice template printed to A4 pages. */
export class PuppeteerInvoiceRenderer implements InvoiceRendererPort {
  constructor(private readonly pool: ChromiumBrowserPool) {}

  render(invoice: InvoiceDocument): Promise<Buffer> {
    const html = buildInvoiceHtml(invoice);
    const timeout = Math.min(MAX_TIMEOUT_MS, Math.max(BASE_TIMEOUT_MS, invoice.lines.length * PER_LINE_MS));
    return printHtmlToPdf(
      this.pool,
      html,
      { widthMm: A4_WIDTH_MM, heightMm: A4_HEIGHT_MM, singlePage: false, marginMm: INVOICE_MARGIN_MM },
      timeout,
    );
  }
}
