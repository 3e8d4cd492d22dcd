import { PARSED_FIELD_NAMES, type TParsedField } from '../../../../shared/contracts/ai';
import type { ParsedAddress } from './parse-address';
import { readAddress } from './roles';

/** The fields a paste case is judged on (the full name is not one: first and last are). */
export const JUDGED_FIELDS = PARSED_FIELD_NAMES.filter((f): f is Exclude<TParsedField, 'name'> => f !== 'name');

export type PasteCase = {
  id: string;
  category: string;
  lang: 'en' | 'fr' | 'zh';
  input: string;
  expected: Partial<Record<Exclude<TParsedField, 'name'>, string>>;
};

export type PasteScore = {
  cases: number;
  expectedFields: number;
  correctFields: number;
  /** Fields filled that the case does not have (a user must clear them). */
  extraFields: number;
  /** Cases with every judged field right and nothing extra. */
  wholeCases: number;
  fieldAccuracy: number;
  wholeAccuracy: number;
  misses: { id: string; field: string; expected?: string; actual?: string }[];
};

const digits = (v: string | undefined) =>
  v
    ?.replace(/\D/g, '')
    .replace(/^1(?=\d{10})/, '')
    .slice(0, 10);

function same(field: string, expected: string | undefined, actual: string | undefined): boolean {
  if (field === 'phone') return digits(expected) === digits(actual);
  return (expected ?? '') === (actual ?? '');
}

/** Scores a set of pastes as read for the address form (which takes Canada and the US). */
export function scorePastes(
  cases: PasteCase[],
  read: (text: string) => ParsedAddress = (text) => readAddress(text, 'address').address,
): PasteScore {
  let expectedFields = 0;
  let correctFields = 0;
  let extraFields = 0;
  let wholeCases = 0;
  const misses: PasteScore['misses'] = [];
  for (const c of cases) {
    const actual = read(c.input) as Record<string, string | undefined>;
    let whole = true;
    for (const field of JUDGED_FIELDS) {
      const want = c.expected[field];
      const got = actual[field];
      if (want !== undefined) {
        expectedFields++;
        if (same(field, want, got)) correctFields++;
      } else if (got !== undefined) extraFields++;
      if (!same(field, want, got)) {
        whole = false;
        misses.push({ id: c.id, field, expected: want, actual: got });
      }
    }
    if (whole) wholeCases++;
  }
  return {
    cases: cases.length,
    expectedFields,
    correctFields,
    extraFields,
    wholeCases,
    fieldAccuracy: expectedFields ? correctFields / expectedFields : 0,
    wholeAccuracy: cases.length ? wholeCases / cases.length : 0,
    misses,
  };
}
