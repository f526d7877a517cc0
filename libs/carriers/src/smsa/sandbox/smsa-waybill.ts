import { oneTextPagePdf, pdfSafeText } from '../../shared/sandbox/text-pdf';

/**
 * The waybill document SMSA returns in `awbFile` (base64): a one-page PDF, or ZPL when the
 * booking asked WaybillType "ZPL". The sandbox draws the AWB, the route and the COD amount.
 */
export function smsaWaybill(type: 'PDF' | 'ZPL', awb: string, from: string, to: string, codSar: number, piece: string): Buffer {
  const lines = [
    `SMSA EXPRESS  AWB ${awb}`,
    `${pdfSafeText(from)} -> ${pdfSafeText(to)}`,
    `Piece ${piece}`,
    codSar > 0 ? `COD ${codSar.toFixed(2)} SAR` : 'PREPAID',
  ];
  if (type === 'ZPL') {
    const fields = lines.map((line, i) => `^FO40,${40 + i * 50}^A0N,36,36^FD${line}^FS`).join('');
    return Buffer.from(`^XA${fields}^FO40,260^BCN,120,Y,N,N^FD${awb}^FS^XZ\n`, 'ascii');
  }
  return oneTextPagePdf(lines);
}
