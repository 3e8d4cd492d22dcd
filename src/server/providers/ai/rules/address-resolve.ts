/** The segments read, settled into the address: street, city, province, postal code, then the name and the company from what is left. */
import { lookupCity } from './cities';
import { COMPANY_PATTERN, COUNTRY_WORDS, NAME_STOPWORDS } from './lexicon';
import type { Segment, Work } from './address-work';
import { cityText } from './address-case';
import { scanChinese } from './address-chinese';
import { isNameLike, nameFrom } from './address-names';
import { COMPANY_LINE } from './address-labels';
import { CJK, isUpper, LETTER, STARTS_UPPER, stripDot, ZIP_RE } from './address-text';

function looksLikePlace(text: string): boolean {
  return !/\d/.test(text) && text.split(' ').length <= 4 && LETTER.test(text) && !COMPANY_PATTERN.test(text);
}

type Candidate = { text: string; index: number };

/** The address from its segments: where each part is, then the city and province, then the name and the company. */
export function resolve(w: Work, segments: Segment[]): void {
  const { candidates, streetIndex } = readSegments(w, segments);
  const rest = placeCandidates(w, candidates);
  if (!w.city) cityFromRegions(w, segments);
  if (!w.province) w.province = segments.find((s) => !s.head && s.province)?.province;
  if (!w.city) cityBeforeRegion(w, { rest, segments, streetIndex });
  const ordered =
    streetIndex >= 0
      ? [...rest.filter((c) => c.index <= streetIndex), ...rest.filter((c) => c.index > streetIndex)]
      : rest;
  const found = readNameAndCompany(w, ordered, streetIndex);
  settleAttention(w, found);
}

/** Each segment's postal code, region, country, street and city; the text left over (with its segment's index) as candidates. */
function readSegments(w: Work, segments: Segment[]): { candidates: Candidate[]; streetIndex: number } {
  const candidates: Candidate[] = [];
  let streetIndex = -1;
  const postals = new Set(w.postals);
  segments.forEach((seg, index) => {
    if (seg.postal && !postals.has(seg.postal)) {
      postals.add(seg.postal);
      w.postals.push(seg.postal);
    }
    if (seg.country) w.country ??= seg.country;
    if (seg.zip) w.zip ??= seg.zip;
    if (seg.state) w.state ??= seg.state;
    if (seg.province && (seg.head || seg.postal || !lookupCity(seg.regionText ?? ''))) w.province ??= seg.province;
    const anchored = Boolean(seg.postal || seg.province || seg.state || seg.zip);
    if (seg.street) {
      if (!w.street) {
        w.street = seg.street;
        streetIndex = index;
        if (seg.unitAfter) w.units.push(`Unit ${seg.unitAfter.toUpperCase()}`);
      }
      if (seg.prefix) candidates.push({ text: seg.prefix, index });
      if (seg.suffix) {
        const city = anchored ? cityFromHead(seg.suffix) : knownCityAtEnd(seg.suffix);
        if (city) w.city ??= city.city;
        else candidates.push({ text: seg.suffix, index });
      }
      return;
    }
    if (!seg.head) return;
    if (anchored) {
      const city = cityFromHead(seg.head);
      if (city) {
        w.city ??= city.city;
        if (city.rest) candidates.push({ text: city.rest, index });
        return;
      }
    }
    candidates.push({ text: seg.head, index });
  });
  return { candidates, streetIndex };
}

/** Candidates that are a Chinese run, a ZIP, a country or a known city are taken as such; the others are left. */
function placeCandidates(w: Work, candidates: Candidate[]): Candidate[] {
  const rest: Candidate[] = [];
  for (const c of candidates) {
    if (CJK.test(c.text)) {
      const left = scanChinese(w, c.text);
      if (left) rest.push({ text: left, index: c.index });
      continue;
    }
    if (ZIP_RE.test(c.text)) {
      w.zipAlone ??= c.text;
      continue;
    }
    const country = COUNTRY_WORDS.get(c.text.toLowerCase());
    if (country && !(c.text.length <= 2 && !isUpper(c.text))) {
      w.country ??= country;
      continue;
    }
    if (!w.city && looksLikePlace(c.text) && lookupCity(c.text) && !COMPANY_PATTERN.test(c.text)) {
      w.city = cityText(c.text);
      continue;
    }
    rest.push(c);
  }
  return rest;
}

/** Region-only segments that are also city names: "Québec, QC", "New York, NY 10118". */
function cityFromRegions(w: Work, segments: Segment[]): void {
  const lastRegion = segments.findLastIndex((s) => s.province || s.state || s.postal);
  segments.forEach((seg, index) => {
    if (w.city || seg.head || seg.street || !seg.regionText) return;
    const later = lastRegion > index;
    if (later && (lookupCity(seg.regionText) || seg.state)) w.city = cityText(seg.regionText);
  });
}

/** An unknown place right before its province/postal line: "Kemptville\nON K0G 1J0" (taken out of `rest`). */
function cityBeforeRegion(
  w: Work,
  { rest, segments, streetIndex }: { rest: Candidate[]; segments: Segment[]; streetIndex: number },
): void {
  for (let k = rest.length - 1; k >= 0; k--) {
    const c = rest[k];
    const next = segments[c.index + 1];
    if (
      next &&
      !next.head &&
      (next.province || next.postal || next.state) &&
      looksLikePlace(c.text) &&
      c.index > streetIndex &&
      (streetIndex >= 0 || w.rural.box || w.rural.rr || w.rural.gd)
    ) {
      w.city = cityText(c.text);
      rest.splice(k, 1);
      break;
    }
  }
}

type NameFound = { nameAfter: boolean; nameText?: string };

/** The name and the company from the lines left, those before the street first. */
function readNameAndCompany(w: Work, ordered: Candidate[], streetIndex: number): NameFound {
  let nameIndex = -1;
  const found: NameFound = { nameAfter: false }; // nameText: the line the name was read from, whole
  let guessedCompany = false;
  for (const c of ordered) {
    const text = stripDot(c.text);
    const sentenceWords = text.split(' ').filter((t) => t === t.toLowerCase() && NAME_STOPWORDS.has(t)).length;
    if (
      COMPANY_PATTERN.test(` ${text} `) &&
      text.split(' ').length <= 8 &&
      (sentenceWords < 2 || COMPANY_LINE.test(text))
    ) {
      // (Over a plain line guessed the company for being next to the name: "IT Services" over
      // "Lakeview Analytics Inc." under it.)
      // Also a company with its legal suffix over one with a trade word only ("IT Services" over
      // "Lakeview Analytics Inc."). (Not a legal suffix alone, the end of that line: "Cascadia Freight Analytics, Inc.".)
      const suffixOnly = /^(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|co|cie|enr)\.?$/iu.test(text);
      const stronger = Boolean(w.company && LEGAL_WORD.test(text) && !LEGAL_WORD.test(w.company));
      if ((guessedCompany || stronger) && !suffixOnly) w.company = text;
      else if (suffixOnly && w.company && !LEGAL_WORD.test(w.company)) w.company = `${w.company}, ${text}`;
      else w.company ??= text;
      guessedCompany = false;
      continue;
    }
    const after = streetIndex >= 0 && c.index > streetIndex;
    const name = nameFrom(text, after);
    if (!name) continue;
    if (!w.name && !w.attnName) {
      w.name = name;
      found.nameText = text;
      nameIndex = c.index;
      found.nameAfter = after;
    } else if (w.attnName && !w.name && !w.company && !after) {
      // The line over "À l'attention de Nadia Benali" and the street is the place's: "CPE Les Petits Pinsons".
      w.company = text;
      guessedCompany = !COMPANY_PATTERN.test(` ${text} `);
    } else if (!w.company && !after && isNameLike(text) && (nameIndex < 0 || Math.abs(c.index - nameIndex) === 1)) {
      // A second name-like line is the company only right next to the name ("Jane Doe / Acme Farms / 12 …").
      w.company = text;
      guessedCompany = !COMPANY_PATTERN.test(` ${text} `);
    }
  }
  return found;
}

/** A name after "c/o" or "Attn" over the one read from the lines (which then may be the company's). */
function settleAttention(w: Work, { nameAfter, nameText }: NameFound): void {
  // (Also over a name only found under the address: a signature's, "a/s Luc Paquet-Morin" over "Sylvain Roy".)
  if ((!w.name || nameAfter) && !w.attnName && w.careOfName) w.name = w.careOfName;
  if (!w.name && w.attnName) w.name = w.attnName;
  else if (w.attnName && w.name !== w.attnName) {
    // (The line as written: "CPE Les Petits Pinsons" over "À l'attention de Nadia Benali".)
    w.company ??= nameText ?? w.name;
    w.name = w.attnName;
  }
}

/** A company's legal suffix. */
const LEGAL_WORD =
  /(?<![\p{L}])(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|incorporated|corporation|enr|s\.e\.n\.c)\.?(?![\p{L}])/iu;

function knownCityAtEnd(head: string): { city: string; rest?: string } | null {
  const tokens = head.split(' ');
  for (let size = Math.min(4, tokens.length); size >= 1; size--) {
    const text = tokens.slice(tokens.length - size).join(' ');
    const known = lookupCity(text);
    if (known) {
      return {
        city: CJK.test(text) ? known.name : cityText(text),
        rest: tokens.slice(0, tokens.length - size).join(' ') || undefined,
      };
    }
  }
  return null;
}

function cityFromHead(text: string): { city: string; rest?: string } | null {
  const head = text.replace(/^(?:(?:in|at|to|à|en|near)\s+)+/i, '');
  const tokens = head.split(' ');
  // A short place name as a whole ("New York", "Port Perry") before any known city inside it ("York").
  if (
    !CJK.test(head) &&
    tokens.length <= 3 &&
    looksLikePlace(head) &&
    tokens.every((t) => /^[\p{Lu}\d]/u.test(t) || head === head.toLowerCase())
  ) {
    return { city: cityText(head) };
  }
  const known = knownCityAtEnd(head);
  if (known) return known;
  if (CJK.test(head)) return null;
  if (tokens.length <= 3 && looksLikePlace(head)) return { city: cityText(head) };
  // A sentence ending in a place: "she lives in Red Lake" — take the capitalised words at the end.
  let k = tokens.length;
  while (k > 0 && STARTS_UPPER.test(tokens[k - 1]) && !NAME_STOPWORDS.has(tokens[k - 1].toLowerCase())) k--;
  if (k < tokens.length && tokens.length - k <= 3)
    return { city: cityText(tokens.slice(k).join(' ')), rest: tokens.slice(0, k).join(' ') || undefined };
  return null;
}
