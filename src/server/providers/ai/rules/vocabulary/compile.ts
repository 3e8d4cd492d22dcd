/**
 * The one way the rules turn their vocabularies (the tables beside this file) into regexps.
 *
 * A table is a list of alternatives. Most are plain words; some carry a little regex syntax of their
 * own (`remove[ds]?`, `member(?:ship)?`), so tables are joined as written, not escaped. Their order is
 * kept: in an alternation the first alternative that fits is the one a match takes, and the rules
 * read the matched text in places.
 */

/** A table's alternatives joined as one alternation (no group around it: the pattern has its own). */
export const anyOf = (table: readonly string[]): string => table.join('|');

/**
 * Plain words or phrases (headings): escaped, a space standing for any run of spaces or tabs, the
 * longest first so that "shipping address" is tried before "shipping".
 */
export const anyWord = (words: readonly string[]): string =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '[ \\t]+'))
    .join('|');

/**
 * A regexp from pieces of pattern (String.raw text, written as in a regex literal) and tables (joined
 * by `anyOf`), in order, with the given flags.
 */
export function compile(flags: string, ...parts: (string | readonly string[])[]): RegExp {
  return new RegExp(parts.map((p) => (typeof p === 'string' ? p : anyOf(p))).join(''), flags);
}
