import { parseAddressText, type ParsedAddress } from './parse-address';

export type CorpusCase = { category: string; input: string; expected: ParsedAddress; mustPass?: boolean };

export type CorpusScore = {
  cases: number;
  expectedFields: number;
  correctFields: number;
  /** Fields the parser filled that the case does not expect (noise a user would have to clear). */
  extraFields: number;
  fieldAccuracy: number;
  failures: { input: string; field: string; expected: unknown; actual: unknown }[];
};

/** Field accuracy over a corpus: correct expected fields / expected fields. */
export function scoreCorpus(
  corpus: CorpusCase[],
  parse: (text: string) => ParsedAddress = parseAddressText,
): CorpusScore {
  let expectedFields = 0;
  let correctFields = 0;
  let extraFields = 0;
  const failures: CorpusScore['failures'] = [];
  for (const c of corpus) {
    const actual = parse(c.input) as Record<string, unknown>;
    const expected = c.expected as Record<string, unknown>;
    for (const [field, value] of Object.entries(expected)) {
      expectedFields++;
      if (actual[field] === value) correctFields++;
      else failures.push({ input: c.input, field, expected: value, actual: actual[field] });
    }
    for (const [field, value] of Object.entries(actual)) {
      if (!(field in expected)) {
        extraFields++;
        failures.push({ input: c.input, field, expected: undefined, actual: value });
      }
    }
  }
  return {
    cases: corpus.length,
    expectedFields,
    correctFields,
    extraFields,
    fieldAccuracy: expectedFields ? correctFields / expectedFields : 0,
    failures,
  };
}
