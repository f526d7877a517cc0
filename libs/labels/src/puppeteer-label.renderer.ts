import { type LabelData, type LabelRendererPort } from '@lgw/shipping';
import { LabelRendererUnavailableError } from '@lgw/kernel';
import { BrowserUnavailableError, ChromiumBrowserPool } from './chromium-browser-pool';
import { withExactPageSize } from './exact-page-size';
import { buildLabelHtml, LABEL_HEIGHT_MM, LABEL_WIDTH_MM, type LabelTemplateOptions } from './label-template';

export interface PuppeteerLabelRendererOptions {
  readonly template?: LabelTemplateOptions;
  /** Per step (setContent, pdf); the pool's operation timeout applies when unset. */
  readonly timeoutMs?: number;
}

/** LabelRendererPort on headless Chromium: the HTML template printed to a one-page A6 PDF. */
export class PuppeteerLabelRenderer implements LabelRendererPort {
  constructor(
    private readonly pool: ChromiumBrowserPool,
    private readonly options: PuppeteerLabelRendererOptions = {},
  ) {}

  render(data: LabelData): Promise<Buffer> {
    // Built before taking a page so a template error never occupies the pool.
    return this.renderHtml(buildLabelHtml(data, this.options.template));
  }

  /** Prints an already self-contained HTML document on an A6 page. */
  renderHtml(html: string): Promise<Buffer> {
    return printHtmlToPdf(
      this.pool,
      html,
      { widthMm: LABEL_WIDTH_MM, heightMm: LABEL_HEIGHT_MM, singlePage: true },
      this.options.timeoutMs,
    );
  }
}

export interface PdfPageSize {
  readonly widthMm: number;
  readonly heightMm: number;
  /** Labels are one page by definition; documents such as invoices flow over as many as needed. */
  readonly singlePage: boolean;
  /** Blank margin on every side of every page; labels print to the edge. */
  readonly marginMm?: number;
}

/** Prints a self-contained HTML document with a page of the pool (labels, invoices). */
export async function printHtmlToPdf(pool: ChromiumBrowserPool, html: string, size: PdfPageSize, timeout?: number): Promise<Buffer> {
  try {
    // The page goes back to the pool before the boxes are corrected.
    return await withExactPageSize(await printOnPage(pool, html, size, timeout), size.widthMm, size.heightMm);
  } catch (error) {
    if (error instanceof BrowserUnavailableError) throw new LabelRendererUnavailableError(error.message);
    throw error;
  }
}

function printOnPage(pool: ChromiumBrowserPool, html: string, size: PdfPageSize, timeout?: number): Promise<Buffer> {
  return pool.withPage(async (page) => {
    // Nothing is fetched, so 'load' fires as soon as the document is parsed and laid out;
    // the network-idle variants would only add their fixed 500 ms quiet period.
    await page.setContent(html, { waitUntil: 'load', timeout });
    const pdf = await page.pdf({
      width: `${size.widthMm}mm`,
      height: `${size.heightMm}mm`,
      printBackground: true,
      ...(size.singlePage ? { pageRanges: '1' } : {}),
      ...(size.marginMm ? { margin: margins(size.marginMm) } : {}),
      // Only installed fonts are used (the CSP forbids web fonts), so there is nothing to await.
      waitForFonts: false,
      // Structure tags serve screen readers, not label printers, and cost time on every render.
      tagged: false,
      timeout,
    });
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  });
}

function margins(mm: number) {
  const m = `${mm}mm`;
  return { top: m, right: m, bottom: m, left: m };
}
