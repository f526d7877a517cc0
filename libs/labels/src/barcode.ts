import { code128Modules } from './code128.encoder';
import { qrCodeMatrix } from './qr-code.encoder';

/**
 * Barcodes are produced as inline SVG: Chromium prints them as vector paths, so bar edges stay
 * sharp at any scanner or printer resolution and the page never has to fetch an image.
 */

/** Narrowest bar we accept: 0.25 mm is three dots at 300 dpi, which thermal printers hold reliably. */
export const MIN_CODE128_MODULE_MM = 0.25;
/** Wider bars stop helping once the code fills the label; 0.5 mm keeps short numbers compact. */
export const MAX_CODE128_MODULE_MM = 0.5;
/** Code 128 needs ten modules of white on each side for scanners to find the start and stop codes. */
const CODE128_QUIET_ZONE_MODULES = 10;

export interface Code128Options {
  /** Width the symbol (quiet zones included) may take on the page. */
  readonly maxWidthMm: number;
  readonly heightMm: number;
}

export interface QrCodeOptions {
  /** Edge of the image, quiet zone included. */
  readonly sizeMm: number;
}

export interface InlineSvg {
  readonly svg: string;
  readonly widthMm: number;
  readonly heightMm: number;
}

export function code128Svg(text: string, options: Code128Options): InlineSvg {
  // Throws a RangeError for text outside printable ASCII, 1 to 80 characters.
  const widths = code128Modules(text);
  const modules = widths.reduce((sum, width) => sum + width, 2 * CODE128_QUIET_ZONE_MODULES);
  const moduleMm = Math.min(MAX_CODE128_MODULE_MM, options.maxWidthMm / modules);
  if (moduleMm < MIN_CODE128_MODULE_MM) {
    throw new RangeError(`Code 128 for "${text}" needs ${modules} modules: too long to print reliably`);
  }
  const widthMm = round2(modules * moduleMm);
  return {
    svg: sized(code128Drawing(widths, modules), widthMm, options.heightMm, 'none'),
    widthMm,
    heightMm: options.heightMm,
  };
}

/**
 * The drawing bwip-js's toSVG made for these bars (one unit per module, one stroked path per bar
 * width, each bar a vertical line through its centre), so labels keep the exact markup they had.
 * Its bars were 10 mm, in whole points plus one; preserveAspectRatio="none" stretches them to the
 * requested height anyway.
 */
const CODE128_BAR_HEIGHT = Math.floor((10 / 25.4) * 72) + 1;

function code128Drawing(widths: readonly number[], modules: number): string {
  const paths = new Map<number, string>();
  let x = CODE128_QUIET_ZONE_MODULES;
  widths.forEach((width, k) => {
    if (k % 2 === 0) {
      const centre = x + width / 2;
      const at = Number.isInteger(centre) ? String(centre) : centre.toFixed(2);
      paths.set(width, (paths.get(width) ?? '') + `M${at} ${CODE128_BAR_HEIGHT}L${at} 0`);
    }
    x += width;
  });
  let lines = '';
  for (const [width, d] of paths) lines += `<path stroke="#000000" stroke-width="${width}" d="${d}" />\n`;
  return `<svg viewBox="0 0 ${modules} ${CODE128_BAR_HEIGHT}" xmlns="http://www.w3.org/2000/svg">\n` + `${lines}</svg>\n`;
}

/** ISO/IEC 18004 asks for four modules of white around the symbol. */
const QR_QUIET_ZONE_MODULES = 4;
/** Below about five dots per module at 300 dpi, phone cameras start to miss. */
export const MIN_QR_MODULE_MM = 0.4;

/**
 * The QR symbol is drawn from its module matrix so that the quiet zone is part of the image, in
 * modules, whatever version the text needs.
 */
export function qrCodeSvg(text: string, options: QrCodeOptions): InlineSvg {
  // Throws a RangeError for empty text or text outside printable ASCII. Level M (or better, when
  // the version has room) survives the scuffs a parcel label collects.
  const { size: pixx, modules: pixs } = qrCodeMatrix(text);
  const pixy = pixx;
  let path = '';
  for (let y = 0; y < pixy; y++) {
    let x = 0;
    while (x < pixx) {
      if (!pixs[y * pixx + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < pixx && pixs[y * pixx + x]) x++;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  const q = QR_QUIET_ZONE_MODULES;
  const side = pixx + 2 * q;
  const size = options.sizeMm;
  if (size / side < MIN_QR_MODULE_MM) {
    throw new RangeError(`QR text of ${text.length} characters is too long for a ${size} mm code`);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-q} ${-q} ${side} ${side}" width="${size}mm" ` +
    `height="${size}mm" shape-rendering="crispEdges" aria-hidden="true">` +
    `<rect x="${-q}" y="${-q}" width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
  return { svg, widthMm: size, heightMm: size };
}

function sized(svg: string, widthMm: number, heightMm: number, aspect: string): string {
  return svg
    .replace(
      '<svg ',
      `<svg width="${widthMm}mm" height="${heightMm}mm" preserveAspectRatio="${aspect}" ` +
        'shape-rendering="crispEdges" aria-hidden="true" ',
    )
    .trim();
}

function round2(value: number): number {
  return Math.floor(value * 100) / 100;
}
