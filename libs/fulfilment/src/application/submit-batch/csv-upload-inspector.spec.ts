import { BATCH_CSV_COLUMNS } from '../../domain/batch-csv-format';
import { DomainError } from '@lgw/kernel';
import { InspectedUpload, inspectCsvUpload } from './csv-upload-inspector';

const HEADER = BATCH_CSV_COLUMNS.join(',');

async function inspect(chunks: Buffer[]): Promise<InspectedUpload> {
  const result: InspectedUpload = { sizeBytes: 0, sha256: '' };
  const passed: Buffer[] = [];
  for await (const chunk of inspectCsvUpload(
    (async function* () {
      yield* chunks;
    })(),
    result,
  ))
    passed.push(Buffer.from(chunk));
  expect(Buffer.concat(passed)).toEqual(Buffer.concat(chunks));
  return result;
}

async function refusal(chunks: Buffer[]): Promise<string> {
  try {
    await inspect(chunks);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return String((error as DomainError).details?.reason);
  }
  throw new Error('accepted');
}

describe('inspectCsvUpload', () => {
  it('passes a file through unchanged whatever the chunking, even inside a multi-byte character', async () => {
    const file = Buffer.from(`\ufeff${HEADER}\r\nORD-1,محمد,,966512345678,Riyadh,,RRRD2929,S,1,,\r\n`);
    const split = file.indexOf(Buffer.from('محمد')) + 1;
    const result = await inspect([file.subarray(0, 10), file.subarray(10, split), file.subarray(split)]);
    expect(result.sizeBytes).toBe(file.length);
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a header split across chunks as soon as it is known to be wrong', async () => {
    const bad = Buffer.from(`${HEADER.replace('city', 'town')}\nrow\n`);
    expect(await refusal([bad.subarray(0, 20), bad.subarray(20)])).toMatch(/column 5 must be city, found "town"/);
  });

  it('refuses a UTF-8 sequence cut at the end of the file', async () => {
    const file = Buffer.concat([Buffer.from(`${HEADER}\nx\n`), Buffer.from([0xd9])]);
    expect(await refusal([file])).toMatch(/not UTF-8/);
  });

  it('refuses a first line far longer than any header', async () => {
    expect(await refusal([Buffer.alloc(10_000, 0x61)])).toMatch(/column 1 must be order_ref/);
  });
});

describe('inspectCsvUpload size limit', () => {
  it('refuses a file past 50 MB with E_PAYLOAD_TOO_LARGE while it streams', async () => {
    const line = Buffer.from('ORD-1,محمد,,966512345678,Riyadh,,RRRD2929,S,1,,\n');
    const block = Buffer.concat(Array.from({ length: Math.ceil((1024 * 1024) / line.length) }, () => line));
    const chunks = async function* () {
      yield Buffer.from(`${HEADER}\n`);
      for (let i = 0; i < 51; i += 1) yield block;
    };
    const result: InspectedUpload = { sizeBytes: 0, sha256: '' };
    let seen = 0;
    await expect(
      (async () => {
        for await (const chunk of inspectCsvUpload(chunks(), result)) seen += chunk.length;
      })(),
    ).rejects.toMatchObject({ code: 'E_PAYLOAD_TOO_LARGE', details: { field: 'file', max_bytes: 50 * 1024 * 1024 } });
    expect(seen).toBeLessThanOrEqual(50 * 1024 * 1024);
  });
});
