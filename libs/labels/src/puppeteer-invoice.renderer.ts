import type { InvoiceDocument, InvoiceRendererPort } from '@lgw/billing';
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
    return printA4(this.pool, buildInvoiceHtml(invoice), invoice.lines.length, INVOICE_MARGIN_MM);
  }
}

/** A document of `lines` table rows on A4 pages (invoices, manifests), its time bound grown with the lines. */
export function printA4(pool: ChromiumBrowserPool, html: string, lines: number, marginMm: number): Promise<Buffer> {
  const timeout = Math.min(MAX_TIMEOUT_MS, Math.max(BASE_TIMEOUT_MS, lines * PER_LINE_MS));
  return printHtmlToPdf(pool, html, { widthMm: A4_WIDTH_MM, heightMm: A4_HEIGHT_MM, singlePage: false, marginMm }, timeout);
}
