/**
 * The waybill document SMSA returns in `awbFile` (base64): a one-page PDF, or ZPL when the
 * booking asked WaybillType "ZPL". The sandbox draws the AWB, the route and the COD amount.
 */
export function smsaWaybill(type: 'PDF' | 'ZPL', awb: string, from: string, to: string, codSar: number, piece: string): Buffer {
  const safe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const lines = [
    `SMSA EXPRESS  AWB ${awb}`,
    `${safe(from)} -> ${safe(to)}`,
    `Piece ${piece}`,
    codSar > 0 ? `COD ${codSar.toFixed(2)} SAR` : 'PREPAID',
  ];
  if (type === 'ZPL') {
    const fields = lines.map((line, i) => `^FO40,${40 + i * 50}^A0N,36,36^FD${line}^FS`).join('');
    return Buffer.from(`^XA${fields}^FO40,260^BCN,120,Y,N,N^FD${awb}^FS^XZ\n`, 'ascii');
  }
  const text = lines.map((line, i) => `BT /F1 14 Tf 24 ${380 - i * 24} Td (${line}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
