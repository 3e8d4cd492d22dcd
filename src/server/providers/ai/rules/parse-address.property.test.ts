import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AI_TEXT_MAX } from '../../../../shared/contracts/ai';
import { fragment, upTo } from './parity/generated-text';
import { parseShipmentDescription } from './roles';

/**
 * Property: on any text up to the AI box's cap, the parser's time grows linearly with the length.
 * Generated texts mix digits, words, separators, newlines, Chinese, labels and address pieces, either
 * as one long random run or as a short fragment repeated up to the cap (repetition is what found the
 * quadratic paths). Timing on a shared machine is noisy: each length is timed several times,
 * interleaved with the other, and the fastest run counts; the bounds are generous.
 */
const MAX_US_PER_CHAR = 50;
const DOUBLING_FACTOR = 1.4; // time(2n) / (2 x time(n)): linear ~1, quadratic ~2
const SLACK_MS = 2; // timer noise on a few milliseconds

/**
 * The fastest of `runs` timings of parsing `half` twice and of parsing `full` (twice its length) once,
 * interleaved. Both windows last about as long for a linear parser, so a busy machine's pauses
 * (another process, the garbage collector) fall on both alike.
 */
function fastestPairs(half: string, full: string, runs: number): { twoHalvesMs: number; fullMs: number } {
  // Untimed first runs: the first parses of a new text are slower (string flattening, regexp and JIT warm-up).
  for (let i = 0; i < 2; i++) {
    parseShipmentDescription(half);
    parseShipmentDescription(full);
  }
  let twoHalvesMs = Infinity;
  let fullMs = Infinity;
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    parseShipmentDescription(half);
    parseShipmentDescription(half);
    twoHalvesMs = Math.min(twoHalvesMs, performance.now() - t);
    t = performance.now();
    parseShipmentDescription(full);
    fullMs = Math.min(fullMs, performance.now() - t);
  }
  return { twoHalvesMs, fullMs };
}

describe('rule parser time per character (property)', () => {
  it('stays linear on generated text up to the cap', () => {
    parseShipmentDescription('warm up: Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2, 416 555 0134');
    fc.assert(
      fc.property(fragment, (f) => {
        const full = upTo(f, AI_TEXT_MAX);
        const half = upTo(f, AI_TEXT_MAX / 2);
        const linearEnough = (m: { twoHalvesMs: number; fullMs: number }) =>
          m.fullMs < DOUBLING_FACTOR * m.twoHalvesMs + SLACK_MS;
        // A busy machine can spoil one measurement: measure again (at most twice) before judging.
        let { twoHalvesMs, fullMs } = fastestPairs(half, full, 5);
        for (let retry = 0; retry < 2 && !linearEnough({ twoHalvesMs, fullMs }); retry++) {
          const again = fastestPairs(half, full, 5);
          twoHalvesMs = Math.min(twoHalvesMs, again.twoHalvesMs);
          fullMs = Math.min(fullMs, again.fullMs);
        }
        const usPerChar = (fullMs * 1000) / full.length;
        expect(usPerChar, `${usPerChar.toFixed(1)} µs per character`).toBeLessThan(MAX_US_PER_CHAR);
        // Linear: one text of twice the length takes about as long as two of the length; quadratic: twice as long.
        expect(
          fullMs,
          `${half.length} chars twice: ${twoHalvesMs.toFixed(2)} ms; ${full.length} chars once: ${fullMs.toFixed(2)} ms`,
        ).toBeLessThan(DOUBLING_FACTOR * twoHalvesMs + SLACK_MS);
      }),
      // No shrinking: each step re-times the parser; the counterexample printed is the generated one.
      { numRuns: 40, endOnFailure: true },
    );
  }, 60_000);
});
