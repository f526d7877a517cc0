import type { ManifestDocument } from '@lgw/shipping';
import { code128Svg } from './barcode';
import { escapeHtml, formatHalalas, formatKg, formatRiyadhDateTime } from './label-format';
import { CSP } from './label-template';

export const MANIFEST_MARGIN_MM = 10;

/** The carrier's handover sheet: one row per shipment with its barcode, totals, signature boxes. Pure. */
export function buildManifestHtml(doc: ManifestDocument): string {
  const m = doc.manifest;
  const parcels = doc.lines.reduce((sum, l) => sum + l.parcelCount, 0);
  const weight = doc.lines.reduce((sum, l) => sum + l.weightKg, 0);
  const cod = doc.lines.reduce((sum, l) => sum + l.codAmountHalalas, 0);
  const rows = doc.lines
    .map((l) => {
      const barcode = code128Svg(l.trackingNumber, { maxWidthMm: 60, heightMm: 9 });
      return `<tr>
  <td>${l.position}</td>
  <td class="tn"><div class="bc">${barcode.svg}</div><div dir="ltr">${escapeHtml(l.trackingNumber)}</div></td>
  <td dir="auto">${escapeHtml(l.recipientName ?? '')}<br><span dir="auto">${escapeHtml(l.destinationCity)}</span></td>
  <td dir="ltr">${escapeHtml(l.reference ?? '')}</td>
  <td class="n">${l.parcelCount}</td>
  <td class="n">${formatKg(l.weightKg)}</td>
  <td class="n">${l.codAmountHalalas > 0 ? formatHalalas(l.codAmountHalalas) : '—'}</td>
</tr>`;
    })
    .join('\n');

  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>Manifest ${escapeHtml(m.id)}</title>
<style>${STYLES}</style>
</head>
<body>
<header>
  <div><h1>Carrier manifest</h1><div>${escapeHtml(doc.carrier.name_en)} · ${escapeHtml(m.date)}</div></div>
  <div lang="ar" dir="rtl"><h1>بيان تسليم الشحنات</h1><div>${escapeHtml(doc.carrier.name_ar)} · <bdi dir="ltr">${escapeHtml(m.date)}</bdi></div></div>
</header>
<p class="meta">Manifest / <bdi lang="ar" dir="rtl">رقم البيان:</bdi> <bdi dir="ltr">${escapeHtml(m.id)}</bdi> · Created / <bdi lang="ar" dir="rtl">تاريخ الإنشاء:</bdi> <bdi dir="ltr">${formatRiyadhDateTime(m.createdAt)}</bdi></p>
<table>
<thead><tr>
  <th>#</th><th>Tracking No. / <bdi lang="ar" dir="rtl">رقم التتبع</bdi></th><th>Recipient / <bdi lang="ar" dir="rtl">المستلم</bdi></th><th>Reference / <bdi lang="ar" dir="rtl">المرجع</bdi></th>
  <th>Parcels / <bdi lang="ar" dir="rtl">الطرود</bdi></th><th>Weight kg / <bdi lang="ar" dir="rtl">الوزن كجم</bdi></th><th>COD SAR / <bdi lang="ar" dir="rtl">الدفع عند الاستلام</bdi></th>
</tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr>
  <td colspan="4">Total / <bdi lang="ar" dir="rtl">الإجمالي:</bdi> ${doc.lines.length} shipments / <bdi lang="ar" dir="rtl">شحنة</bdi></td>
  <td class="n">${parcels}</td><td class="n">${formatKg(Math.round(weight * 100) / 100)}</td><td class="n">${formatHalalas(cod)}</td>
</tr></tfoot>
</table>
<section class="sign">
  <div class="box"><div>Handed over by (warehouse) / <bdi lang="ar" dir="rtl">سلّمها (المستودع)</bdi></div><div>Name / <bdi lang="ar" dir="rtl">الاسم:</bdi></div><div>Signature / <bdi lang="ar" dir="rtl">التوقيع:</bdi></div><div>Date &amp; time / <bdi lang="ar" dir="rtl">التاريخ والوقت:</bdi></div></div>
  <div class="box"><div>Received by (courier) / <bdi lang="ar" dir="rtl">استلمها (المندوب)</bdi></div><div>Name / <bdi lang="ar" dir="rtl">الاسم:</bdi></div><div>Signature / <bdi lang="ar" dir="rtl">التوقيع:</bdi></div><div>Date &amp; time / <bdi lang="ar" dir="rtl">التاريخ والوقت:</bdi></div></div>
</section>
</body>
</html>`;
}

const STYLES = `
@page { size: A4; margin: ${MANIFEST_MARGIN_MM}mm }
* { box-sizing: border-box }
body { margin: 0; font-family: 'Noto Sans', 'Noto Sans Arabic', 'Noto Naskh Arabic', sans-serif; font-size: 8.5pt; color: #000 }
[lang="ar"] { font-family: 'Noto Sans Arabic', 'Noto Naskh Arabic', 'Noto Sans', sans-serif }
header { display: flex; justify-content: space-between; border-bottom: 0.5mm solid #000; padding-bottom: 2mm }
h1 { font-size: 14pt; margin: 0 }
.meta { margin: 2mm 0 }
table { width: 100%; border-collapse: collapse }
th, td { border: 0.25mm solid #000; padding: 1mm 1.5mm; vertical-align: middle; text-align: start }
th { font-size: 7.5pt; background: #eee }
tr { break-inside: avoid }
thead { display: table-header-group }
.n { text-align: end; white-space: nowrap }
.tn { white-space: nowrap }
.bc { line-height: 0 }
tfoot td { font-weight: 700 }
.sign { display: flex; gap: 6mm; margin-top: 8mm; break-inside: avoid }
.box { flex: 1; border: 0.35mm solid #000; padding: 2mm; min-height: 38mm; display: flex; flex-direction: column; gap: 5mm }
`;
