import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Renders ZPL as a 203 dpi printer would (zpl-renderer-js: the Zebrash engine) and reads the picture back. */
const run = promisify(execFile);

let counter = 0;

export async function renderZpl(dir: string, zpl: string): Promise<string> {
  const { ready } = await import('zpl-renderer-js');
  const { api } = await ready;
  const png = await api.zplToBase64Async(zpl, 101.6, 152.4, 8);
  const path = join(dir, `zpl-${++counter}.png`);
  await writeFile(path, Buffer.from(png, 'base64'));
  return path;
}

/** Every symbol zbar finds in a picture. */
export async function scanPicture(path: string): Promise<string[]> {
  const { stdout } = await run('zbarimg', ['--quiet', '--nodbus', path]);
  return stdout.split('\n').filter(Boolean);
}

export interface Picture {
  readonly width: number;
  readonly height: number;
  /** Whether the dot at (x, y) is dark. */
  dark(x: number, y: number): boolean;
}

/** A PNG's pixels, through PPM (plain RGB after a short text header). */
export async function readPicture(path: string): Promise<Picture> {
  const { stdout } = await run('convert', [path, 'ppm:-'], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(stdout.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PPM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = stdout.subarray(header[0].length);
  return { width, height, dark: (x, y) => pixels[(y * width + x) * 3] < 128 };
}

/** Dark dots in a rectangle. */
export function darkDots(picture: Picture, x: number, y: number, w: number, h: number): number {
  let count = 0;
  for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) if (picture.dark(i, j)) count++;
  return count;
}

/** The rectangle's dots as a string of 0/1: equal strings, equal regions. */
export function regionChecksum(picture: Picture, x: number, y: number, w: number, h: number): string {
  let bits = '';
  for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) bits += picture.dark(i, j) ? '1' : '0';
  return bits;
}
