import { CsvSyntaxError, originalCellValue } from '@lgw/kernel';
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

  it('neutralises and quotes every cell a spreadsheet would evaluate; plain numbers stay numbers', async () => {
    async function* rows(): AsyncGenerator<readonly string[]> {
      yield ["=cmd|' /C calc'!A0", '-5', '@SUM(1,1)'];
      yield ['+1', '\t=1', '-2+3'];
      yield ['=HYPERLINK("http://x","y")', '-12.50', "'=already"];
    }
    const out = Buffer.concat((await collect(codec.format(['a', 'b', 'c'], rows()))).map((c) => Buffer.from(c))).toString('utf8');
    expect(out).toBe(
      'a,b,c\n' +
        `"'=cmd|' /C calc'!A0",-5,"'@SUM(1,1)"\n` +
        `"'+1","'\t=1","'-2+3"\n` +
        `"'=HYPERLINK(""http://x"",""y"")",-12.50,"''=already"\n`,
    );
    // Read back and un-neutralised, every cell is what was written.
    const back = await collect(codec.parse(chunks(out)));
    expect(back.slice(1).map((r) => r.map(originalCellValue))).toEqual([
      ["=cmd|' /C calc'!A0", '-5', '@SUM(1,1)'],
      ['+1', '\t=1', '-2+3'],
      ['=HYPERLINK("http://x","y")', '-12.50', "'=already"],
    ]);
  });
});
