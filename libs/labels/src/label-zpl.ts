import type { LabelData } from '@lgw/shipping';
import type { AddressProps } from '@lgw/kernel';
import { formatHalalas, formatKg, formatRiyadhDateTime } from './label-format';

/**
 * ZPL II for a 203 dpi (8 dots/mm) 4×6 in thermal printer. Barcode (^BC) and QR code (^BQ) are
 * native printer commands; Latin text uses the printer's scalable font 0 with UTF-8 field data
 * (^CI28, hex-escaped with ^FH so no field can inject a command); every line holding Arabic is a
 * graphic field (^GF) rasterised once, because a printer's fonts neither join nor reorder Arabic
 * (docs/adr/0049-zpl-labels.md).
 */
export const ZPL_DOTS_PER_MM = 8;
export const ZPL_WIDTH_DOTS = 812;
export const ZPL_HEIGHT_DOTS = 1218;

const MARGIN = 24;
const INNER = ZPL_WIDTH_DOTS - 2 * MARGIN;
const HALF = Math.floor(INNER / 2) - 12;

/** One line of text to print: Latin as a font field, Arabic as a raster. */
export interface ZplTextLine {
  readonly x: number;
  readonly y: number;
  /** Text height in dots. */
  readonly height: number;
  /** Box the line must fit in; Arabic lines are right-aligned in it. */
  readonly maxWidth: number;
  readonly text: string;
  readonly bold?: boolean;
}

/** A monochrome raster (1 = black), rows packed MSB first, as ^GF expects. */
export interface ZplGraphic {
  readonly widthDots: number;
  readonly heightDots: number;
  readonly bytesPerRow: number;
  /** Upper-case hex, bytesPerRow × heightDots bytes. */
  readonly hex: string;
}

export interface ZplLayout {
  /** Fixed commands (boxes, barcode, QR) placed before the text. */
  readonly commands: readonly string[];
  readonly lines: readonly ZplTextLine[];
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

export function needsRaster(text: string): boolean {
  return ARABIC.test(text);
}

/** The piece a label of a multi-piece shipment is for (docs/adr/0087): its n of N and its weight. */
export interface ZplPiece {
  readonly number: number;
  readonly of: number;
  readonly weightKg: number;
}

/**
 * Where everything goes on the 4×6 label. Pure. With a piece, the label is that piece's: its
 * "n/N" and weight in place of the parcel count and chargeable weight (data.trackingNumber being
 * the piece's number).
 */
export function buildZplLayout(data: LabelData, piece?: ZplPiece): ZplLayout {
  const commands: string[] = [];
  const lines: ZplTextLine[] = [];
  const en = (y: number, height: number, text: string, bold = false, x = MARGIN + 12, maxWidth = HALF) =>
    lines.push({ x, y, height, text, bold, maxWidth });
  const ar = (y: number, height: number, text: string, bold = false) =>
    lines.push({ x: MARGIN + INNER - 12 - HALF, y, height, text, bold, maxWidth: HALF });

  // Carrier and service.
  commands.push(box(MARGIN, 20, INNER, 112, 3));
  en(34, 40, data.carrier.name_en, true);
  en(84, 28, data.service.name_en);
  ar(30, 44, data.carrier.name_ar, true);
  ar(82, 32, data.service.name_ar);

  // Tracking number: Code 128 and the number in clear.
  const tracking = data.trackingNumber;
  const modules = code128ModulesUpperBound(tracking);
  const moduleDots = Math.max(2, Math.min(4, Math.floor((INNER - 40) / modules)));
  const barcodeX = Math.max(MARGIN, Math.floor((ZPL_WIDTH_DOTS - modules * moduleDots) / 2));
  commands.push(`^FO${barcodeX},150^BY${moduleDots},3,170^BCN,170,N,N,N,A^FH_^FD${fieldData(tracking)}^FS`);
  en(336, 24, 'Tracking No.');
  ar(332, 30, 'رقم التتبع');
  lines.push({ x: MARGIN + 12, y: 366, height: 48, text: tracking, bold: true, maxWidth: INNER - 24 });

  // Recipient.
  commands.push(box(MARGIN, 428, INNER, 330, 3));
  en(440, 24, 'To (recipient)');
  ar(436, 30, 'إلى (المستلم)');
  address(lines, data.destination, 476, true);

  // Sender.
  commands.push(box(MARGIN, 770, INNER, 200, 2));
  en(780, 22, 'From (sender)');
  ar(776, 26, 'من (المرسل)');
  address(lines, data.origin, 810, false);

  // Facts and QR code.
  commands.push(box(MARGIN, 982, INNER, 212, 2));
  const qrMagnification = 6;
  // ^BY's bar height is reset first: some engines apply it to the QR code's modules too.
  commands.push(`^BY2,3,10^FO${ZPL_WIDTH_DOTS - MARGIN - 200},996^BQN,2,${qrMagnification}^FH_^FDLA,${fieldData(tracking)}^FS`);
  const facts: Array<[string, string, string]> = piece
    ? [
        ['Piece', 'قطعة', `${piece.number}/${piece.of}`],
        ['Weight', 'وزن القطعة', `${formatKg(piece.weightKg)} kg`],
      ]
    : [
        ['Parcels', 'عدد الطرود', String(data.parcels.length)],
        ['Weight', 'الوزن المحتسب', `${formatKg(data.chargeableWeightKg)} kg`],
      ];
  const cod = data.codAmountHalalas ?? 0;
  if (cod > 0) facts.push(['COD', 'الدفع عند الاستلام', `SAR ${formatHalalas(cod)}`]);
  if (data.reference) facts.push(['Reference', 'المرجع', data.reference]);
  facts.push(['Created', 'تاريخ الإنشاء', formatRiyadhDateTime(data.createdAt)]);
  let fy = 994;
  for (const [label, labelAr, value] of facts.slice(0, 5)) {
    lines.push({ x: MARGIN + 12, y: fy + 4, height: 24, text: `${label}: ${value}`, bold: label === 'COD', maxWidth: 310 });
    lines.push({ x: MARGIN + 330, y: fy, height: 28, text: labelAr, maxWidth: 170 });
    fy += 38;
  }
  return { commands, lines };

  function address(out: ZplTextLine[], a: AddressProps, top: number, primary: boolean): number {
    let at = top;
    const step = primary ? 44 : 32;
    const h = primary ? 34 : 24;
    const push = (text: string | undefined, height = h, bold = false) => {
      if (!text) return;
      out.push({ x: MARGIN + 12, y: at, height, text, bold, maxWidth: INNER - 24 });
      at += step;
    };
    push(a.name, primary ? 40 : h, true);
    push(a.line1);
    push([a.city, a.region, a.country].filter(Boolean).join(needsRaster(a.city) ? '، ' : ', '));
    const national = [
      a.short_address ? `Short ${a.short_address}` : '',
      a.postal_code ? `Postal ${a.postal_code}` : '',
      a.additional_number ? `Add. ${a.additional_number}` : '',
    ].filter(Boolean);
    if (national.length > 0) push(national.join('  '));
    if (a.phone) push(`Phone ${a.phone}`);
    return at;
  }
}

/** The ZPL document: layout commands, then each line as a font field or its raster. */
export function buildLabelZpl(layout: ZplLayout, rasters: ReadonlyMap<number, ZplGraphic>): string {
  const out: string[] = ['^XA', '^CI28', `^PW${ZPL_WIDTH_DOTS}`, `^LL${ZPL_HEIGHT_DOTS}`, '^LH0,0'];
  out.push(...layout.commands);
  layout.lines.forEach((line, index) => {
    const raster = rasters.get(index);
    if (raster) {
      // Right-aligned in its box: Arabic reads from the right.
      const x = line.x + Math.max(0, line.maxWidth - raster.widthDots);
      const bytes = raster.bytesPerRow * raster.heightDots;
      out.push(`^FO${x},${line.y}^GFA,${bytes},${bytes},${raster.bytesPerRow},${raster.hex}^FS`);
    } else {
      const width = line.bold ? Math.round(line.height * 0.95) : Math.round(line.height * 0.8);
      out.push(`^FO${line.x},${line.y}^A0N,${line.height},${width}^FB${line.maxWidth},1,0,L^FH_^FD${fieldData(line.text)}^FS`);
    }
  });
  out.push('^XZ');
  return `${out.join('\n')}\n`;
}

/** Lines that must be rasterised (they hold Arabic), by index in the layout. */
export function rasterLines(layout: ZplLayout): Array<{ index: number; line: ZplTextLine }> {
  return layout.lines.map((line, index) => ({ index, line })).filter(({ line }) => needsRaster(line.text));
}

/**
 * Field data as ^FH hex escapes for everything outside plain printable ASCII and for the
 * command prefixes (^ ~) and the escape character itself (_): no value can end the field.
 */
export function fieldData(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f && ch !== '^' && ch !== '~' && ch !== '_' && ch !== '\\') out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function box(x: number, y: number, w: number, h: number, thickness: number): string {
  return `^FO${x},${y}^GB${w},${h},${thickness}^FS`;
}

/** Code 128 subset B width in modules (quiet zones excluded): start, data, check, stop. */
function code128ModulesUpperBound(text: string): number {
  return 11 * (text.length + 2) + 13;
}
