import { type LabelData, type LabelFormatRendererPort, type PrinterLabelFormat, labelPageCount } from '@lgw/shipping';
import { LabelRendererUnavailableError } from '@lgw/kernel';
import { BrowserUnavailableError, ChromiumBrowserPool } from './chromium-browser-pool';
import { buildLabelHtml, LABEL_WIDTH_MM, type LabelTemplateOptions } from './label-template';
import { buildLabelZpl, buildZplLayout, rasterLines, type ZplGraphic, type ZplTextLine } from './label-zpl';
import { printHtmlToPdf } from './puppeteer-label.renderer';

/** What the rasteriser uses of the page's DOM (this library is compiled without the DOM types). */
interface PageGlobals {
  document: {
    createElement(name: 'canvas'): {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        font: string;
        fillStyle: string;
        direction: string;
        textAlign: string;
        textBaseline: string;
        measureText(text: string): { width: number };
        fillRect(x: number, y: number, w: number, h: number): void;
        fillText(text: string, x: number, y: number, maxWidth: number): void;
        getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
      } | null;
    };
  };
}

/** 4 × 6 in, the thermal printers' label. */
export const LABEL_4X6_WIDTH_MM = 101.6;
export const LABEL_4X6_HEIGHT_MM = 152.4;

/**
 * The other printer formats of a label, rendered once and stored like the A6 PDF:
 * - pdf_4x6: the A6 design scaled to the 4 in width, on a 4×6 in page;
 * - zpl: ZPL II whose Arabic lines are rasterised here by the browser (the only step that needs
 *   one), so serving a stored ZPL label never touches a browser.
 */
export class PuppeteerLabelFormatsRenderer implements LabelFormatRendererPort {
  constructor(
    private readonly pool: ChromiumBrowserPool,
    private readonly options: { readonly template?: LabelTemplateOptions; readonly timeoutMs?: number } = {},
  ) {}

  async render(format: PrinterLabelFormat, data: LabelData): Promise<Buffer> {
    if (format === 'pdf_4x6') {
      return printHtmlToPdf(
        this.pool,
        toFourBySix(buildLabelHtml(data, this.options.template), labelPageCount(data)),
        { widthMm: LABEL_4X6_WIDTH_MM, heightMm: LABEL_4X6_HEIGHT_MM, singlePage: labelPageCount(data) === 1 },
        this.options.timeoutMs,
      );
    }
    // A multi-piece shipment: one ZPL label per piece, in order, in one stream (docs/adr/0087).
    const pieces = data.pieces && data.pieces.length > 1 ? data.pieces : null;
    const layouts = pieces
      ? pieces.map((p) =>
          buildZplLayout({ ...data, trackingNumber: p.trackingNumber }, { number: p.number, of: pieces.length, weightKg: p.weightKg }),
        )
      : [buildZplLayout(data)];
    const labels: string[] = [];
    for (const layout of layouts) labels.push(await this.zpl(layout));
    return Buffer.from(labels.join(''), 'utf8');
  }

  private async zpl(layout: ReturnType<typeof buildZplLayout>): Promise<string> {
    const wanted = rasterLines(layout);
    const rasters = new Map<number, ZplGraphic>();
    if (wanted.length > 0) {
      const graphics = await this.rasterise(wanted.map((w) => w.line));
      wanted.forEach((w, i) => rasters.set(w.index, graphics[i]));
    }
    return buildLabelZpl(layout, rasters);
  }

  /** Draws each line on a canvas with the installed Arabic fonts and packs it to 1 bit per dot. */
  private async rasterise(lines: readonly ZplTextLine[]): Promise<ZplGraphic[]> {
    try {
      return await this.pool.withPage((page) =>
        page.evaluate(
          (items: Array<{ text: string; height: number; maxWidth: number; bold: boolean }>) =>
            items.map((item) => {
              const canvas = (globalThis as unknown as PageGlobals).document.createElement('canvas');
              const ctx = canvas.getContext('2d');
              if (!ctx) throw new Error('no 2d canvas');
              const font = `${item.bold ? '700' : '400'} ${Math.round(item.height * 0.78)}px 'Noto Sans Arabic', 'Noto Naskh Arabic', 'Noto Sans', sans-serif`;
              ctx.font = font;
              const width = Math.max(8, Math.min(item.maxWidth, Math.ceil(ctx.measureText(item.text).width) + 4));
              canvas.width = width;
              canvas.height = item.height;
              ctx.font = font;
              ctx.fillStyle = '#fff';
              ctx.fillRect(0, 0, width, item.height);
              ctx.fillStyle = '#000';
              ctx.direction = 'rtl';
              ctx.textAlign = 'right';
              ctx.textBaseline = 'middle';
              ctx.fillText(item.text, width - 2, item.height / 2, width - 4);
              const pixels = ctx.getImageData(0, 0, width, item.height).data;
              const bytesPerRow = Math.ceil(width / 8);
              let hex = '';
              for (let y = 0; y < item.height; y++) {
                for (let b = 0; b < bytesPerRow; b++) {
                  let byte = 0;
                  for (let bit = 0; bit < 8; bit++) {
                    const x = b * 8 + bit;
                    const dark = x < width && pixels[(y * width + x) * 4] < 128;
                    if (dark) byte |= 0x80 >> bit;
                  }
                  hex += byte.toString(16).toUpperCase().padStart(2, '0');
                }
              }
              return { widthDots: width, heightDots: item.height, bytesPerRow, hex };
            }),
          lines.map((l) => ({ text: l.text, height: l.height, maxWidth: l.maxWidth, bold: Boolean(l.bold) })),
        ),
      );
    } catch (error) {
      if (error instanceof BrowserUnavailableError) throw new LabelRendererUnavailableError(error.message);
      throw error;
    }
  }
}

/** The A6 document on a 4×6 in page: scaled to the narrower width, top-aligned. */
export function toFourBySix(html: string, pages = 1): string {
  const scale = (LABEL_4X6_WIDTH_MM / LABEL_WIDTH_MM).toFixed(4);
  // Several pages (a multi-piece label) flow page after page: only their width is held.
  const body = pages === 1 ? `height: ${LABEL_4X6_HEIGHT_MM}mm; overflow: hidden` : 'overflow-x: hidden';
  const style =
    `<style>@page { size: ${LABEL_4X6_WIDTH_MM}mm ${LABEL_4X6_HEIGHT_MM}mm; margin: 0 } ` +
    `html, body { width: ${LABEL_4X6_WIDTH_MM}mm; ${body} } ` +
    `.label { transform: scale(${scale}); transform-origin: 0 0 }</style>`;
  return html.replace('</head>', `${style}\n</head>`);
}
