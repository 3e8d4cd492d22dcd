/**
 * Every match of a global regexp in a text, as `text.matchAll(re)` gives them. matchAll builds a copy
 * of the regexp for each call (3 µs for one of the rules' long vocabulary regexps, dozens of calls a
 * reading); this runs the regexp itself and leaves its lastIndex as it found it.
 */
export function allMatches(text: string, re: RegExp): RegExpExecArray[] {
  if (!re.global) throw new TypeError('allMatches needs a global regexp');
  const from = re.lastIndex;
  const out: RegExpExecArray[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push(m);
    // An empty match moves on by one character (a whole surrogate pair with the u flag), as matchAll does.
    if (m[0] === '') re.lastIndex += re.unicode && text.codePointAt(re.lastIndex)! > 0xffff ? 2 : 1;
  }
  re.lastIndex = from;
  return out;
}

const LETTER_BEFORE = /\p{L}$/u;

/**
 * The matches of `(?<![\p{L}])word` followed by `rest` (a sticky regexp with the u flag), in order and
 * apart, as one global regexp built around the word would give them, without building one: building a
 * regexp with \p{L} costs more than most readings. Each match is `rest`'s, its groups numbered from 1.
 */
export function* wordThen(text: string, word: string, rest: RegExp): Generator<RegExpExecArray> {
  if (!rest.sticky || !rest.unicode || !word) throw new TypeError('wordThen needs a word and a sticky unicode regexp');
  for (let i = text.indexOf(word); i >= 0;) {
    // (The code point before: a surrogate pair is one.)
    if (!LETTER_BEFORE.test(text.slice(Math.max(0, i - 2), i))) {
      rest.lastIndex = i + word.length;
      const m = rest.exec(text);
      if (m) {
        const end = rest.lastIndex;
        yield m;
        i = text.indexOf(word, end);
        continue;
      }
    }
    i = text.indexOf(word, i + 1);
  }
}
