import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { DOCUMENT_STORE, DocumentStorePort } from '@lgw/shipping';
import { TestApp } from './test-app';

export const MB = 1024 * 1024;

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; content: Buffer | (() => AsyncIterable<Uint8Array>) };

/** A multipart/form-data body produced chunk by chunk, so a large file is never whole in memory. */
export function multipart(parts: FormPart[]): { contentType: string; body: () => AsyncGenerator<Uint8Array> } {
  const boundary = `----lgw${randomBytes(12).toString('hex')}`;
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
      );
      // An empty chunk in chunked transfer encoding reads as the end of the body.
      if (Buffer.isBuffer(part.content)) {
        if (part.content.length > 0) yield part.content;
      } else yield* part.content();
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body };
}

export function pdf(text = 'hello'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\n${randomBytes(2048).toString('base64')}\n%%EOF\n`);
}

/** `size` bytes that start like a PDF, generated 64 KB at a time; `probe` runs after each MB. */
export function largePdf(size: number, probe?: () => void): () => AsyncGenerator<Uint8Array> {
  return async function* () {
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const header = Buffer.from('%PDF-1.7\n');
    yield header;
    let sent = header.length;
    while (sent < size) {
      const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
      yield piece;
      sent += piece.length;
      if (probe && sent % MB < piece.length) probe();
    }
  };
}

/**
 * POST /shipments/{id}/documents with node:http and explicit backpressure rather than fetch:
 * fetch's streaming body can run ahead of the socket and queue the upload in this process,
 * which hosts the app too.
 */
export function uploadDocument(t: TestApp, shipmentId: string, parts: FormPart[], key: string): Promise<{ status: number; body: any }> {
  const form = multipart(parts);
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        method: 'POST',
        path: `/api/v1/shipments/${shipmentId}/documents`,
        headers: { authorization: `Bearer ${key}`, 'content-type': form.contentType },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    void (async () => {
      for await (const chunk of form.body()) {
        if (!req.write(chunk)) await new Promise((drained) => req.once('drain', drained));
      }
      req.end();
    })().catch(reject);
  });
}

/** A document's bytes as the app's document store holds them, or null. */
export async function storedDocument(t: TestApp, id: string): Promise<Buffer | null> {
  const content = await t.app.get<DocumentStorePort>(DOCUMENT_STORE).open(id);
  if (!content) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return Buffer.concat(chunks);
}
