import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_QUOTE_OPTIONS, newQuoteId, optionIdOf, placeOfOption } from './repo';

describe('quote and option ids (decision 045)', () => {
  it('a quote id is a random version-4 UUID ending in 00', () => {
    const ids = new Set(Array.from({ length: 1000 }, newQuoteId));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(z.uuidv4().safeParse(id).success).toBe(true);
      expect(id.endsWith('00')).toBe(true);
    }
  });

  it("an option id is a UUID the order's contract accepts, naming its quote and place", () => {
    const quoteId = newQuoteId();
    for (const place of [1, 2, 15, 16, 255]) {
      const id = optionIdOf(quoteId, place);
      expect(z.uuid().safeParse(id).success).toBe(true);
      expect(placeOfOption(id)).toEqual({ quoteId, place });
      expect(placeOfOption(id.toUpperCase())).toEqual({ quoteId, place });
    }
    expect(placeOfOption(quoteId)).toEqual({ quoteId, place: 0 });
  });

  it('refuses a place outside 1–255', () => {
    const quoteId = newQuoteId();
    for (const place of [0, -1, 1.5, MAX_QUOTE_OPTIONS + 1])
      expect(() => optionIdOf(quoteId, place)).toThrow(RangeError);
  });
});
