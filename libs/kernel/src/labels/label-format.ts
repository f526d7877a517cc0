/** The label formats a printer can take; pdf_a6 is the label rendered at booking. */
export const LABEL_FORMATS = ['pdf_a6', 'pdf_4x6', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
