import { createHash } from 'node:crypto';
import { checkBatchHeader, MAX_BATCH_FILE_BYTES } from '../../domain/batch-csv-format';
import { DomainError } from '@lgw/kernel';

/** The header line is short; a "first line" longer than this is not our header. */
const MAX_HEADER_BYTES = 4096;
const NEWLINE = 0x0a;

export interface InspectedUpload {
  sizeBytes: number;
  sha256: string;
}

function refuse(reason_en: string, reason_ar: string): never {
  throw new DomainError('E_VALIDATION', { field: 'file', reason: reason_en, reason_ar });
}

/**
 * Passes an upload through unchanged while checking what can be checked without holding
 * it: size, no NUL bytes (binary), valid UTF-8, the exact header on the first line, at least
 * one line after it. Throws E_VALIDATION {field: "file", reason, reason_ar} (or
 * E_PAYLOAD_TOO_LARGE) as soon as something is wrong; `result` is filled once it is all read.
 */
export function inspectCsvUpload(content: AsyncIterable<Uint8Array>, result: InspectedUpload): AsyncGenerator<Uint8Array> {
  return (async function* () {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const hash = createHash('sha256');
    let size = 0;
    let headerBytes: Buffer[] | null = [];
    let headerLength = 0;
    let dataSeen = false;
    for await (const raw of content) {
      const chunk = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
      size += chunk.length;
      if (size > MAX_BATCH_FILE_BYTES) throw new DomainError('E_PAYLOAD_TOO_LARGE', { field: 'file', max_bytes: MAX_BATCH_FILE_BYTES });
      const nul = chunk.indexOf(0);
      if (nul >= 0) {
        refuse(
          `the file is binary, not CSV text (a NUL byte at byte ${size - chunk.length + nul + 1})`,
          `الملف ثنائي وليس نص CSV (بايت صفري عند البايت ${size - chunk.length + nul + 1})`,
        );
      }
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        notUtf8();
      }
      let rest = chunk;
      if (headerBytes) {
        const newline = chunk.indexOf(NEWLINE);
        const part = newline >= 0 ? chunk.subarray(0, newline) : chunk;
        headerBytes.push(part);
        headerLength += part.length;
        if (headerLength > MAX_HEADER_BYTES) checkHeader(Buffer.concat(headerBytes).subarray(0, MAX_HEADER_BYTES));
        if (newline < 0) {
          hash.update(chunk);
          yield chunk;
          continue;
        }
        checkHeader(Buffer.concat(headerBytes));
        headerBytes = null;
        rest = chunk.subarray(newline + 1);
      }
      if (!dataSeen && /\S/.test(rest.toString('latin1'))) dataSeen = true;
      hash.update(chunk);
      yield chunk;
    }
    try {
      decoder.decode();
    } catch {
      notUtf8();
    }
    if (size === 0 || (headerBytes && headerLength === 0)) refuse('the file is empty', 'الملف فارغ');
    if (headerBytes) checkHeader(Buffer.concat(headerBytes));
    if (!dataSeen) refuse('the file has the header but no data rows', 'يحتوي الملف على صف العناوين فقط دون صفوف بيانات');
    result.sizeBytes = size;
    result.sha256 = hash.digest('hex');
  })();
}

function notUtf8(): never {
  refuse('the file is not UTF-8 text; save it as "CSV UTF-8"', 'الملف ليس نصاً بترميز UTF-8؛ احفظه بصيغة CSV UTF-8');
}

function checkHeader(line: Buffer): void {
  const text = line.toString('utf8');
  if (text.replace(/^\ufeff/, '').trim() === '') refuse('the file is empty', 'الملف فارغ');
  const problem = checkBatchHeader(text);
  if (problem) refuse(`wrong header: ${problem.reason_en}`, `صف العناوين غير صحيح: ${problem.reason_ar}`);
}
