/**
 * Code 128 for printable ASCII (sets B and C only), written to choose code sets exactly as
 * BWIPP's default ("legacy") encoder in bwip-js does, so that a label's bars are the same ones
 * bwip-js drew before (docs/adr/0093). Printable ASCII never needs set A: BWIPP only enters A for
 * control characters, so the switches below are the B/C part of its rules.
 */

/** Bar and space widths of each symbol value 0–106, in modules (106 is the stop, with its final bar). */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 ' +
  '122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 ' +
  '321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 ' +
  '211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 ' +
  '213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 ' +
  '121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 ' +
  '241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 ' +
  '412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 ' +
  '211214 211232 2331112'
)
  .split(' ')
  .map((widths) => Array.from(widths, Number));

const START_B = 104;
const START_C = 105;
/** In set B, value 99 switches to C; in set C, value 100 switches to B. */
const B_TO_C = 99;
const C_TO_B = 100;
const STOP = 106;

/** Sets B and C cover printable ASCII; anything else would be silently mangled. */
const PRINTABLE = /^[\x20-\x7e]{1,80}$/;

/** The symbol values, start to stop, check symbol included. */
export function code128Values(text: string): number[] {
  if (!PRINTABLE.test(text)) {
    throw new RangeError('Code 128 text must be 1 to 80 printable ASCII characters');
  }
  const length = text.length;
  // Digits in the run starting at each position: BWIPP decides on these run lengths alone.
  const digitRun = new Array<number>(length + 1).fill(0);
  for (let i = length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    digitRun[i] = code >= 48 && code <= 57 ? digitRun[i + 1] + 1 : 0;
  }
  const pair = (i: number): number => (text.charCodeAt(i) - 48) * 10 + text.charCodeAt(i + 1) - 48;

  const values: number[] = [];
  // Set C only pays for itself from four digits on, unless the whole text is two digits.
  let inC = (length === 2 && digitRun[0] === 2) || digitRun[0] >= 4;
  values.push(inC ? START_C : START_B);
  let i = 0;
  while (i < length) {
    const digits = digitRun[i];
    if (!inC && digits >= 4) {
      // An odd run leaves its first digit in B, so that C then takes whole pairs.
      if (digits % 2 === 1) {
        values.push(text.charCodeAt(i) - 32);
        i++;
      }
      values.push(B_TO_C);
      inC = true;
      continue;
    }
    if (inC && digits < 2) {
      values.push(C_TO_B);
      inC = false;
      continue;
    }
    if (inC) {
      values.push(pair(i));
      i += 2;
    } else {
      values.push(text.charCodeAt(i) - 32);
      i++;
    }
  }
  let check = values[0];
  for (let k = 1; k < values.length; k++) check += values[k] * k;
  values.push(check % 103, STOP);
  return values;
}

/** Widths of the alternating bars and spaces, first bar first, as bwip-js's `sbs`. */
export function code128Modules(text: string): number[] {
  return code128Values(text).flatMap((value) => PATTERNS[value]);
}
