/**
 * The QR bitstream (mode segments, counts, data) for printable ASCII, with the segments BWIPP
 * (bwip-js's engine) chooses. BWIPP does not search for the shortest stream: it applies fixed
 * look-ahead rules with per-version-group thresholds, and a shorter stream could land in a
 * smaller version or a higher error level, so the rules are reproduced as they are
 * (docs/adr/0093). Kanji and ECI segments never arise from printable ASCII.
 */

export const QrMode = { Numeric: 0, Alphanumeric: 1, Byte: 2 } as const;
export type QrMode = (typeof QrMode)[keyof typeof QrMode];

/** Versions 1–9, 10–26 and 27–40 use different count-field widths, so each gets its own stream. */
export type VersionGroup = 0 | 1 | 2;

export function versionGroup(version: number): VersionGroup {
  return version <= 9 ? 0 : version <= 26 ? 1 : 2;
}

const MODE_INDICATOR = [0b0001, 0b0010, 0b0100];
/** Count-field widths per mode, for each version group. */
const COUNT_BITS = [
  [10, 9, 8],
  [12, 11, 16],
  [14, 13, 16],
];

/**
 * BWIPP's minimum run lengths (per version group) for changing mode; the names read "in mode X,
 * a run of Y before a Z". A threshold of 1 is BWIPP's "force" value.
 */
const START_N_BEFORE_B = [4, 4, 5];
const A_N_BEFORE_E = [7, 8, 9];
const B_A_BEFORE_E = [6, 7, 8];
const B_A_BEFORE_B = [11, 15, 16];
const B_A_BEFORE_N = [12, 13, 15];
const B_N_BEFORE_B = [6, 8, 9];
const B_N_BEFORE_A = [6, 7, 8];
const B_N_BEFORE_E = [3, 4, 4];
const A_N_BEFORE_A = [13, 15, 17];
const A_N_BEFORE_B = [13, 17, 18];
const FORCE = [1, 1, 1];

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
/** BWIPP's "no next character of this kind" distance, kept so its comparisons behave the same. */
const NONE_AHEAD = 9999;

interface Runs {
  /** Run of digits from each position. */
  readonly n: number[];
  /** Run of alphanumeric-only (non-digit) characters from each position. */
  readonly a: number[];
  /** Run of characters that are either. */
  readonly aOrN: number[];
  /** Run of byte-only characters. */
  readonly b: number[];
  /** Distance to the next digit / alphanumeric-only / byte-only character. */
  readonly nextN: number[];
  readonly nextA: number[];
  readonly nextB: number[];
}

function runs(text: string): Runs {
  const length = text.length;
  const zeros = (): number[] => new Array<number>(length + 1).fill(0);
  const ahead = (): number[] => [...new Array<number>(length).fill(0), NONE_AHEAD];
  const r = { n: zeros(), a: zeros(), aOrN: zeros(), b: zeros(), nextN: ahead(), nextA: ahead(), nextB: ahead() };
  for (let i = length - 1; i >= 0; i--) {
    const ch = text[i];
    const digit = ch >= '0' && ch <= '9';
    const alpha = !digit && ALPHANUMERIC.includes(ch);
    r.n[i] = digit ? r.n[i + 1] + 1 : 0;
    r.a[i] = alpha ? r.a[i + 1] + 1 : 0;
    r.aOrN[i] = digit || alpha ? r.aOrN[i + 1] + 1 : 0;
    r.b[i] = digit || alpha ? 0 : r.b[i + 1] + 1;
    r.nextN[i] = digit ? 0 : r.nextN[i + 1] + 1;
    r.nextA[i] = alpha ? 0 : r.nextA[i + 1] + 1;
    r.nextB[i] = digit || alpha ? r.nextB[i + 1] + 1 : 0;
  }
  return r;
}

export interface Segment {
  readonly mode: QrMode;
  readonly start: number;
  length: number;
}

/** BWIPP's segmentation of `text` for one version group. */
export function segments(text: string, group: VersionGroup): Segment[] {
  const r = runs(text);
  const length = text.length;
  let i = 0;
  // The run starting at i of kind `run` is at least the threshold and is followed by `next`.
  const before = (run: number[], threshold: number[], next: number[]): boolean => run[i] >= threshold[group] && next[run[i] + i] === 0;
  const beforeEnd = (run: number[], threshold: number[]): boolean => run[i] >= threshold[group] && run[i] + i === length;
  const nextNShorter = (threshold: number[]): boolean => r.nextN[i] >= length || r.n[r.nextN[i] + i] < threshold[group];

  const choose = (mode: QrMode | -1): QrMode => {
    switch (mode) {
      case -1:
        if (before(r.n, START_N_BEFORE_B, r.nextB)) return QrMode.Numeric;
        if (before(r.n, FORCE, r.nextB)) return QrMode.Byte;
        if (before(r.n, A_N_BEFORE_E, r.nextA)) return QrMode.Numeric;
        if (beforeEnd(r.n, FORCE)) return QrMode.Numeric;
        if (before(r.aOrN, B_A_BEFORE_E, r.nextB)) return QrMode.Alphanumeric;
        if (beforeEnd(r.aOrN, FORCE)) return QrMode.Alphanumeric;
        return QrMode.Byte;
      case QrMode.Byte:
        if (before(r.a, B_A_BEFORE_B, r.nextB)) return QrMode.Alphanumeric;
        if (before(r.a, B_A_BEFORE_N, r.nextN)) return QrMode.Alphanumeric;
        if (beforeEnd(r.a, B_A_BEFORE_E)) return QrMode.Alphanumeric;
        if (before(r.n, B_N_BEFORE_B, r.nextB)) return QrMode.Numeric;
        if (before(r.n, B_N_BEFORE_A, r.nextA)) return QrMode.Numeric;
        if (beforeEnd(r.n, B_N_BEFORE_E)) return QrMode.Numeric;
        if (beforeEnd(r.aOrN, B_A_BEFORE_E) && r.aOrN[i] <= B_A_BEFORE_N[group] && nextNShorter(B_N_BEFORE_A)) {
          return QrMode.Alphanumeric;
        }
        return QrMode.Byte;
      case QrMode.Alphanumeric:
        if (r.b[i] >= 1) return QrMode.Byte;
        if (before(r.n, A_N_BEFORE_A, r.nextA)) return QrMode.Numeric;
        if (before(r.n, A_N_BEFORE_B, r.nextB)) return QrMode.Numeric;
        if (beforeEnd(r.n, A_N_BEFORE_E)) return QrMode.Numeric;
        return r.a[i] >= 1 || r.n[i] >= 1 ? QrMode.Alphanumeric : QrMode.Byte;
      case QrMode.Numeric:
        if (r.b[i] >= 1) return QrMode.Byte;
        if (r.a[i] >= 1) return QrMode.Alphanumeric;
        return r.n[i] >= 1 ? QrMode.Numeric : QrMode.Byte;
    }
  };

  const result: Segment[] = [];
  let mode: QrMode | -1 = -1;
  while (i < length) {
    const chosen = choose(mode);
    if (chosen === mode) {
      // Staying in a mode takes one more character into the open segment.
      result[result.length - 1].length++;
      i++;
      continue;
    }
    // A new segment takes the whole run of characters only its mode holds, which may be none.
    mode = chosen;
    const take = chosen === QrMode.Numeric ? r.n[i] : chosen === QrMode.Alphanumeric ? r.a[i] : r.b[i];
    result.push({ mode: chosen, start: i, length: take });
    i += take;
  }
  return result;
}

/** Unterminated bitstream for one version group, or undefined when a segment overflows its count field. */
export function bitstream(text: string, group: VersionGroup): number[] | undefined {
  const bits: number[] = [];
  const put = (value: number, width: number): void => {
    for (let k = width - 1; k >= 0; k--) bits.push((value >>> k) & 1);
  };
  for (const { mode, start, length } of segments(text, group)) {
    const countBits = COUNT_BITS[group][mode];
    if (length >= 2 ** countBits) return undefined;
    put(MODE_INDICATOR[mode], 4);
    put(length, countBits);
    const data = text.slice(start, start + length);
    if (mode === QrMode.Numeric) {
      for (let k = 0; k < data.length; k += 3) {
        const chunk = data.slice(k, k + 3);
        put(Number(chunk), chunk.length * 3 + 1);
      }
    } else if (mode === QrMode.Alphanumeric) {
      for (let k = 0; k < data.length; k += 2) {
        const first = ALPHANUMERIC.indexOf(data[k]);
        if (k + 1 < data.length) put(first * 45 + ALPHANUMERIC.indexOf(data[k + 1]), 11);
        else put(first, 6);
      }
    } else {
      for (let k = 0; k < data.length; k++) put(data.charCodeAt(k), 8);
    }
  }
  return bits;
}
