import type { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES } from '../application/documents/shipment-document';
import { UploadFormPart } from '../application/documents/upload-shipment-document/upload-shipment-document.command';
import { DomainError, isPrintableText, unprintableTextError, ValidationError } from '@lgw/kernel';

/**
 * Defaults for every multipart route: one file, a few short fields. A route that needs more
 * (a larger file) passes its own limits to multipartFormParts; busboy merges them over these.
 */
export const MULTIPART_LIMITS = {
  fileSize: MAX_DOCUMENT_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 20,
  headerPairs: 20,
} as const;

export type MultipartLimits = Partial<Record<keyof typeof MULTIPART_LIMITS, number>>;

/**
 * Multipart bodies are never parsed up front: the plugin only marks the request, and the
 * handler streams the parts itself (see multipartFormParts). Safe to call more than once.
 */
export async function registerMultipart(fastify: FastifyInstance): Promise<void> {
  if (fastify.hasRequestDecorator('parts')) return;
  await fastify.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}

/**
 * The request's form parts in arrival order, in the application's own shape. Lazy: nothing
 * is read until the first part is asked for, so a handler can refuse (404) without reading.
 */
export async function* multipartFormParts(request: FastifyRequest, limits?: MultipartLimits): AsyncGenerator<UploadFormPart> {
  if (!request.isMultipart()) throw new ValidationError('body', 'must be multipart/form-data', 'يجب أن يكون multipart/form-data');
  const fileSize = limits?.fileSize ?? MULTIPART_LIMITS.fileSize;
  try {
    for await (const part of request.parts(limits ? { limits } : undefined)) {
      refuseUnprintable(part.fieldname, 'body', 'form field names');
      if (part.type === 'file') {
        if (part.filename) refuseUnprintable(part.filename, `${part.fieldname}.filename`);
        yield { kind: 'file', field: part.fieldname, filename: part.filename, content: fileContent(part.file) };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        refuseUnprintable(value, part.fieldname);
        yield { kind: 'field', field: part.fieldname, value };
      }
    }
  } catch (error) {
    const { code, part, message } = (error ?? {}) as { code?: unknown; part?: { fieldname?: string }; message?: unknown };
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('E_PAYLOAD_TOO_LARGE', { field: part?.fieldname ?? 'file', max_bytes: fileSize });
    }
    // busboy refuses a multipart content type it cannot split before reading a byte.
    if (typeof message === 'string' && /boundary not found/i.test(message)) {
      throw new ValidationError(
        'body',
        'must be multipart/form-data with a boundary parameter',
        'يجب أن يكون multipart/form-data مع المعامل boundary',
      );
    }
    if (isCutShort(error)) throw new ValidationError('body', CUT_SHORT, CUT_SHORT_AR);
    throw error;
  }
}

/** Field values and filenames are text like any other field: control characters are refused (422). */
function refuseUnprintable(value: string, field: string, what?: string): void {
  if (!isPrintableText(value)) throw unprintableTextError(field, what);
}

const CUT_SHORT = 'the multipart body ended before the form was complete';
const CUT_SHORT_AR = 'انتهى جسم multipart قبل اكتمال النموذج';

/**
 * A body that ends without its closing boundary destroys the part's stream, possibly before
 * anyone reads it. stream.pipeline() given such a stream never settles; iterating it fails
 * with a premature close, which is the caller's fault and reported as such.
 */
async function* fileContent(file: Readable): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of file) yield chunk as Uint8Array;
  } catch (error) {
    if (isCutShort(error)) throw new ValidationError('body', CUT_SHORT, CUT_SHORT_AR);
    throw error;
  }
}

function isCutShort(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' || (typeof message === 'string' && /terminated early|unexpected end of multipart/i.test(message))
  );
}
