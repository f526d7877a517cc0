import { oneTextPagePdf, pdfSafeText } from '../../shared/sandbox/text-pdf';

/**
 * The waybill report Aramex's PrintLabel and CreateShipments answer (report 9201): a one-page
 * PDF. The sandbox draws the AWB, the route, the pieces and the COD amount.
 */
export function aramexWaybill(awb: string, from: string, to: string, pieces: number, codSar: number): Buffer {
  const lines = [
    `ARAMEX  AWB ${awb}`,
    `${pdfSafeText(from)} -> ${pdfSafeText(to)}`,
    `Pieces ${pieces}`,
    codSar > 0 ? `COD ${codSar.toFixed(2)} SAR` : 'PREPAID',
  ];
  return oneTextPagePdf(lines);
}
