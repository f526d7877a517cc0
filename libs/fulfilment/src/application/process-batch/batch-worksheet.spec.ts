import { renderWorksheet, WORKSHEET_REJECTED, WorksheetCache, worksheetLine } from './batch-worksheet';

async function* strings(lines: readonly string[]): AsyncGenerator<string> {
  yield* lines;
}

async function text(chunks: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('batch worksheet', () => {
  const payloads = ['ORD-1,محمد,"a, b"', '"line one\nline two\r\nthree",x', 'back\\slash\\n not a newline', ''];

  it('gives every payload back exactly, whatever line ends or backslashes it holds', async () => {
    const cache = new WorksheetCache();
    await cache.collect('b1', strings(payloads.map((p, i) => worksheetLine(String(i + 1), p))));
    const seen: Array<[string, string]> = [];
    const out = await text(
      renderWorksheet(cache.get('b1')!, 'HEADER\n', (tag, payload) => {
        seen.push([tag, payload]);
        return `${payload}|\n`;
      }),
    );
    expect(seen).toEqual(payloads.map((p, i) => [String(i + 1), p]));
    expect(out).toBe(`HEADER\n${payloads.map((p) => `${p}|\n`).join('')}`);
  });

  it('reads lines and multi-byte characters split across chunks, and skips what render drops', async () => {
    const lines = [worksheetLine('1', 'نورة السبيعي'), worksheetLine(WORKSHEET_REJECTED, '3,phone,رقم,bad'), worksheetLine('2', 'z')];
    const bytes = Buffer.from(lines.join(''), 'utf8');
    const oneByteChunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const out = await text(
      renderWorksheet(oneByteChunks, '', (tag, payload) => (tag === WORKSHEET_REJECTED ? null : `${tag}:${payload}\n`)),
    );
    expect(out).toBe('1:نورة السبيعي\n2:z\n');
  });

  it('keeps a bounded number of worksheets and none past the size bound', async () => {
    const cache = new WorksheetCache(100, 2);
    await cache.collect('a', strings([worksheetLine('1', 'x')]));
    await cache.collect('b', strings([worksheetLine('1', 'y')]));
    await cache.collect('c', strings([worksheetLine('1', 'z')]));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    await cache.collect('big', strings([worksheetLine('1', 'w'.repeat(200))]));
    expect(cache.get('big')).toBeUndefined();
    cache.drop('b');
    expect(cache.get('b')).toBeUndefined();
  });
});
