import { type LabelData, type LabelRendererPort, labelPageCount } from '@lgw/shipping';
import { LabelRendererUnavailableError } from '@lgw/kernel';
import { BrowserUnavailableError, ChromiumBrowserPool } from './chromium-browser-pool';
import { splitExactPages, withExactPageSize } from './exact-page-size';
import { buildLabelHtml, buildLabelsHtml, LABEL_HEIGHT_MM, LABEL_WIDTH_MM, type LabelTemplateOptions } from './label-template';

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

  get printsAtOnce(): number {
    return this.pool.pages;
  }

  render(data: LabelData): Promise<Buffer> {
    // Built before taking a page so a template error never occupies the pool.
    const html = buildLabelHtml(data, this.options.template);
    if (labelPageCount(data) === 1) return this.renderHtml(html);
    // A multi-piece shipment's label: a page per piece (docs/adr/0087).
    return printHtmlToPdf(
      this.pool,
      html,
      { widthMm: LABEL_WIDTH_MM, heightMm: LABEL_HEIGHT_MM, singlePage: false },
      this.options.timeoutMs,
    );
  }

  /**
   * Many labels in one browser print (one document of as many A6 pages), split into one PDF per
   * label: a browser print costs tens of milliseconds whatever it holds, so a page of a batch
   * pays it once instead of once per label. Each label is the same page as `render` prints.
   */
  async renderMany(data: readonly LabelData[]): Promise<Buffer[]> {
    if (data.length === 0) return [];
    if (data.length === 1) return [await this.render(data[0])];
    // A label of several pages (a multi-piece shipment) is printed on its own, the others together.
    if (data.some((d) => labelPageCount(d) > 1)) {
      const single = data.filter((d) => labelPageCount(d) === 1);
      const together = single.length > 0 ? await this.renderMany(single) : [];
      const out: Buffer[] = [];
      for (const d of data) out.push(labelPageCount(d) === 1 ? (together.shift() as Buffer) : await this.render(d));
      return out;
    }
    const html = buildLabelsHtml(data, this.options.template);
    const size = { widthMm: LABEL_WIDTH_MM, heightMm: LABEL_HEIGHT_MM, singlePage: false };
    const pages = await splitExactPages(await printRaw(this.pool, html, size, this.options.timeoutMs), LABEL_WIDTH_MM, LABEL_HEIGHT_MM);
    // Every label is one page by construction (fixed size, overflow hidden, a break after each);
    // a count that disagrees would pair labels with the wrong shipments, so it is never kept.
    if (pages.length !== data.length) throw new Error(`printed ${pages.length} pages for ${data.length} labels`);
    return pages;
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

/** The browser's print as it comes (its page boxes on the browser's grid), for callers that correct them themselves. */
async function printRaw(pool: ChromiumBrowserPool, html: string, size: PdfPageSize, timeout?: number): Promise<Buffer> {
  try {
    return await printOnPage(pool, html, size, timeout);
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
