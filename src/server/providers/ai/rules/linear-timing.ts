import { parseShipmentDescription } from './roles';

/** `unit` repeated to exactly `n` characters. */
export const repeat = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

/**
 * For the linear-time tests: the fastest of a few interleaved timings of reading `small` four times
 * and `large` (four times its length) once. For a linear reading both windows last about as long, so
 * a busy machine's pauses fall on both alike; a quadratic one takes four times as long on `large`.
 */
export function fastestWindows(small: string, large: string, runs: number): { fourSmallMs: number; largeMs: number } {
  parseShipmentDescription(small); // untimed: the first read of a new text is slower
  parseShipmentDescription(large);
  let fourSmallMs = Infinity;
  let largeMs = Infinity;
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    for (let k = 0; k < 4; k++) parseShipmentDescription(small);
    fourSmallMs = Math.min(fourSmallMs, performance.now() - start);
    start = performance.now();
    parseShipmentDescription(large);
    largeMs = Math.min(largeMs, performance.now() - start);
  }
  return { fourSmallMs, largeMs };
}
