/**
 * The text primitives of reading an address: the clean-up before any rule (prepare), e-mails and
 * phones found in linear time, the postal-code mark, and the casing and trimming helpers every later
 * step shares.
 */
import { ABBREVIATIONS } from './lexicon';
import { FRENCH_STREET_TYPES_AFTER_COMMA } from './vocabulary/addresses';
import { compile } from './vocabulary/compile';

/** Stands for a postal code found in the text ("\uE000" + its index in Work.postals). */
export const POSTAL_MARK = '\uE000';

// Sticky: tried only from the start of the run of local-part characters before each '@' (see replaceEmails).
const EMAIL_AT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/uy;
const EMAIL_LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u;
/** EMAIL_LOCAL_CHAR's answer for each ASCII character, read from a table (most of a text is ASCII). */
const ASCII_LOCAL_CHAR = Array.from({ length: 128 }, (_, code) => EMAIL_LOCAL_CHAR.test(String.fromCharCode(code)));
const isLocalChar = (code: number) =>
  code < 128 ? ASCII_LOCAL_CHAR[code] : EMAIL_LOCAL_CHAR.test(String.fromCodePoint(code));

export const PHONE_RE = compile(
  'giu',
  String.raw`(?<![\p{L}\p{N}#])(?:\+?\s?1[\s.-]*)?(?:\(\s*([2-9]\d{2})\s*\)|([2-9]\d{2}))[\s.-]*([2-9]\d{2})[\s.-]*(\d{4})`,
  String.raw`(?:\s*(?:,\s*)?(?:ext\.?|extension|ex\.?|x|poste|p\.|分机|转)\s*(?:#\s*)?(\d{1,6}))?(?![\p{L}\p{N}]|-\d)`,
);

export const CJK = /[\u3400-\u9fff]/;

// The letter tests asked inside loops, built once here: tsx (which runs the tests and `npm run bench`)
// turns a regexp literal with \p{…} into `new RegExp(…)`, built anew at each call where written. The
// server's bundle (esbuild, target node20) keeps the literals.
/** A letter of any script. */
export const LETTER = /\p{L}/u;
/** Starts with a capital; starts with a lower-case letter. */
export const STARTS_UPPER = /^\p{Lu}/u;
export const STARTS_LOWER = /^\p{Ll}/u;
export const CJK_ONLY = /^[\u3400-\u9fff·]+$/u;
export const ZIP_RE = /^\d{5}(?:-\d{4})?$/;

const FRENCH_NUMBER_COMMA = compile(
  'giu',
  String.raw`(\b\d{1,6}[A-Za-z]?),\s+(?=(?:`,
  FRENCH_STREET_TYPES_AFTER_COMMA,
  String.raw`)\s|\d{1,3}(?:e|er|re|ème|eme)\s+(?:avenue|av\.?|rue|rang|boul\.?|boulevard|chemin)(?![\p{L}]))`,
);

/**
 * What `text.replace(/[\p{L}\p{N}._%+-]+@…/gu, replacer)` gives, in linear time. The plain global
 * regex restarts its greedy local part at every character of a long run ("1111…", "多伦多…") and
 * fails at the end of each: quadratic. A match can only start in the run of local-part characters
 * right before an '@' (the local part cannot contain '@'), and whether it matches does not depend on
 * where in that run it starts, so each '@' is tried once, from the earliest allowed start.
 */
export function replaceEmails(text: string, replacer: (match: string) => string): string {
  // (Most texts hold no '@': then nothing matches, and the character-by-character walk is most of a reading's time here.)
  if (!text.includes('@')) return text;
  let out = '';
  let copied = 0; // text before this is already in `out` (the regex's lastIndex)
  let runStart = 0;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (code === 0x40 /* @ */) {
      const start = Math.max(runStart, copied);
      if (start < i) {
        EMAIL_AT.lastIndex = start;
        const m = EMAIL_AT.exec(text);
        if (m) {
          out += text.slice(copied, start) + replacer(m[0]);
          copied = runStart = i = start + m[0].length;
          continue;
        }
      }
      runStart = i + 1;
    } else if (!isLocalChar(code)) {
      runStart = i + width;
    }
    i += width;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `text` without a leading run of `lead` characters and a trailing run of `trail` characters (one character each test). */
export function trimRuns(text: string, lead: RegExp | null, trail: RegExp): string {
  let start = 0;
  while (lead && start < text.length && lead.test(text[start])) start++;
  let end = text.length;
  while (end > start && trail.test(text[end - 1])) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Removes each "(…)" up to the first ")" after its "(" — `.replace(/\([^)]*\)/g, ' ')` without rescanning an unclosed "(". */
export function replaceParenthesized(text: string): string {
  let out = '';
  let copied = 0;
  for (let open = text.indexOf('('); open >= 0; open = text.indexOf('(', copied)) {
    const close = text.indexOf(')', open + 1);
    if (close < 0) break;
    out += `${text.slice(copied, open)} `;
    copied = close + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A character the clean-up of `prepare` may change: any but a tab, a newline and printable ASCII. */
const NOT_PLAIN = /[^\t\n -~]/;

/** Unicode forms, invisible characters, typographic punctuation and line ends made plain. */
function cleanUp(input: string): string {
  return (
    input
      .normalize('NFKC')
      // Zero-width and direction marks, soft hyphens and control characters are invisible in a paste.
      .replace(/\p{Cf}|(?![\t\n\r])\p{Cc}/gu, '')
      .replace(/[、。｡]/g, ',')
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d\u201e]/g, '"')
      .replace(/[\u2013\u2014\u2212]/g, '-')
      .replace(/\r\n?/g, '\n')
  );
}

/** What every match of FRENCH_NUMBER_COMMA holds: a civic number's comma. */
const NUMBER_COMMA = /\d[A-Za-z]?,/iu;

/** "1234, rue Saint-Denis" → "1234 rue Saint-Denis" (searched only in a text with a number's comma). */
const withoutFrenchNumberComma = (text: string) =>
  NUMBER_COMMA.test(text) ? text.replace(FRENCH_NUMBER_COMMA, '$1 ') : text;

export function prepare(input: string): string {
  // (Tabs, newlines and printable ASCII are their own NFKC form and nothing of the clean-up: a text of
  // only those, most of the texts read, skips it.)
  return (
    withoutFrenchNumberComma(NOT_PLAIN.test(input) ? cleanUp(input) : input)
      // Richmond's numbered roads with the number after them, as Chinese writes it: "No. 3 Road 6551号".
      .replace(/(?<![A-Za-z])(No\.?[ \t]*\d{1,2}[ \t]+(?:Road|Rd))[ \t]*(\d{1,6})[ \t]*[号號]/giu, '$2 $1')
  );
}

/** The last whitespace-separated word of text.slice(start, end), scanning back from `end` only. */
export function lastWord(text: string, start: number, end: number): string {
  let i = end;
  while (i > start && !/\s/.test(text[i - 1])) i--;
  return text.slice(i, end);
}

export function isUpper(s: string): boolean {
  return s === s.toUpperCase() && s !== s.toLowerCase();
}

/** Lower case without trailing periods and commas (trimmed by hand: /[.,]+$/ rescans a long inner run from each of its characters). */
export const bareWord = (t: string) => trimRuns(t.toLowerCase(), null, /[.,]/);

export function stripDot(text: string): string {
  const t = text.trim();
  if (!t.endsWith('.')) return t;
  const last = t.slice(0, -1).split(/\s+/).pop() ?? '';
  // A dotted abbreviation keeps its last period: "S.E.N.C.R.L.", "s.e.n.c.".
  return ABBREVIATIONS.has(last.toLowerCase()) ||
    /^(?:inc|ltd|ltée|corp|co|enr|cie|llc)$/i.test(last) ||
    /\p{L}\.\p{L}/u.test(last)
    ? t
    : t.slice(0, -1);
}

export function titleCase(text: string): string {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return text;
  return text.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** A name in one case: title case, with the capital after "Mc" ("MCISAAC", "mclean" → McIsaac, McLean). */
export function nameCase(text: string): string {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return text;
  return titleCase(text).replace(/(?<![\p{L}])Mc(\p{Ll})(?=\p{L}{2})/gu, (_m, ch: string) => `Mc${ch.toUpperCase()}`);
}
