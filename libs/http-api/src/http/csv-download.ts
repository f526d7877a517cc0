import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

/** UTF-8's byte-order mark: without it a spreadsheet opens the file in a legacy code page. */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Sends a CSV file people open in a spreadsheet (batch results and rejections, the shipment
 * export, manifests): UTF-8 with a byte-order mark first, so Arabic names read as written rather
 * than as mojibake. The CSV text itself (result_csv in JSON, stored files) carries no mark.
 */
export async function sendCsvDownload(reply: FastifyReply, filename: string, content: AsyncIterable<Uint8Array>): Promise<void> {
  async function* withBom(): AsyncGenerator<Uint8Array> {
    yield UTF8_BOM;
    yield* content;
  }
  await reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(withBom()));
}
