/**
 * Rule-based address parser: speed on one core and field accuracy over the hand-written corpus.
 * `npx tsx bench/parser.ts` prints both; `npm run bench` calls benchParser().
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAddressText } from '../src/server/providers/ai/rules/parse-address';
import { scoreCorpus, type CorpusCase } from '../src/server/providers/ai/rules/corpus-score';

const CORPUS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/fixtures/address-corpus.json');

export async function benchParser(opts: { durationMs?: number } = {}): Promise<{
  addressesPerSecond: number;
  fieldAccuracy: number;
  cases: number;
}> {
  const corpus = JSON.parse(fs.readFileSync(CORPUS, 'utf8')) as CorpusCase[];
  const inputs = corpus.map((c) => c.input);
  for (let i = 0; i < 3; i++) for (const text of inputs) parseAddressText(text);
  const durationMs = opts.durationMs ?? 1000;
  let parsed = 0;
  const start = performance.now();
  while (performance.now() - start < durationMs) {
    for (const text of inputs) parseAddressText(text);
    parsed += inputs.length;
  }
  const seconds = (performance.now() - start) / 1000;
  const score = scoreCorpus(corpus);
  return { addressesPerSecond: Math.round(parsed / seconds), fieldAccuracy: score.fieldAccuracy, cases: corpus.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await benchParser();
  console.log(`address parser: ${r.addressesPerSecond.toLocaleString('en-CA')} addresses/s (target > 2,000)`);
  console.log(
    `address parser: ${(r.fieldAccuracy * 100).toFixed(1)}% field accuracy over ${r.cases} cases (target ≥ 95%)`,
  );
}
