import * as bwipjs from 'bwip-js';

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

/** Code 128 sets B and C cover printable ASCII; anything else would be silently mangled. */
const CODE128_TEXT = /^[\x20-\x7e]{1,80}$/;

export function code128Svg(text: string, options: Code128Options): InlineSvg {
  if (!CODE128_TEXT.test(text)) {
    throw new RangeError('Code 128 text must be 1 to 80 printable ASCII characters');
  }
  const raw = bwipjs.toSVG({
    bcid: 'code128',
    text,
    scaleX: 1,
    scaleY: 1,
    height: 10,
    includetext: false,
    paddingwidth: CODE128_QUIET_ZONE_MODULES,
  });
  // With scaleX 1, one viewBox unit is one module, so the width is the module count.
  const { width: modules } = viewBox(raw);
  const moduleMm = Math.min(MAX_CODE128_MODULE_MM, options.maxWidthMm / modules);
  if (moduleMm < MIN_CODE128_MODULE_MM) {
    throw new RangeError(`Code 128 for "${text}" needs ${modules} modules: too long to print reliably`);
  }
  const widthMm = round2(modules * moduleMm);
  return {
    svg: sized(raw, widthMm, options.heightMm, 'none'),
    widthMm,
    heightMm: options.heightMm,
  };
}

/** ISO/IEC 18004 asks for four modules of white around the symbol. */
const QR_QUIET_ZONE_MODULES = 4;
/** Below about five dots per module at 300 dpi, phone cameras start to miss. */
export const MIN_QR_MODULE_MM = 0.4;

/**
 * The QR symbol is drawn from bwip-js's module matrix rather than its SVG so that the quiet
 * zone is part of the image, in modules, whatever version the text needs.
 */
export function qrCodeSvg(text: string, options: QrCodeOptions): InlineSvg {
  // bwip-js encodes each UTF-16 unit as one byte, so anything past ASCII would be mangled.
  if (!/^[\x20-\x7e]+$/.test(text)) throw new RangeError('QR code text must be non-empty printable ASCII');
  // Level M survives the scuffs a parcel label collects without growing the symbol much.
  const rawOptions: bwipjs.RawOptions & { eclevel: 'L' | 'M' | 'Q' | 'H' } = {
    bcid: 'qrcode',
    text,
    eclevel: 'M',
  };
  const [matrix] = bwipjs.raw(rawOptions) as Array<{ pixs: number[]; pixx: number; pixy: number }>;
  const { pixs, pixx, pixy } = matrix;
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

function viewBox(svg: string): { width: number; height: number } {
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!match) throw new Error('bwip-js returned an SVG without a viewBox');
  return { width: Number(match[1]), height: Number(match[2]) };
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
