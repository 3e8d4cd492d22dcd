/**
 * A quick check before building a regexp around a word of the text ("Noémie", a speaker's first
 * name): whether the text holds that word at all. Building one costs 0.2 to 1.5 ms (more with the
 * `i` flag and `\p{L}`), most of a reading, and most of them would not match: the check answers
 * false only where the regexp could not match, so the reading stays the same.
 */

/**
 * Letters whose `iu` matching (Unicode simple case folding) toLowerCase() does not follow: "ſ" and
 * "s", "µ" and "μ", the Greek symbol forms ("ϐ", "ϑ", "ς" and the sigma of a word's end), Cyrillic
 * rounded forms, "ΐ" and "ΐ", "ﬅ" and "ﬆ". Checked once against every code point's case class on
 * Node 20 (V8 11.3, Unicode 15).
 */
const FOLDS_APART = /[\u0345ſµ\u1fbeϐϵϑϴϰϖϱςσΣϕ\u1c80-\u1c88ẛ\u0390\u1fd3\u03b0\u1fe3\ufb05\ufb06]/u;

/**
 * False only when `text` cannot hold `literal`: as written, or (with `caseless`) as a regexp with the
 * `iu` flags would match it.
 */
export function mayContain(text: string, literal: string, caseless = false): boolean {
  if (!caseless) return text.includes(literal);
  if (FOLDS_APART.test(text) || FOLDS_APART.test(literal)) return true;
  return text.toLowerCase().includes(literal.toLowerCase());
}
