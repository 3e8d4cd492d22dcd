/**
 * Code 128 (ISO/IEC 15417) for tracking numbers: code set C (two digits per symbol) for runs of
 * digits, code set B for the rest, so an all-digit number is pure C and UPS "1Z…" mixes B and C.
 * Only printable ASCII (32–126) is encoded; anything else is refused.
 */

/** Bar and space widths (in modules) of symbol values 0–106: bar, space, bar, space, bar, space (, bar). */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const CODE_B = 100;
const CODE_C = 99;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** Quiet zone each side, in modules, that a label must leave white (the standard asks for 10). */
export const QUIET_ZONE_MODULES = 10;

function digitRun(text: string, from: number): number {
  let i = from;
  while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  return i - from;
}

/**
 * The symbol values for `text`, start to check symbol (no stop). Set C when the text starts with 4 or
 * more digits (or is only 2 digits), and for inner runs of 6 or more digits (4 at the end), keeping an
 * odd digit in set B: the usual greedy rule, minimal for tracking numbers.
 */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new Error('Code 128: nothing to encode');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126) throw new Error(`Code 128: character ${JSON.stringify(text[i])} is not printable ASCII`);
  }
  const values: number[] = [];
  let set: 'B' | 'C';
  const leading = digitRun(text, 0);
  if (leading >= 4 || (leading === 2 && text.length === 2)) {
    set = 'C';
    values.push(START_C);
  } else {
    set = 'B';
    values.push(START_B);
  }
  let i = 0;
  while (i < text.length) {
    if (set === 'C') {
      const run = digitRun(text, i);
      if (run >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
        continue;
      }
      values.push(CODE_B);
      set = 'B';
      continue;
    }
    const run = digitRun(text, i);
    const atEnd = i + run === text.length;
    if (run >= 6 || (atEnd && run >= 4)) {
      // An odd run keeps its first digit in B so that C gets whole pairs.
      if (run % 2 === 1) {
        values.push(text.charCodeAt(i) - 32);
        i++;
      }
      values.push(CODE_C);
      set = 'C';
      continue;
    }
    values.push(text.charCodeAt(i) - 32);
    i++;
  }
  let sum = values[0];
  for (let k = 1; k < values.length; k++) sum += k * values[k];
  values.push(sum % 103);
  return values;
}

/** The symbol as alternating bar/space widths in modules, starting with a bar, stop pattern included. */
export function code128Widths(text: string): number[] {
  const widths: number[] = [];
  for (const v of [...code128Values(text), STOP]) {
    for (const w of PATTERNS[v]) widths.push(w.charCodeAt(0) - 48);
  }
  return widths;
}

/** The patterns, for the test that checks each symbol is 11 modules (the stop 13). */
export const CODE128_PATTERNS: readonly string[] = PATTERNS;
