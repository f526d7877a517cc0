import { CsvSyntaxError } from '@lgw/application';
import { FastCsvCodec } from './fast-csv.codec';

async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield Buffer.from(part);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('FastCsvCodec', () => {
  const codec = new FastCsvCodec();

  it('reads records across chunk boundaries, drops a BOM, accepts CRLF, keeps cells as written', async () => {
    const records = await collect(codec.parse(chunks('\ufeffa,b\r\n"x, ""y""", مح', 'مد \r\n\r\nlast,\n')));
    expect(records).toEqual([
      ['a', 'b'],
      ['x, "y"', ' محمد '],
      ['last', ''],
    ]);
  });

  it('delivers every record before a syntax error, then fails with CsvSyntaxError', async () => {
    const seen: string[][] = [];
    await expect(
      (async () => {
        for await (const record of codec.parse(chunks('a,b\n1,2\n"open,3\n'))) seen.push(record);
      })(),
    ).rejects.toBeInstanceOf(CsvSyntaxError);
    expect(seen).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('passes a failing source on as it is, not as a syntax error', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('a,b\n');
      throw new Error('storage went away');
    }
    await expect(collect(codec.parse(failing()))).rejects.toThrow('storage went away');
  });

  it('writes a header then the rows, quoting only where needed', async () => {
    async function* rows(): AsyncGenerator<readonly string[]> {
      yield ['1', 'a,b'];
      yield ['2', 'نص "مقتبس"'];
    }
    const out = Buffer.concat((await collect(codec.format(['n', 'text'], rows()))).map((c) => Buffer.from(c))).toString('utf8');
    expect(out).toBe('n,text\n1,"a,b"\n2,"نص ""مقتبس"""\n');
  });
});
