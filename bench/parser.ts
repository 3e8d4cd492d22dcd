/**
 * The address assistant's rule-based reading: speed on one core, field accuracy over the label-like
 * corpus, and field and whole-address accuracy over the realistic pastes — the tuning half the rules
 * were shaped on and the held-out half they were only measured on.
 * `npx tsx bench/parser.ts` prints them; `npm run bench` calls benchParser().
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreCorpus, type CorpusCase } from '../src/server/providers/ai/rules/corpus-score';
import { scorePastes, type PasteCase } from '../src/server/providers/ai/rules/paste-score';
import { readAddress } from '../src/server/providers/ai/rules/roles';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/fixtures');
const load = <T>(name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as T[];

export type PasteFigures = { cases: number; fieldAccuracy: number; wholeAccuracy: number };

export async function benchParser(opts: { durationMs?: number } = {}): Promise<{
  addressesPerSecond: number;
  pastesPerSecond: number;
  fieldAccuracy: number;
  cases: number;
  tuning: PasteFigures;
  tuning2: PasteFigures;
  holdout: PasteFigures;
}> {
  const corpus = load<CorpusCase>('address-corpus.json');
  const tuningCases = load<PasteCase>('address-pastes-tuning.json');
  const tuning2Cases = load<PasteCase>('address-pastes-tuning-2.json');
  const holdoutCases = load<PasteCase>('address-pastes-holdout.json');
  const read = (text: string) => readAddress(text, 'address');
  const rate = (inputs: string[]) => {
    for (let i = 0; i < 3; i++) for (const text of inputs) read(text);
    const durationMs = opts.durationMs ?? 1000;
    let parsed = 0;
    const start = performance.now();
    while (performance.now() - start < durationMs) {
      for (const text of inputs) read(text);
      parsed += inputs.length;
    }
    return Math.round(parsed / ((performance.now() - start) / 1000));
  };
  const figures = (cases: PasteCase[]): PasteFigures => {
    const s = scorePastes(cases);
    return { cases: s.cases, fieldAccuracy: s.fieldAccuracy, wholeAccuracy: s.wholeAccuracy };
  };
  return {
    addressesPerSecond: rate(corpus.map((c) => c.input)),
    pastesPerSecond: rate([...tuningCases, ...tuning2Cases, ...holdoutCases].map((c) => c.input)),
    fieldAccuracy: scoreCorpus(corpus, (text) => read(text).address).fieldAccuracy,
    cases: corpus.length,
    tuning: figures(tuningCases),
    tuning2: figures(tuning2Cases),
    holdout: figures(holdoutCases),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await benchParser();
  console.log(
    `address parser: ${r.addressesPerSecond.toLocaleString('en-CA')} label-like addresses/s (target > 2,000)`,
  );
  console.log(`address parser: ${r.pastesPerSecond.toLocaleString('en-CA')} realistic pastes/s`);
  console.log(`label-like corpus (${r.cases} cases): ${pct(r.fieldAccuracy)} of fields`);
  for (const [name, f] of [
    ['tuning half', r.tuning],
    ['second tuning set', r.tuning2],
    ['held-out half', r.holdout],
  ] as const) {
    console.log(`pastes, ${name} (${f.cases}): ${pct(f.fieldAccuracy)} of fields, ${pct(f.wholeAccuracy)} whole`);
  }
}
