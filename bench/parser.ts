/**
 * The address assistant's rule-based reading: speed on one core, field accuracy over the label-like
 * corpus, and field and whole-address accuracy over the realistic pastes — the nine tuning sets the
 * rules were shaped on and the held-out half they were only measured on.
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

/** The paste sets the rules were tuned on, in the order they were written (each by a writer who never saw the rules). */
const TUNING_SETS = [
  ['tuning half', 'address-pastes-tuning.json'],
  ['second tuning set', 'address-pastes-tuning-2.json'],
  ['third tuning set', 'address-pastes-tuning-3.json'],
  ['fourth tuning set', 'address-pastes-tuning-4.json'],
  ['fifth tuning set', 'address-pastes-tuning-5.json'],
  ['sixth tuning set', 'address-pastes-tuning-6.json'],
  ['seventh tuning set', 'address-pastes-tuning-7.json'],
  ['eighth tuning set', 'address-pastes-tuning-8.json'],
  ['ninth tuning set', 'address-pastes-tuning-9.json'],
  ['tenth tuning set', 'address-pastes-tuning-10.json'],
  ['eleventh tuning set', 'address-pastes-tuning-11.json'],
  ['twelfth tuning set', 'address-pastes-tuning-12.json'],
  ['thirteenth tuning set', 'address-pastes-tuning-13.json'],
] as const;

export async function benchParser(opts: { durationMs?: number; warmMs?: number } = {}): Promise<{
  addressesPerSecond: number;
  pastesPerSecond: number;
  fieldAccuracy: number;
  cases: number;
  tuning: (PasteFigures & { name: string })[];
  holdout: PasteFigures;
}> {
  const corpus = load<CorpusCase>('address-corpus.json');
  const tuningSets = TUNING_SETS.map(([name, file]) => ({ name, cases: load<PasteCase>(file) }));
  const holdoutCases = load<PasteCase>('address-pastes-holdout.json');
  const read = (text: string) => readAddress(text, 'address');
  // Reads the inputs over and over for `ms`: texts per second.
  const readFor = (inputs: string[], ms: number) => {
    let parsed = 0;
    const start = performance.now();
    while (performance.now() - start < ms) {
      for (const text of inputs) read(text);
      parsed += inputs.length;
    }
    return Math.round(parsed / ((performance.now() - start) / 1000));
  };
  // The rate of a warm reader: the worker threads that read pastes live as long as the server
  // (minThreads = maxThreads), and V8 keeps optimising the reader's hundreds of functions for
  // several seconds (label-like, one-second windows from cold: ~700, 1,700, 1,800, 2,400 … 2,800-3,200
  // from the fifth). Three passes of warm-up, as before, measured the second second.
  const rate = (inputs: string[]) => {
    readFor(inputs, opts.warmMs ?? 5000);
    return readFor(inputs, opts.durationMs ?? 2000);
  };
  const figures = (cases: PasteCase[]): PasteFigures => {
    const s = scorePastes(cases);
    return { cases: s.cases, fieldAccuracy: s.fieldAccuracy, wholeAccuracy: s.wholeAccuracy };
  };
  return {
    addressesPerSecond: rate(corpus.map((c) => c.input)),
    pastesPerSecond: rate([...tuningSets.flatMap((t) => t.cases), ...holdoutCases].map((c) => c.input)),
    fieldAccuracy: scoreCorpus(corpus, (text) => read(text).address).fieldAccuracy,
    cases: corpus.length,
    tuning: tuningSets.map((t) => ({ name: t.name, ...figures(t.cases) })),
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
  for (const f of [...r.tuning, { name: 'held-out half', ...r.holdout }]) {
    console.log(`pastes, ${f.name} (${f.cases}): ${pct(f.fieldAccuracy)} of fields, ${pct(f.wholeAccuracy)} whole`);
  }
}
