import { oneTextPagePdf, pdfSafeText } from '../../shared/sandbox/text-pdf';

/**
 * The AWB document behind Aymakan's `pdf_label` link: a one-page 4x6 PDF with the AWB, the
 * route, the pieces and the amount to collect.
 */
export function aymakanAwb(awb: string, from: string, to: string, codSar: number, pieces: number): Buffer {
  const lines = [
    `AYMAKAN  ${awb}`,
    `${pdfSafeText(from)} -> ${pdfSafeText(to)}`,
    `Pieces ${pieces}`,
    codSar > 0 ? `COD ${codSar.toFixed(2)} SAR` : 'PREPAID',
  ];
  return oneTextPagePdf(lines);
}
