/**
 * Writes the parity snapshot: the rules' answer (parseShipmentDescription, as the worker returns it)
 * to every text of every paste set and corpus under tests/fixtures, and to a seeded sample of
 * generated text. Run it only to pin today's behaviour before a refactor:
 *   npx tsx src/server/providers/ai/rules/parity/write-snapshot.ts
 * parity.test.ts then checks that every answer stays byte-identical.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { format, resolveConfig } from 'prettier';
import { parseShipmentDescription } from '../roles';
import { fragment, upTo } from './generated-text';
import { FIXTURE_SETS, fixtureTexts, prefixesFor, setKey, SNAPSHOT, type Snapshot } from './inputs';

const GENERATED_SEED = 23;
const GENERATED_RUNS = 300;

const answer = (text: string) => JSON.stringify(parseShipmentDescription(text));

const snapshot: Snapshot = { fixtures: {}, generated: [] };
for (const file of FIXTURE_SETS) {
  const texts = fixtureTexts(file);
  for (const prefix of prefixesFor(file))
    snapshot.fixtures[setKey(file, prefix)] = texts.map((t) => answer(prefix + t));
}
// Each fragment as generated, and every third one repeated to 2,000 characters (as the property test
// repeats them to the cap, shorter so the check stays quick).
fc.sample(fragment, { seed: GENERATED_SEED, numRuns: GENERATED_RUNS }).forEach((f, i) => {
  snapshot.generated.push({ input: f, output: answer(f) });
  if (i % 3 === 0) snapshot.generated.push({ input: upTo(f, 2000), output: answer(upTo(f, 2000)) });
});
fs.mkdirSync(new URL('../__fixtures__/', import.meta.url), { recursive: true });
// Formatted as the repository's format check wants it.
const options = { ...(await resolveConfig(SNAPSHOT)), filepath: SNAPSHOT };
fs.writeFileSync(SNAPSHOT, await format(JSON.stringify(snapshot), options));
const count = Object.values(snapshot.fixtures).reduce((n, s) => n + s.length, 0) + snapshot.generated.length;
console.log(`parity snapshot: ${count} answers written to ${SNAPSHOT}`);
