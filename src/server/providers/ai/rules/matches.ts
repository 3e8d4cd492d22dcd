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
