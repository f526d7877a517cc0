/**
 * Barcode micro-benchmark (docs/adr/0093): CPU per label for its two barcodes, one Code 128 of
 * the tracking number and one QR code, with bwip-js and with our encoders.
 *
 *   node -r ./bench/support/register.js bench/barcodes.bench.ts
 *
 * Env: BARCODES_BENCH_COUNT (3000 labels), BARCODES_BENCH_WARMUP (300). The QR text is the
 * tracking number (the template's default) and, in a second row, a tracking link. The load
 * average is printed because on a shared machine the figures are only comparable side by side.
 */
import os from 'node:os';
import * as bwipjs from 'bwip-js';
import { code128Modules } from '@lgw/labels/code128.encoder';
import { qrCodeMatrix } from '@lgw/labels/qr-code.encoder';
import { code128Svg, qrCodeSvg } from '@lgw/labels';

const COUNT = intEnv('BARCODES_BENCH_COUNT', 3000);
const WARMUP = intEnv('BARCODES_BENCH_WARMUP', 300);

function intEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const tracking = (i: number): string => `LGW${String(5_000_000_000 + i)}SA`;
const link = (i: number): string => `https://track.example.sa/t/${(i * 7919).toString(36).padStart(24, 'k')}`;

type Encode = (code128: string, qr: string) => unknown;

const ENCODERS: Record<string, Encode> = {
  // What barcode.ts called before: the Code 128 SVG and the QR matrix.
  'bwip-js': (code128, qr) => {
    bwipjs.toSVG({ bcid: 'code128', text: code128, scaleX: 1, scaleY: 1, height: 10, includetext: false, paddingwidth: 10 });
    bwipjs.raw({ bcid: 'qrcode', text: qr, eclevel: 'M' } as bwipjs.RawOptions);
  },
  'ours (encoders)': (code128, qr) => {
    code128Modules(code128);
    qrCodeMatrix(qr);
  },
  'ours (label SVGs)': (code128, qr) => {
    code128Svg(code128, { maxWidthMm: 99, heightMm: 16 });
    qrCodeSvg(qr, { sizeMm: 24 });
  },
};

function microsPerLabel(encode: Encode, qrText: (i: number) => string): number {
  for (let i = 0; i < WARMUP; i++) encode(tracking(i), qrText(i));
  const start = process.hrtime.bigint();
  for (let i = 0; i < COUNT; i++) encode(tracking(i), qrText(i));
  return Math.round(Number(process.hrtime.bigint() - start) / 1000 / COUNT);
}

const rows = [];
for (const [qr, qrText] of [
  ['tracking number', tracking],
  ['tracking link', link],
] as const) {
  for (const [encoder, encode] of Object.entries(ENCODERS)) {
    rows.push({ qr, encoder, microsPerLabel: microsPerLabel(encode, qrText) });
  }
}
console.log(JSON.stringify({ bench: 'barcodes', labels: COUNT, cpus: os.cpus().length, loadavg: os.loadavg(), rows }, null, 2));
