/**
 * The text left once labels, units and delivery parts are out, cut into segments (lines, commas,
 * sentences), each read from its end (postal code, country, province or state) and for its street.
 */
import { provincesForPostalCode } from '../../../../shared/postal-code';
import { normalizeProvince, normalizeUsState } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import {
  ABBREVIATIONS,
  COUNTRY_WORDS,
  DIRECTIONS,
  FRENCH_STREET_TYPES,
  NUMBERED_ROUTE_TYPES,
  STREET_TYPES,
} from './lexicon';
import type { Segment, Work } from './address-work';
import { bareWord, isUpper, lastWord, POSTAL_MARK, trimRuns, ZIP_RE } from './address-text';

// (Also a building's two numbers: "5850/5980 University Ave".)
const CIVIC_RE = /^\d{1,6}[A-Za-z]?$|^\d{1,6}\s?½$|^\d{1,6}-\d{1,6}[A-Za-z]?$|^\d{3,6}\/\d{3,6}$/;

/** A postal code's mark with text after it on its line: the text goes on a line of its own. */
const POSTAL_MARK_THEN_TEXT = new RegExp(`(${POSTAL_MARK}\\d+)[ \\t]+(?=\\S)`, 'g');

export function splitSegments(text: string): string[] {
  const out: string[] = [];
  const pieces = text.replace(POSTAL_MARK_THEN_TEXT, '$1\n').split(/[\n|;\t,:]+|\s-\s/);
  for (const piece of pieces) {
    // A period ends a sentence unless it follows an abbreviation or an initial.
    let start = 0;
    // The lookbehind keeps "!!!!…a" from retrying the run from each of its characters.
    const re = /\.(?=\s+\S)|(?<![!?])[!?]+(?=\s|$)/g;
    for (let m = re.exec(piece); m; m = re.exec(piece)) {
      const before = lastWord(piece, start, m.index);
      if (m[0] === '.' && (ABBREVIATIONS.has(before.toLowerCase()) || /^\p{L}$/u.test(before))) continue;
      out.push(piece.slice(start, m.index));
      start = m.index + m[0].length;
    }
    out.push(piece.slice(start));
  }
  return out.map((s) => trimRuns(s, /[\s:.'"()-]/, /[\s:'"()-]/)).filter((s) => s.length > 0);
}

export function analyzeSegment(w: Work, raw: string): Segment {
  const seg: Segment = { head: '' };
  const tokens = raw.split(/\s+/).filter(Boolean);
  const hasPostal = tokens.some((t) => t.startsWith(POSTAL_MARK));
  for (let round = 0; round < 4 && tokens.length; round++) {
    const last = tokens[tokens.length - 1];
    if (last.startsWith(POSTAL_MARK) && !seg.postal) {
      seg.postal = w.postals[Number(last.slice(1))];
      tokens.pop();
      continue;
    }
    const country = !seg.country && tailCountry(tokens);
    if (country) {
      seg.country = country.code;
      tokens.splice(tokens.length - country.size);
      continue;
    }
    if (!seg.zip && !seg.province && ZIP_RE.test(last)) {
      const st = tailRegion(tokens.slice(0, -1), 'state', true);
      if (st) {
        seg.zip = last;
        seg.state = st.code;
        tokens.splice(tokens.length - 1 - st.size);
        continue;
      }
    }
    if (!seg.province && !seg.state) {
      const pr = tailRegion(tokens, 'province', hasPostal, w.postals[0]);
      // "Government of Nunavut", "University of Manitoba": a name, not the province.
      const named = pr && /^(?:of|de|du|of the)$/i.test(tokens[tokens.length - pr.size - 1] ?? '');
      if (pr && !named) {
        seg.province = pr.code;
        seg.regionText = tokens.slice(tokens.length - pr.size).join(' ');
        tokens.splice(tokens.length - pr.size);
        continue;
      }
      const st = tailRegion(tokens, 'state', false);
      if (st) {
        seg.state = st.code;
        seg.regionText = tokens.slice(tokens.length - st.size).join(' ');
        tokens.splice(tokens.length - st.size);
        continue;
      }
    }
    break;
  }
  // Leading postal code or country ("M5V 3L9 Toronto" is rare but "Canada" first is not).
  while (tokens.length && tokens[0].startsWith(POSTAL_MARK)) {
    seg.postal ??= w.postals[Number(tokens[0].slice(1))];
    tokens.shift();
  }
  seg.head = tokens.filter((t) => !t.startsWith(POSTAL_MARK)).join(' ');
  if (seg.head) findStreet(seg);
  return seg;
}

function tailCountry(tokens: string[]): { code: 'CA' | 'US'; size: number } | null {
  for (let size = Math.min(4, tokens.length); size >= 1; size--) {
    const words = tokens.slice(tokens.length - size).join(' ');
    const key = words.toLowerCase().replace(/[.,]$/, '');
    const code = COUNTRY_WORDS.get(key) ?? COUNTRY_WORDS.get(key.replace(/\.$/, ''));
    if (!code) continue;
    // "CA"/"US" alone are only countries at the end of a line with more before them, in capitals.
    if ((key === 'ca' || key === 'us' || key === 'can') && (!isUpper(words) || tokens.length === 1)) continue;
    return { code, size };
  }
  // Unspaced Chinese: "加拿大" at the end.
  return null;
}

function tailRegion(
  tokens: string[],
  kind: 'province' | 'state',
  strong: boolean,
  postal?: string,
): { code: string; size: number } | null {
  for (let size = Math.min(4, tokens.length); size >= 1; size--) {
    const words = tokens.slice(tokens.length - size);
    const text = words.join(' ').replace(/,$/, '');
    if (/\d/.test(text) || text.startsWith(POSTAL_MARK)) continue;
    const code = kind === 'province' ? normalizeProvince(text) : normalizeUsState(text);
    if (!code) continue;
    const bare = text.replace(/[.\s-]/g, '');
    // "Centre St NE": a direction after a street type, not Nebraska.
    const before = tokens[tokens.length - size - 1];
    if (size === 1 && DIRECTIONS.has(bareWord(text)) && before && STREET_TYPES.has(bareWord(before))) continue;
    const short = bare.length <= 3;
    if (kind === 'state') {
      // A 2-letter state code only in capitals; a name ("Washington") only before a ZIP.
      // Lower case only before a ZIP in an all-lower-case line ("miami fl 33126").
      if (short && !isUpper(bare) && !(strong && tokens.join(' ') === tokens.join(' ').toLowerCase())) continue;
      if (!short && !strong) continue;
    } else if (short && !isUpper(bare) && !strong && tokens.length > size) {
      // "la ronge sk" (over "s0j 1l0"): a lower-case code after a known city, or the postal code's province, counts.
      const city = lookupCity(
        tokens
          .slice(0, tokens.length - size)
          .join(' ')
          .replace(/,$/, ''),
      );
      if (!city && !(postal && provincesForPostalCode(postal).includes(code as never))) continue;
    }
    return { code, size };
  }
  return null;
}

/**
 * What streetEnd asks about a segment's tokens, answered in constant time per question so that a
 * segment of thousands of civic-number-like tokens ("1 1 1 …") is read in linear time.
 */
type TokenFacts = {
  tokens: string[];
  /** startsCity(k): the tokens from k to the end (at most four) are a known city. */
  startsCity(k: number): boolean;
  /** The first k >= from where startsCity(k), or tokens.length. */
  nextCity(from: number): number;
  /** The first index >= from whose token does not start with a digit, or tokens.length. */
  nextNonDigit: Int32Array;
  /** The first index >= from whose token starts with an upper-case letter or a digit, or tokens.length. */
  nextUpperOrDigit: Int32Array;
};

function tokenFacts(tokens: string[]): TokenFacts {
  const n = tokens.length;
  const cityFrom = Math.max(0, n - 4);
  const city: (boolean | undefined)[] = [];
  const startsCity = (k: number) =>
    k >= cityFrom && k < n && (city[k - cityFrom] ??= lookupCity(tokens.slice(k).join(' ')) !== null);
  const nextNonDigit = new Int32Array(n + 1).fill(n);
  const nextUpperOrDigit = new Int32Array(n + 1).fill(n);
  for (let k = n - 1; k >= 0; k--) {
    nextNonDigit[k] = /^\d/.test(tokens[k]) ? nextNonDigit[k + 1] : k;
    nextUpperOrDigit[k] = /^[\p{Lu}\d]/u.test(tokens[k]) ? k : nextUpperOrDigit[k + 1];
  }
  return {
    tokens,
    startsCity,
    nextCity(from) {
      for (let k = Math.max(from, cityFrom); k < n; k++) if (startsCity(k)) return k;
      return n;
    },
    nextNonDigit,
    nextUpperOrDigit,
  };
}

function findStreet(seg: Segment): void {
  const tokens = seg.head.split(' ');
  let facts: TokenFacts | undefined;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!CIVIC_RE.test(tokens[i])) continue;
    facts ??= tokenFacts(tokens);
    const end = streetEnd(facts, i);
    if (end < 0) continue;
    seg.street = tokens.slice(i, end + 1).join(' ');
    seg.prefix = tokens.slice(0, i).join(' ') || undefined;
    let after = end + 1;
    // A bare number right after the street type is its unit: "88 Harbour St 2201 Toronto".
    if (
      /^\d{1,5}[A-Za-z]?$/.test(tokens[after] ?? '') &&
      after + 1 < tokens.length &&
      /^\p{L}/u.test(tokens[after + 1])
    ) {
      seg.unitAfter = tokens[after];
      after++;
    }
    seg.suffix = tokens.slice(after).join(' ') || undefined;
    return;
  }
}

/** A number counting things ("1 article sur Etsy", "2 items", "3 boîtes") is no civic number. */
// prettier-ignore
const COUNT_WORDS = new Set([
  'article', 'articles', 'item', 'items', 'pièce', 'pièces', 'piece', 'pieces', 'pcs', 'box', 'boxes', 'boîte',
  'boîtes', 'boite', 'boites', 'colis', 'parcel', 'parcels', 'package', 'packages', 'order', 'orders', 'commande',
  'commandes', 'kg', 'lb', 'lbs', 'ml', 'oz', 'bottles', 'bouteilles', 'pairs', 'paires', 'copies', 'exemplaires',
  'sets', 'ensembles', 'days', 'jours', 'weeks', 'semaines', 'hours', 'heures', 'minutes',
]);
const FRENCH_PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', "l'", "d'"]);

/** Index of the last token of a street that starts with the civic number at `i`, or -1. */
function streetEnd(facts: TokenFacts, i: number): number {
  const { tokens, startsCity } = facts;
  const first = bareWord(tokens[i + 1]);
  if (!/\p{L}|\d/u.test(first) || COUNT_WORDS.has(first)) return -1;
  let j = i + 1;
  if (NUMBERED_ROUTE_TYPES.has(first) && tokens[i + 2] && /^\d+[A-Za-z]?$/.test(tokens[i + 2])) {
    return extendDirections(tokens, i + 2);
  }
  if (FRENCH_STREET_TYPES.has(first) && i + 2 < tokens.length) {
    // French order: the type comes first and the name runs to a direction, a known city or the end.
    let k = i + 2;
    let end = i + 1;
    for (; k < tokens.length; k++) {
      // (Not a place the street is named for: "chemin de Montréal", "boul. de Gaspé".)
      if (k > i + 2 && startsCity(k) && !FRENCH_PARTICLES.has(bareWord(tokens[k - 1]))) break;
      end = k;
      if (DIRECTIONS.has(bareWord(tokens[k])) && k > i + 2) break;
    }
    return end;
  }
  let last = -1;
  for (j = i + 2; j < tokens.length && j <= i + 7; j++) {
    const word = bareWord(tokens[j]);
    if (STREET_TYPES.has(word)) {
      last = j;
      // Keep going through stacked types ("Lake Shore Blvd", "Green Hill Rd").
      while (j + 1 < tokens.length && STREET_TYPES.has(bareWord(tokens[j + 1])) && !startsCity(j + 1)) last = ++j;
      return extendDirections(tokens, last, facts);
    }
  }
  // No type word: "123 Main" — the street runs to a known city or the end of the segment.
  const end = facts.nextCity(i + 2) - 1;
  if (end <= i) return -1;
  // The words from i + 1 to end: not all numbers, and at least one capitalised or a number.
  if (facts.nextNonDigit[i + 1] > end) return -1;
  // (A chat's lower-case saint's street counts: "4410 st-denis", "200 ste-catherine".)
  if (facts.nextUpperOrDigit[i + 1] > end && !/^(?:st|ste|saint|sainte)-\p{L}/iu.test(first)) return -1;
  return end;
}

const NUMBERED_HINT = /^(?:concession|county|regional|township|sideroad|line|highway|hwy|route|rte|conc)$/i;

function extendDirections(tokens: string[], end: number, facts?: TokenFacts): number {
  let next = tokens[end + 1];
  if (next && /^\d{1,4}$/.test(next) && tokens.slice(0, end + 1).some((t) => NUMBERED_HINT.test(bareWord(t)))) {
    end++;
    next = tokens[end + 1];
  }
  if (!next || !DIRECTIONS.has(bareWord(next))) return end;
  if (isUpper(next.replace(/\.$/, '')) || next.length > 2) return end + 1;
  // A lower-case "e" of a chat ("77 queen st e toronto") when a known city or the end follows.
  if (next === next.toLowerCase() && (end + 2 >= tokens.length || facts?.startsCity(end + 2))) return end + 1;
  return end;
}
