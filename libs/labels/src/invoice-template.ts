import type { InvoiceDocument } from '@lgw/billing';
import { qrCodeSvg } from './barcode';
import { bidiIsolatedParts, escapeHtml, formatHalalas, formatRiyadhDateTime } from './label-format';
import { CSP } from './label-template';

/** ISO 216 A4 portrait. */
export const A4_WIDTH_MM = 210;
export const A4_HEIGHT_MM = 297;
const QR_SIZE_MM = 38;
/** A phase 2 code (tags 1–9: hash, signature, key, CA signature) holds about 550 characters. */
const PHASE2_QR_SIZE_MM = 60;
export const INVOICE_MARGIN_MM = 12;

/**
 * A bilingual simplified tax invoice (Arabic and English side by side) for one A4 page or
 * more: the line table repeats its header on every page. Pure: no I/O, no clock.
 */
export function buildInvoiceHtml(invoice: InvoiceDocument): string {
  const qr = qrCodeSvg(invoice.qrText, { sizeMm: invoice.einvoice ? PHASE2_QR_SIZE_MM : QR_SIZE_MM });
  const rows = invoice.lines
    .map(
      (l, i) => `<tr>
  <td class="n">${i + 1}</td>
  <td>${escapeHtml(l.descriptionEn)}</td>
  <td lang="ar" dir="rtl">${escapeHtml(l.descriptionAr)}</td>
  <td class="tn" dir="ltr">${escapeHtml(l.trackingNumber)}</td>
  <td class="num">${formatHalalas(l.amountHalalas)}</td>
  <td class="num">${formatHalalas(l.vatHalalas)}</td>
  <td class="num">${formatHalalas(l.amountHalalas + l.vatHalalas)}</td>
</tr>`,
    )
    .join('\n');
  const empty =
    invoice.lines.length === 0 ? `<tr><td colspan="7" class="empty">No charges in this period · لا توجد رسوم في هذه الفترة</td></tr>` : '';

  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${escapeHtml(invoice.invoiceNumber)}</title>
<style>${STYLES}</style>
</head>
<body>
<header>
  <div class="title"><h1>${escapeHtml(invoice.einvoice?.titleEn ?? 'Simplified Tax Invoice')}</h1><h1 lang="ar" dir="rtl">${escapeHtml(invoice.einvoice?.titleAr ?? 'فاتورة ضريبية مبسطة')}</h1></div>
  <div class="seller">
    <div class="en"><strong>${bidiIsolatedParts(invoice.seller.name)}</strong><br>VAT registration number: <span dir="ltr">${escapeHtml(invoice.seller.vatNumber)}</span></div>
    <div class="ar" lang="ar" dir="rtl"><strong>${bidiIsolatedParts(invoice.seller.name)}</strong><br>الرقم الضريبي: <span dir="ltr">${escapeHtml(invoice.seller.vatNumber)}</span></div>
  </div>
</header>
${invoice.buyer ? buyerBlock(invoice.buyer) : ''}
<section class="meta">
  <table>
    ${metaRow('Invoice number', 'رقم الفاتورة', invoice.invoiceNumber)}
    ${metaRow('Issue date', 'تاريخ الإصدار', formatRiyadhDateTime(invoice.issuedAt))}
    ${metaRow('Billing period', 'فترة الفوترة', `${invoice.periodStart} – ${invoice.periodEnd}`)}
    ${metaRow('Customer account', 'حساب العميل', invoice.customerReference)}
    ${metaRow('Currency', 'العملة', 'SAR · ريال سعودي')}
    ${invoice.einvoice ? metaRow('ZATCA status', 'حالة الهيئة', `${invoice.einvoice.status} · ${invoice.einvoice.statusAr}`) : ''}
    ${invoice.einvoice ? metaRow('UUID', 'المعرف الفريد', invoice.einvoice.uuid) : ''}
  </table>
  <div class="qr">${qr.svg}</div>
</section>
<table class="lines">
  <colgroup><col class="c-n"><col class="c-en"><col class="c-ar"><col class="c-tn"><col class="c-amt"><col class="c-vat"><col class="c-tot"></colgroup>
  <thead><tr>
    <th class="n">#</th>
    <th>Description</th>
    <th lang="ar" dir="rtl">الوصف</th>
    <th>Tracking number<br><span lang="ar">رقم التتبع</span></th>
    <th class="num">Amount excl. VAT<br><span lang="ar">المبلغ دون الضريبة</span></th>
    <th class="num">VAT 15%<br><span lang="ar">ضريبة القيمة المضافة</span></th>
    <th class="num">Amount incl. VAT<br><span lang="ar">المبلغ مع الضريبة</span></th>
  </tr></thead>
  <tbody>
${rows}${empty}
  </tbody>
</table>
<table class="totals">
  ${totalRow('Shipments and credits (excl. VAT)', 'الشحنات والإشعارات الدائنة (دون الضريبة)', invoice.subtotalHalalas)}
  ${totalRow('Surcharges (excl. VAT)', 'الرسوم الإضافية (دون الضريبة)', invoice.surchargesHalalas)}
  ${totalRow('Total VAT 15%', 'إجمالي ضريبة القيمة المضافة 15%', invoice.vatHalalas)}
  ${totalRow('Total incl. VAT (SAR)', 'الإجمالي شامل الضريبة (ريال)', invoice.totalHalalas, 'grand')}
</table>
<footer>Amounts in Saudi riyals. VAT is 15 % of each line, rounded to the halala. ·
<span lang="ar" dir="rtl">المبالغ بالريال السعودي. ضريبة القيمة المضافة 15% من كل بند مقربة إلى أقرب هللة.</span></footer>
</body>
</html>`;
}

/** The buyer a standard tax invoice is made out to (its legal names, VAT number and National Address). */
function buyerBlock(buyer: NonNullable<InvoiceDocument['buyer']>): string {
  const vat = (label: string) => (buyer.vatNumber ? `<br>${label}: <span dir="ltr">${escapeHtml(buyer.vatNumber)}</span>` : '');
  const address = buyer.address ? `<br><span dir="ltr">${escapeHtml(buyer.address)}</span>` : '';
  return `<section class="buyer">
  <div class="en">Bill to<br><strong>${escapeHtml(buyer.nameEn)}</strong>${vat('VAT registration number')}${address}</div>
  <div class="ar" lang="ar" dir="rtl">العميل<br><strong>${escapeHtml(buyer.nameAr)}</strong>${vat('الرقم الضريبي')}</div>
</section>`;
}

function metaRow(en: string, ar: string, value: string): string {
  return `<tr><th>${en}</th><td dir="ltr">${escapeHtml(value)}</td><th lang="ar" dir="rtl">${ar}</th></tr>`;
}

function totalRow(en: string, ar: string, halalas: number, cls = ''): string {
  return `<tr class="${cls}"><th>${en}</th><th lang="ar" dir="rtl">${ar}</th><td class="num">${formatHalalas(halalas)}</td></tr>`;
}

const STYLES = `
* { box-sizing: border-box }
body { margin: 0; font-family: 'Noto Sans', 'Noto Sans Arabic', 'Noto Naskh Arabic', sans-serif; font-size: 9pt; color: #000 }
[lang="ar"] { font-family: 'Noto Sans Arabic', 'Noto Naskh Arabic', 'Noto Sans', sans-serif }
header { border-bottom: 0.6mm solid #000; padding-bottom: 3mm; margin-bottom: 4mm }
.title { display: flex; justify-content: space-between; align-items: baseline }
h1 { font-size: 17pt; margin: 0 }
.seller { display: flex; justify-content: space-between; margin-top: 2mm; font-size: 10pt }
.buyer { display: flex; justify-content: space-between; margin-bottom: 4mm; font-size: 9.5pt }
.meta { display: flex; justify-content: space-between; align-items: flex-start; margin-bottom: 5mm }
.meta table { border-collapse: collapse }
.meta th { text-align: left; font-weight: 600; padding: 0.8mm 3mm 0.8mm 0 }
.meta th[lang="ar"] { text-align: right; padding: 0.8mm 0 0.8mm 3mm }
.meta td { padding: 0.8mm 3mm; font-family: 'Noto Sans Mono', 'DejaVu Sans Mono', monospace }
table.lines { width: 100%; border-collapse: collapse }
table.lines thead { display: table-header-group }
table.lines tr { page-break-inside: avoid }
/* Fixed layout: column widths come from the first row, not from measuring every cell (a
   10,000-line invoice would otherwise be laid out twice). */
table.lines { font-size: 8pt; table-layout: fixed }
.c-n { width: 8mm } .c-en { width: 40mm } .c-ar { width: 36mm } .c-tn { width: 30mm }
.c-amt { width: 26mm } .c-vat { width: 22mm } .c-tot { width: 24mm }
table.lines td { overflow-wrap: anywhere }
table.lines th { background: #eee; border-bottom: 0.3mm solid #000; text-align: left; padding: 1.2mm; font-size: 7pt; vertical-align: bottom; overflow-wrap: anywhere }
table.lines th.num { text-align: right }
table.lines th[lang="ar"] { text-align: right }
table.lines td { border-bottom: 0.2mm solid #ccc; padding: 0.7mm 1.2mm; vertical-align: top }
.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums }
.n { width: 8mm; color: #555 }
.tn { font-family: 'Noto Sans Mono', 'DejaVu Sans Mono', monospace }
.empty { text-align: center; padding: 6mm; color: #555 }
table.totals { margin: 5mm 0 0 auto; border-collapse: collapse; page-break-inside: avoid }
table.totals th { text-align: left; padding: 1mm 3mm; font-weight: 500 }
table.totals th[lang="ar"] { text-align: right }
table.totals td { padding: 1mm 0 1mm 6mm }
table.totals tr.grand th, table.totals tr.grand td { font-weight: 700; font-size: 11pt; border-top: 0.4mm solid #000 }
footer { margin-top: 6mm; font-size: 7.5pt; color: #333 }
`;
