import { bitstream, versionGroup, type VersionGroup } from './qr-code.segments';

/**
 * QR Code (ISO/IEC 18004, full symbols) for printable ASCII at error correction level M or better,
 * written to give the same module matrix as bwip-js (BWIPP) for the same text (docs/adr/0093):
 * the same segments (qr-code.segments.ts), the same smallest version, BWIPP's raising of the
 * error level when the data still fits, and its mask choice.
 */

export interface QrMatrix {
  /** Modules per side. */
  readonly size: number;
  /** Row-major, 1 for dark: the layout of bwip-js's `raw` `pixs`. */
  readonly modules: Uint8Array;
}

/**
 * Per version 1–40: second and third alignment-pattern coordinates (99: none), data and error
 * modules, error codewords for L/M/Q/H, and for each level the number of short and long blocks.
 */
const VERSIONS: ReadonlyArray<readonly [number, number, number, readonly number[], readonly number[]]> = [
  [98, 99, 208, [7, 10, 13, 17], [1, 0, 1, 0, 1, 0, 1, 0]],
  [18, 99, 359, [10, 16, 22, 28], [1, 0, 1, 0, 1, 0, 1, 0]],
  [22, 99, 567, [15, 26, 36, 44], [1, 0, 1, 0, 2, 0, 2, 0]],
  [26, 99, 807, [20, 36, 52, 64], [1, 0, 2, 0, 2, 0, 4, 0]],
  [30, 99, 1079, [26, 48, 72, 88], [1, 0, 2, 0, 2, 2, 2, 2]],
  [34, 99, 1383, [36, 64, 96, 112], [2, 0, 4, 0, 4, 0, 4, 0]],
  [22, 38, 1568, [40, 72, 108, 130], [2, 0, 4, 0, 2, 4, 4, 1]],
  [24, 42, 1936, [48, 88, 132, 156], [2, 0, 2, 2, 4, 2, 4, 2]],
  [26, 46, 2336, [60, 110, 160, 192], [2, 0, 3, 2, 4, 4, 4, 4]],
  [28, 50, 2768, [72, 130, 192, 224], [2, 2, 4, 1, 6, 2, 6, 2]],
  [30, 54, 3232, [80, 150, 224, 264], [4, 0, 1, 4, 4, 4, 3, 8]],
  [32, 58, 3728, [96, 176, 260, 308], [2, 2, 6, 2, 4, 6, 7, 4]],
  [34, 62, 4256, [104, 198, 288, 352], [4, 0, 8, 1, 8, 4, 12, 4]],
  [26, 46, 4651, [120, 216, 320, 384], [3, 1, 4, 5, 11, 5, 11, 5]],
  [26, 48, 5243, [132, 240, 360, 432], [5, 1, 5, 5, 5, 7, 11, 7]],
  [26, 50, 5867, [144, 280, 408, 480], [5, 1, 7, 3, 15, 2, 3, 13]],
  [30, 54, 6523, [168, 308, 448, 532], [1, 5, 10, 1, 1, 15, 2, 17]],
  [30, 56, 7211, [180, 338, 504, 588], [5, 1, 9, 4, 17, 1, 2, 19]],
  [30, 58, 7931, [196, 364, 546, 650], [3, 4, 3, 11, 17, 4, 9, 16]],
  [34, 62, 8683, [224, 416, 600, 700], [3, 5, 3, 13, 15, 5, 15, 10]],
  [28, 50, 9252, [224, 442, 644, 750], [4, 4, 17, 0, 17, 6, 19, 6]],
  [26, 50, 10068, [252, 476, 690, 816], [2, 7, 17, 0, 7, 16, 34, 0]],
  [30, 54, 10916, [270, 504, 750, 900], [4, 5, 4, 14, 11, 14, 16, 14]],
  [28, 54, 11796, [300, 560, 810, 960], [6, 4, 6, 14, 11, 16, 30, 2]],
  [32, 58, 12708, [312, 588, 870, 1050], [8, 4, 8, 13, 7, 22, 22, 13]],
  [30, 58, 13652, [336, 644, 952, 1110], [10, 2, 19, 4, 28, 6, 33, 4]],
  [34, 62, 14628, [360, 700, 1020, 1200], [8, 4, 22, 3, 8, 26, 12, 28]],
  [26, 50, 15371, [390, 728, 1050, 1260], [3, 10, 3, 23, 4, 31, 11, 31]],
  [30, 54, 16411, [420, 784, 1140, 1350], [7, 7, 21, 7, 1, 37, 19, 26]],
  [26, 52, 17483, [450, 812, 1200, 1440], [5, 10, 19, 10, 15, 25, 23, 25]],
  [30, 56, 18587, [480, 868, 1290, 1530], [13, 3, 2, 29, 42, 1, 23, 28]],
  [34, 60, 19723, [510, 924, 1350, 1620], [17, 0, 10, 23, 10, 35, 19, 35]],
  [30, 58, 20891, [540, 980, 1440, 1710], [17, 1, 14, 21, 29, 19, 11, 46]],
  [34, 62, 22091, [570, 1036, 1530, 1800], [13, 6, 14, 23, 44, 7, 59, 1]],
  [30, 54, 23008, [570, 1064, 1590, 1890], [12, 7, 12, 26, 39, 14, 22, 41]],
  [24, 50, 24272, [600, 1120, 1680, 1980], [6, 14, 6, 34, 46, 10, 2, 64]],
  [28, 54, 25568, [630, 1204, 1770, 2100], [17, 4, 29, 14, 49, 10, 24, 46]],
  [32, 58, 26896, [660, 1260, 1860, 2220], [4, 18, 13, 32, 48, 14, 42, 32]],
  [26, 54, 28256, [720, 1316, 1950, 2310], [20, 4, 40, 7, 43, 22, 10, 67]],
  [30, 58, 29648, [750, 1372, 2040, 2430], [19, 6, 18, 31, 34, 34, 20, 61]],
];

const LEVEL_M = 1;
/** Format-information indicator of L, M, Q, H (ISO/IEC 18004 table 12). */
const LEVEL_BITS = [1, 0, 3, 2];

interface Layout {
  readonly version: number;
  readonly level: number;
  readonly codewords: number[];
}

export function qrCodeMatrix(text: string): QrMatrix {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new RangeError('QR code text must be non-empty printable ASCII');
  const { version, level, codewords } = layout(text);
  const size = 17 + 4 * version;
  const fixed = functionPatterns(version, size);
  const data = placeData(fixed, size, codewords);
  const mask = bestMask(fixed, data, size);
  const modules = masked(fixed, data, size, mask);
  finish(modules, size, version, level, mask);
  return { size, modules };
}

function layout(text: string): Layout {
  const streams = new Map<VersionGroup, number[] | undefined>();
  const stream = (group: VersionGroup): number[] | undefined => {
    if (!streams.has(group)) streams.set(group, bitstream(text, group));
    return streams.get(group);
  };
  for (let version = 1; version <= VERSIONS.length; version++) {
    const [, , modules, ecCodewords, blocks] = VERSIONS[version - 1];
    const bits = stream(versionGroup(version));
    const total = Math.floor(modules / 8);
    if (!bits || bits.length > (total - ecCodewords[LEVEL_M]) * 8) continue;
    // BWIPP takes the highest level whose data still fits this version: more protection, same size.
    let level = LEVEL_M;
    for (let higher = LEVEL_M + 1; higher <= 3; higher++) {
      if (bits.length <= (total - ecCodewords[higher]) * 8) level = higher;
    }
    const dataCodewords = total - ecCodewords[level];
    return {
      version,
      level,
      codewords: interleave(padded(bits, dataCodewords), total, blocks[level * 2], blocks[level * 2 + 1]),
    };
  }
  throw new RangeError(`QR text of ${text.length} characters does not fit a version 40 symbol at level M`);
}

/** Terminator, zero bits to a byte boundary, then the alternating pad codewords. */
function padded(bits: number[], dataCodewords: number): number[] {
  const capacity = dataCodewords * 8;
  const all = [...bits, ...new Array<number>(Math.min(4, capacity - bits.length)).fill(0)];
  while (all.length % 8) all.push(0);
  const codewords: number[] = [];
  for (let k = 0; k < all.length; k += 8) {
    codewords.push(all.slice(k, k + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  for (let pad = 0; codewords.length < dataCodewords; pad ^= 1) codewords.push(pad ? 0x11 : 0xec);
  return codewords;
}

const EXP = new Array<number>(256);
const LOG = new Array<number>(256);
for (let k = 0, x = 1; k < 256; k++, x = x & 0x80 ? ((x << 1) ^ 0x11d) & 0xff : x << 1) {
  EXP[k] = x;
  if (k < 255) LOG[x] = k;
}
const gfMul = (a: number, b: number): number => (a && b ? EXP[(LOG[a] + LOG[b]) % 255] : 0);

/** Generator polynomial (x - α^0)…(x - α^(n-1)), highest power first without its leading 1. */
const generators = new Map<number, number[]>();
function generator(degree: number): number[] {
  let poly = generators.get(degree);
  if (poly) return poly;
  poly = [1];
  for (let k = 0; k < degree; k++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    poly.forEach((c, j) => {
      next[j] ^= c;
      next[j + 1] ^= gfMul(c, EXP[k]);
    });
    poly = next;
  }
  poly = poly.slice(1);
  generators.set(degree, poly);
  return poly;
}

function reedSolomon(data: number[], degree: number): number[] {
  const gen = generator(degree);
  const rem = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    for (let j = 0; j < degree; j++) rem[j] ^= gfMul(gen[j], factor);
  }
  return rem;
}

/** Split into blocks (the short ones first), add each block's error codewords, interleave. */
function interleave(data: number[], total: number, shortBlocks: number, longBlocks: number): number[] {
  const count = shortBlocks + longBlocks;
  const perBlock = Math.floor(data.length / count);
  const ecPerBlock = Math.floor(total / count) - perBlock;
  const dataBlocks: number[][] = [];
  for (let b = 0, at = 0; b < count; b++) {
    const length = perBlock + (b < shortBlocks ? 0 : 1);
    dataBlocks.push(data.slice(at, at + length));
    at += length;
  }
  const ecBlocks = dataBlocks.map((block) => reedSolomon(block, ecPerBlock));
  const out: number[] = [];
  for (let k = 0; k <= perBlock; k++) for (const block of dataBlocks) if (k < block.length) out.push(block[k]);
  for (let k = 0; k < ecPerBlock; k++) for (const block of ecBlocks) out.push(block[k]);
  return out;
}

/** Function modules: 0 or 1, -1 where data goes. Format and version areas are reserved as BWIPP does. */
function functionPatterns(version: number, size: number): Int8Array {
  const m = new Int8Array(size * size).fill(-1);
  const set = (x: number, y: number, v: number): void => {
    m[y * size + x] = v;
  };
  for (let i = 8; i <= size - 9; i++) {
    set(i, 6, (i + 1) % 2);
    set(6, i, (i + 1) % 2);
  }
  // Finder patterns with their light separators, in three corners.
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      const v = ring === 4 || ring === 2 ? 0 : 1;
      set(x, y, v);
      set(size - 1 - x, y, v);
      set(x, size - 1 - y, v);
    }
  }
  const [second, third] = VERSIONS[version - 1];
  const step = third - second;
  const alignment = (left: number, top: number): void => {
    for (let b = 0; b < 5; b++) {
      for (let a = 0; a < 5; a++) set(left + a, top + b, Math.max(Math.abs(a - 2), Math.abs(b - 2)) === 1 ? 0 : 1);
    }
  };
  for (let i = second - 2; i <= size - 13; i += step) {
    alignment(i, 4);
    alignment(4, i);
  }
  for (let x = second - 2; x <= size - 9; x += step) {
    for (let y = second - 2; y <= size - 9; y += step) alignment(x, y);
  }
  // Masks are scored with the format areas dark and the version areas and dark module light,
  // as BWIPP scores them; the real bits go in after the choice.
  for (const [x, y] of formatPositions(size).flat()) set(x, y, 1);
  if (version >= 7) for (const [x, y] of versionPositions(size).flat()) set(x, y, 0);
  set(8, size - 8, 0);
  return m;
}

/** Both places of each format bit, most significant first. */
function formatPositions(size: number): Array<Array<[number, number]>> {
  const first: Array<[number, number]> = [
    [0, 8],
    [1, 8],
    [2, 8],
    [3, 8],
    [4, 8],
    [5, 8],
    [7, 8],
    [8, 8],
    [8, 7],
    [8, 5],
    [8, 4],
    [8, 3],
    [8, 2],
    [8, 1],
    [8, 0],
  ];
  return first.map((p, i) => [p, i < 7 ? [8, size - 1 - i] : [size - 15 + i, 8]]);
}

/** Both places of each version bit, most significant first. */
function versionPositions(size: number): Array<Array<[number, number]>> {
  return Array.from({ length: 18 }, (_, i) => {
    const along = size - 9 - (i % 3);
    const across = 5 - Math.floor(i / 3);
    return [
      [along, across],
      [across, along],
    ];
  });
}

/** The codeword bits in the two-column zigzag from the bottom right; -1 on function modules. */
function placeData(fixed: Int8Array, size: number, codewords: number[]): Int8Array {
  const bits = new Int8Array(size * size).fill(-1);
  let n = 0;
  for (let right = size - 1, upward = true; right > 0; right -= 2, upward = !upward) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        const at = y * size + x;
        if (fixed[at] !== -1) continue;
        // Remainder bits past the last codeword are light.
        const byte = codewords[n >> 3] ?? 0;
        bits[at] = (byte >> (7 - (n & 7))) & 1;
        n++;
      }
    }
  }
  return bits;
}

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x * y) % 3) + ((x + y) % 2)) % 2 === 0,
];

function masked(fixed: Int8Array, data: Int8Array, size: number, mask: number): Uint8Array {
  const out = new Uint8Array(size * size);
  const flip = MASKS[mask];
  for (let y = 0, at = 0; y < size; y++) {
    for (let x = 0; x < size; x++, at++) {
      out[at] = fixed[at] !== -1 ? fixed[at] : data[at] ^ (flip(x, y) ? 1 : 0);
    }
  }
  return out;
}

/** The first mask with the lowest penalty, as BWIPP picks it (ties keep the earlier mask). */
function bestMask(fixed: Int8Array, data: Int8Array, size: number): number {
  let best = 0;
  let bestScore = Infinity;
  for (let mask = 0; mask < MASKS.length; mask++) {
    const score = penalty(masked(fixed, data, size, mask), size, bestScore);
    if (score < bestScore) {
      bestScore = score;
      best = mask;
    }
  }
  return best;
}

/**
 * ISO/IEC 18004 penalty as BWIPP computes it (rules 1–4). Returns Infinity once the running
 * score reaches `stopAt`, as the mask can then no longer win.
 */
function penalty(m: Uint8Array, size: number, stopAt: number): number {
  let score = 0;
  let previousPairs = new Uint8Array(size);
  let pairs = new Uint8Array(size);
  const runs: number[] = [];
  for (let i = 0; i < size; i++) {
    score += lineScore(runsOf(m, i, size, size, runs));
    score += lineScore(runsOf(m, i * size, 1, size, runs));
    // Sums of horizontally adjacent modules; a 2x2 block is one colour when two rows' sums add to 0 or 4.
    [previousPairs, pairs] = [pairs, previousPairs];
    pairs[0] = 1;
    for (let x = 1; x < size; x++) pairs[x] = m[i * size + x - 1] + m[i * size + x];
    if (i > 0) for (let x = 0; x < size; x++) if (((previousPairs[x] + pairs[x]) & 3) === 0) score += 3;
    if (score >= stopAt) return Infinity;
  }
  let dark = 0;
  for (const v of m) dark += v;
  return score + Math.trunc(Math.abs((dark * 100) / (size * size) - 50) / 5) * 10;
}

/** Run lengths along a line, light first (so the first run is 0 when the line starts dark). */
function runsOf(m: Uint8Array, start: number, stride: number, size: number, runs: number[]): number[] {
  runs.length = 0;
  let colour = 0;
  let run = 0;
  for (let k = 0, at = start; k < size; k++, at += stride) {
    if (m[at] === colour) run++;
    else {
      runs.push(run);
      colour = m[at];
      run = 1;
    }
  }
  runs.push(run);
  return runs;
}

/** Rule 1 (runs of five or more) and rule 3 (1:1:3:1:1 with four light modules on a side, or at an edge). */
function lineScore(runs: number[]): number {
  let score = 0;
  for (const run of runs) if (run >= 5) score += run - 2;
  for (let j = 3; j <= runs.length - 3; j += 2) {
    const centre = runs[j];
    if (centre % 3 !== 0) continue;
    const unit = centre / 3;
    if (runs[j - 2] !== unit || runs[j - 1] !== unit || runs[j + 1] !== unit || runs[j + 2] !== unit) continue;
    if (j === 3 || j + 4 >= runs.length || runs[j - 3] >= 4 || runs[j + 3] >= 4) score += 40;
  }
  return score;
}

/** BCH remainder of `data << shift` by `generator` over GF(2). */
function bchRemainder(generator: number, shift: number, data: number): number {
  let value = data << shift;
  for (let degree = 31 - Math.clz32(value); value && degree >= shift; degree = 31 - Math.clz32(value)) {
    value ^= generator << (degree - shift);
  }
  return value;
}

function finish(m: Uint8Array, size: number, version: number, level: number, mask: number): void {
  m[(size - 8) * size + 8] = 1;
  const format = (LEVEL_BITS[level] << 3) | mask;
  const formatBits = ((format << 10) | bchRemainder(0x537, 10, format)) ^ 0x5412;
  formatPositions(size).forEach((places, i) => {
    for (const [x, y] of places) m[y * size + x] = (formatBits >> (14 - i)) & 1;
  });
  if (version < 7) return;
  const versionBits = (version << 12) | bchRemainder(0x1f25, 12, version);
  versionPositions(size).forEach((places, i) => {
    for (const [x, y] of places) m[y * size + x] = (versionBits >> (17 - i)) & 1;
  });
}
