import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseShipmentDescription } from '../roles';
import { FIXTURE_SETS, fixtureTexts, prefixesFor, setKey, SNAPSHOT, type Snapshot } from './inputs';

/**
 * The rules' answers stay byte-identical through refactors (issue 23, decision 032): every text of
 * every paste set and corpus, read as it stands and under the role prefixes, and the seeded generated
 * texts, against the snapshot write-snapshot.ts wrote before the refactor began.
 */
const snapshot = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as Snapshot;
const answer = (text: string) => JSON.stringify(parseShipmentDescription(text));

/** The first few differences, each with its text, so a failure says what changed. */
function differences(texts: string[], expected: string[]) {
  const out: { text: string; expected: string; actual: string }[] = [];
  texts.forEach((text, i) => {
    const actual = answer(text);
    if (actual !== expected[i] && out.length < 5) out.push({ text: text.slice(0, 300), expected: expected[i], actual });
  });
  return out;
}

describe('the rules answer as before (parity snapshot)', () => {
  const sets = FIXTURE_SETS.flatMap((file) => prefixesFor(file).map((prefix) => ({ file, prefix })));
  it.each(sets)(
    '$file read with prefix "$prefix"',
    ({ file, prefix }) => {
      const expected = snapshot.fixtures[setKey(file, prefix)];
      const texts = fixtureTexts(file).map((t) => prefix + t);
      expect(texts.length, 'the set has as many texts as when the snapshot was written').toBe(expected.length);
      expect(differences(texts, expected)).toEqual([]);
    },
    60_000,
  );

  it('generated text', () => {
    expect(snapshot.generated.length).toBeGreaterThan(300);
    const texts = snapshot.generated.map((g) => g.input);
    expect(
      differences(
        texts,
        snapshot.generated.map((g) => g.output),
      ),
    ).toEqual([]);
  }, 60_000);
});
