import type { LabelData } from '@lgw/shipping';
import type { AddressProps } from '@lgw/kernel';
import { code128Svg, qrCodeSvg } from './barcode';
import { escapeHtml, formatHalalas, formatKg, formatRiyadhDateTime } from './label-format';

export interface LabelTemplateOptions {
  /**
   * Text encoded in the QR code (printable ASCII, e.g. a tracking URL). Defaults to the bare
   * tracking number, which every hub scanner can key on without knowing a URL scheme.
   */
  readonly qrContent?: (data: LabelData) => string;
}

/** A6 portrait. */
export const LABEL_WIDTH_MM = 105;
export const LABEL_HEIGHT_MM = 148;
const PAGE_MARGIN_MM = 3;
const BARCODE_HEIGHT_MM = 16;
const QR_SIZE_MM = 24;

/**
 * Only inline styles and data: images may load. The renderer already aborts every request;
 * this makes the document itself refuse, whoever renders it.
 */
export const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * LabelData to a self-contained HTML document: one A6 page, or one per piece of a multi-piece
 * shipment (docs/adr/0087). Pure: no I/O, no clock.
 */
export function buildLabelHtml(data: LabelData, options: LabelTemplateOptions = {}): string {
  return labelDocument([data.trackingNumber], labelPages(data, options));
}

/**
 * Many labels as one document of as many A6 pages, in order: one browser print for a page of a
 * batch instead of one per label (each label's page breaks after it and never spills over).
 */
export function buildLabelsHtml(data: readonly LabelData[], options: LabelTemplateOptions = {}): string {
  return labelDocument(
    data.map((d) => d.trackingNumber),
    data.flatMap((d) => labelPages(d, options)),
  );
}

/**
 * A label's pages: its one page, or a page per piece, each the same label with the piece's
 * tracking number in its barcode and QR code, the piece's weight, the shipment's (master)
 * number, and "n/N" in both languages.
 */
function labelPages(data: LabelData, options: LabelTemplateOptions): string[] {
  const pieces = data.pieces;
  if (!pieces || pieces.length < 2) return [labelMain(data, options)];
  return pieces.map((piece) =>
    labelMain({ ...data, trackingNumber: piece.trackingNumber }, options, { ...piece, of: pieces.length, master: data.trackingNumber }),
  );
}

interface PageOfPiece {
  readonly number: number;
  readonly of: number;
  readonly weightKg: number;
  readonly master: string;
}

/** "n/N" in both languages: what a courier counts the pieces of a delivery by. */
function pieceMark(piece: PageOfPiece): string {
  const n = `${piece.number}/${piece.of}`;
  return `<div class="piece-mark"><span dir="ltr">Piece ${n}</span><span lang="ar" dir="rtl">قطعة <span dir="ltr">${n}</span></span></div>`;
}

/** One label's page: the `<main class="label">` element. */
function labelMain(data: LabelData, options: LabelTemplateOptions, piece?: PageOfPiece): string {
  const tracking = data.trackingNumber;
  const barcode = code128Svg(tracking, {
    maxWidthMm: LABEL_WIDTH_MM - 2 * PAGE_MARGIN_MM - 2,
    heightMm: BARCODE_HEIGHT_MM,
  });
  const qrText = options.qrContent ? options.qrContent(data) : tracking;
  const qr = qrCodeSvg(qrText, { sizeMm: QR_SIZE_MM });
  const cod = data.codAmountHalalas ?? 0;

  return `<main class="label">
<header class="carrier">
  <div class="en"><div class="carrier-name">${escapeHtml(data.carrier.name_en)}</div><div class="service">${escapeHtml(data.service.name_en)}</div></div>
  <div class="ar" lang="ar" dir="rtl"><div class="carrier-name">${escapeHtml(data.carrier.name_ar)}</div><div class="service">${escapeHtml(data.service.name_ar)}</div></div>
</header>
<section class="tracking">
  <div class="barcode">${barcode.svg}</div>
  <div class="tn">${caption('Tracking No.', 'رقم التتبع')}<span class="tn-value" dir="ltr" style="font-size:${trackingFontPt(tracking)}pt">${escapeHtml(tracking)}</span></div>
</section>
<section class="party to">
  ${caption('To (recipient)', 'إلى (المستلم)', 'h2')}
  ${addressBlock(data.destination, true)}
</section>
<section class="party from">
  ${caption('From (sender)', 'من (المرسل)', 'h2')}
  ${addressBlock(data.origin, false)}
</section>
<section class="bottom">
  <div class="facts">
    ${piece ? pieceMark(piece) : ''}
    <div class="fact-row">
      ${
        piece
          ? fact('Shipment No.', 'رقم الشحنة', escapeHtml(piece.master), 'ref')
          : fact('Parcels', 'عدد الطرود', String(data.parcels.length))
      }
      ${
        piece
          ? fact('Piece weight', 'وزن القطعة', `${formatKg(piece.weightKg)} kg · كجم`)
          : fact('Chargeable weight', 'الوزن المحتسب', `${formatKg(data.chargeableWeightKg)} kg · كجم`)
      }
    </div>
    ${cod > 0 ? codBlock(cod) : ''}
    ${data.isReturn ? RETURN_MARK : ''}
    <div class="fact-row">
      ${data.reference ? fact('Reference', 'المرجع', escapeHtml(data.reference), 'ref') : ''}
      ${fact('Created', 'تاريخ الإنشاء', formatRiyadhDateTime(data.createdAt), 'created')}
    </div>
  </div>
  <div class="qr">${qr.svg}</div>
</section>
</main>`;
}

function labelDocument(titles: readonly string[], mains: readonly string[]): string {
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${escapeHtml(titles.length === 1 ? titles[0] : `${titles[0]} (+${titles.length - 1})`)}</title>
<style>${STYLES}</style>
</head>
<body>
${mains.join('\n')}
</body>
</html>`;
}

/** Keeps the printed number on one line beside its caption however long the carrier's format is. */
function trackingFontPt(tracking: string): number {
  if (tracking.length <= 22) return 12;
  return tracking.length <= 28 ? 10 : 8.5;
}

function caption(en: string, ar: string, tag: 'div' | 'h2' = 'div'): string {
  return `<${tag} class="cap"><span class="en">${en}</span><span class="ar" lang="ar" dir="rtl">${ar}</span></${tag}>`;
}

/** valueHtml must already be escaped. */
function fact(en: string, ar: string, valueHtml: string, extraClass = ''): string {
  return `<div class="fact ${extraClass}">${caption(en, ar)}<div class="val" dir="auto">${valueHtml}</div></div>`;
}

/** A customer return's mark, in both languages, in the cash-on-delivery band's style (a return carries no COD). */
const RETURN_MARK = `<div class="cod return-mark"><div class="cod-amount"><span dir="ltr">RETURN</span><span lang="ar" dir="rtl">مرتجع</span></div></div>`;

function codBlock(halalas: number): string {
  const amount = formatHalalas(halalas);
  return `<div class="cod">
      ${caption('Cash on delivery', 'الدفع عند الاستلام')}
      <div class="cod-amount"><span dir="ltr">SAR ${amount}</span><span lang="ar" dir="rtl"><span dir="ltr">${amount}</span> ر.س</span></div>
    </div>`;
}

/**
 * User-entered text may be Arabic or Latin, so each piece gets dir="auto" (or <bdi>) and
 * the browser picks the direction from its first strong character.
 */
function addressBlock(address: AddressProps, primary: boolean): string {
  const lines: string[] = [];
  if (address.name) lines.push(`<div class="name" dir="auto">${escapeHtml(address.name)}</div>`);
  if (address.line1) lines.push(`<div class="line" dir="auto">${escapeHtml(address.line1)}</div>`);
  const parts = [address.city, address.region, address.country].filter((part): part is string => Boolean(part));
  // dir="auto" skips isolated children, so the line takes its direction from the city itself.
  const direction = textDirection(parts[0] ?? '');
  const separator = direction === 'rtl' ? '، ' : ', ';
  const place = parts.map((part) => `<bdi>${escapeHtml(part)}</bdi>`).join(separator);
  lines.push(`<div class="line place" dir="${direction}">${place}</div>`);

  if (primary) {
    const national: string[] = [];
    if (address.short_address) national.push(nationalField('Short address', 'العنوان المختصر', address.short_address));
    if (address.postal_code) national.push(nationalField('Postal code', 'الرمز البريدي', address.postal_code));
    if (address.additional_number) {
      national.push(nationalField('Additional no.', 'الرقم الإضافي', address.additional_number));
    }
    if (national.length > 0) lines.push(`<div class="national">${national.join('')}</div>`);
  } else {
    // The sender's national address is for returns, not sorting: one line in the usual
    // "short address · postal code-additional number" form.
    const postal = [address.postal_code, address.additional_number].filter(Boolean).join('-');
    const compact = [address.short_address, postal].filter(Boolean).map((v) => escapeHtml(v));
    if (compact.length > 0) {
      lines.push(
        `<div class="line kv">${caption('National address', 'العنوان الوطني')}<span class="val" dir="ltr">${compact.join(' · ')}</span></div>`,
      );
    }
  }

  if (address.phone) {
    lines.push(`<div class="line kv">${caption('Phone', 'الجوال')}<span class="val" dir="ltr">${escapeHtml(address.phone)}</span></div>`);
  }
  return lines.join('\n  ');
}

/** Direction of the first letter, as the Unicode bidi algorithm would pick it for a paragraph. */
export function textDirection(text: string): 'rtl' | 'ltr' {
  const letter = /\p{L}/u.exec(text)?.[0];
  return letter && /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(letter) ? 'rtl' : 'ltr';
}

function nationalField(en: string, ar: string, value: string): string {
  return `<div class="nf">${caption(en, ar)}<div class="val" dir="ltr">${escapeHtml(value)}</div></div>`;
}

/** Every extra font family is another subset Chromium embeds per PDF, so numbers use Noto Sans too. */
const STYLES = `
@page { size: ${LABEL_WIDTH_MM}mm ${LABEL_HEIGHT_MM}mm; margin: 0 }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0; background: #fff; color: #000 }
body {
  font-family: 'Noto Sans', 'Noto Sans Arabic', 'Noto Naskh Arabic', sans-serif;
  font-size: 8pt; line-height: 1.25;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
[lang="ar"] { font-family: 'Noto Sans Arabic', 'Noto Naskh Arabic', 'Noto Sans', sans-serif }
.label {
  width: ${LABEL_WIDTH_MM}mm; height: ${LABEL_HEIGHT_MM}mm; padding: ${PAGE_MARGIN_MM}mm;
  overflow: hidden; display: flex; flex-direction: column; gap: 1.2mm;
  break-after: page; break-inside: avoid;
}
.label:last-child { break-after: auto }
section, header { border: 0.35mm solid #000; padding: 1mm 1.8mm; overflow: hidden }
.cap { display: flex; justify-content: space-between; gap: 2mm; margin: 0;
  font-size: 6.5pt; font-weight: 400; text-transform: uppercase; letter-spacing: 0.02em }
.cap .ar { text-transform: none; letter-spacing: 0 }
.val { font-weight: 700; overflow-wrap: anywhere }
bdi { unicode-bidi: isolate }

.carrier { flex: none; display: flex; justify-content: space-between; align-items: center; gap: 3mm;
  background: #000; color: #fff; height: 12mm }
.carrier-name { font-size: 12pt; font-weight: 700; line-height: 1.2 }
.service { font-size: 8pt }
.carrier .en, .carrier .ar { flex: 1 1 0; min-width: 0 }
.carrier .ar { text-align: right }
.carrier-name, .service { white-space: nowrap; overflow: hidden; text-overflow: ellipsis }

.tracking { flex: none; padding: 1.5mm 0 1mm; text-align: center }
.barcode { display: flex; justify-content: center; line-height: 0 }
.barcode svg { display: block }
.tn { display: flex; justify-content: center; align-items: baseline; gap: 3mm; margin-top: 0.8mm; white-space: nowrap }
.tn .cap { gap: 1.5mm }
.tn-value { font-size: 12pt; font-weight: 700; letter-spacing: 0.06em; font-variant-numeric: tabular-nums }

/* Names and street lines give way (clamped with an ellipsis) so that the national address,
   which sorting depends on, is never pushed off the label. */
.party .line { overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 2; overflow: hidden }
.party .place { -webkit-line-clamp: 1 }
.party .kv { display: flex; gap: 2mm; align-items: baseline; white-space: nowrap }
.party .kv .cap { flex: none; gap: 1mm }
.party .kv .val { overflow: hidden; text-overflow: ellipsis }
.to { flex: 1 1 0; min-height: 0 }
.to .name { font-size: 12pt; font-weight: 700; line-height: 1.3; margin-top: 0.5mm;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden;
  overflow-wrap: anywhere }
.to .line { font-size: 9pt }
.to .place { font-weight: 700 }
.national { display: flex; gap: 1.5mm; margin: 0.8mm 0 0.5mm }
.nf { flex: 1 1 0; border: 0.25mm solid #000; padding: 0.6mm 1mm; min-width: 0 }
.nf .cap { flex-direction: column; gap: 0; font-size: 5.5pt; line-height: 1.2 }
.nf .cap .ar { text-align: right }
.nf .val { font-size: 10pt; text-align: center; font-variant-numeric: tabular-nums }
.from { flex: none; font-size: 7.5pt }
.from .name { font-weight: 700; overflow: hidden; white-space: nowrap; text-overflow: ellipsis }
.from .line { -webkit-line-clamp: 1 }

.bottom { flex: none; display: flex; gap: 2mm; align-items: stretch; padding: 1mm 1mm 1mm 1.8mm }
.facts { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; gap: 0.8mm }
.fact-row { display: flex; gap: 2mm }
.fact-row .fact { flex: 1 1 0 }
.fact-row .created { flex: none }
.created .val { white-space: nowrap }
.fact { min-width: 0 }
.fact .val { font-size: 9pt }
.ref .val { white-space: nowrap; overflow: hidden; text-overflow: ellipsis }
.cod { background: #000; color: #fff; padding: 0.8mm 1.5mm }
.piece-mark { display: flex; justify-content: space-between; gap: 2mm; border: 0.5mm solid #000; padding: 0.6mm 1.5mm;
  font-size: 13pt; font-weight: 700; font-variant-numeric: tabular-nums }
.cod-amount { display: flex; justify-content: space-between; gap: 2mm; font-size: 11pt; font-weight: 700 }
.qr { flex: none; width: ${QR_SIZE_MM}mm; display: flex; align-items: center; justify-content: center }
.qr svg { display: block }
`;
