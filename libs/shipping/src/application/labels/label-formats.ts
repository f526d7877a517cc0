import { ValidationError, LABEL_FORMATS, LabelFormat } from '@lgw/kernel';

/** A format named by a client (query or body): one of LABEL_FORMATS, or E_VALIDATION on its field. */
export function parseLabelFormat(value: unknown, field = 'format'): LabelFormat | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (LABEL_FORMATS as readonly string[]).includes(value)) return value as LabelFormat;
  throw new ValidationError(field, `must be one of ${LABEL_FORMATS.join(', ')}`, `يجب أن تكون إحدى القيم: ${LABEL_FORMATS.join('، ')}`);
}

/** What each format is served as. */
export const LABEL_MEDIA: Readonly<Record<LabelFormat, { contentType: string; extension: string }>> = {
  pdf_a6: { contentType: 'application/pdf', extension: 'pdf' },
  pdf_4x6: { contentType: 'application/pdf', extension: 'pdf' },
  zpl: { contentType: 'application/zpl', extension: 'zpl' },
};
