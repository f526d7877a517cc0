/** Text a simulator prints in a PDF string: printable ASCII, without the characters PDF strings escape. */
export function pdfSafeText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
}

/**
 * A one-page 4x6 in PDF of a few lines of Helvetica: what the simulators of carriers that issue
 * their own waybill answer as that document (real carriers' label bytes are served as they came).
 */
export function oneTextPagePdf(lines: readonly string[]): Buffer {
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
