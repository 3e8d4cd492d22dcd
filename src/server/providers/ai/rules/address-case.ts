/** How the fields read are written in the answer: a company, a city and a street in the writer's or the official case. */
import { compactKey } from '../../../../shared/provinces';
import { isCityShortForm, lookupCity } from './cities';
import { ABBREVIATIONS, FRENCH_STREET_TYPES, STREET_TYPES } from './lexicon';
import { bareWord, CJK, nameCase, STARTS_LOWER, STARTS_UPPER, stripDot, titleCase, trimRuns } from './address-text';

/** A company in capitals ("NORTHSHORE DENTAL LAB") reads as written elsewhere; a short acronym stays. */
export function companyText(raw: string): string {
  // "Golden Crane Bakery Inc. 金鶴餅家", "鸿达贸易有限公司 Hongda Trading Ltd.": the Latin name, which
  // the carrier prints (a name only in Chinese stays).
  const latin = CJK.test(raw)
    ? raw
        .replace(/[(（]?[\u3400-\u9fff][\u3400-\u9fff\s·]*[)）]?/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : raw;
  const company = /\p{L}{2,}/u.test(latin) && latin.split(' ').length >= 2 ? latin : raw;
  // (All in lower case too, as a chat types it: "maple grove veterinary hospital".)
  const oneCase = company === company.toUpperCase() || company === company.toLowerCase();
  // (Two words at least, the first of two letters or more; by words, not a regex that would rescan
  // a long run of letters from each of them.)
  const words = company.split(/\s+/).filter(Boolean);
  const twoWords = words.some((w, i) => i + 1 < words.length && /\p{L}{2}/u.test(w) && /^\p{L}/u.test(words[i + 1]));
  if (!oneCase || !twoWords) return company;
  // "GOVERNMENT OF NUNAVUT" → "Government of Nunavut": the small words stay small.
  return titleCase(company).replace(/(?<=\s)(Of|The|And|De|Du|Des|La|Le|Les|Et|For|Pour)(?=\s)/g, (w) =>
    w.toLowerCase(),
  );
}

export function cityText(text: string): string {
  // A Chinese name, or one written all in lower or upper case ("montreal", "QUEBEC CITY"), takes the
  // official spelling; a city written with its capitals keeps the writer's spelling.
  const plain = text === text.toLowerCase() || text === text.toUpperCase();
  // (A saint's town written short takes its official name: "St-Jérôme" → "Saint-Jérôme"; "St. John's" stays.)
  const saint = /^ste?-\p{L}/iu.test(text);
  const short = isCityShortForm(text) || saint;
  const known = CJK.test(text) || plain || short ? lookupCity(text) : null;
  return known &&
    (CJK.test(text) ||
      (short && (!saint || /^Sainte?-/u.test(known.name))) ||
      compactKey(known.name) === compactKey(text))
    ? known.name
    : titleCase(stripDot(text));
}

export function streetText(text: string): string {
  const raw = trimRuns(text, null, /,/);
  // (A street named for a person in one case: "2218 mcphillips st" → "2218 McPhillips St".)
  const cased = raw === raw.toLowerCase() || raw === raw.toUpperCase() ? nameCase(raw) : raw;
  // A French street in one case: its small words lower ("1845 RUE DES ÉRABLES" → "1845 Rue des Érables").
  const french =
    cased !== raw && FRENCH_STREET_TYPES.has(bareWord(raw.split(' ')[1] ?? ''))
      ? cased.replace(/(?<=\S )(?:De|Du|Des|D'|(?<=[Dd]e )(?:La|Le|Les|L'))(?= |\p{Lu})/gu, (w) => w.toLowerCase())
      : cased;
  // A French street typed in lower case keeps its type so ("655 avenue cartier" → "655 avenue Cartier"),
  // as French writes it.
  if (raw === raw.toLowerCase() && FRENCH_STREET_TYPES.has(bareWord(raw.split(' ')[1] ?? ''))) {
    const words = french.split(' ');
    words[1] = words[1].toLowerCase();
    return streetTail(words.join(' '));
  }
  // An English type after a capitalised name takes its capital: "1025 Fort street" → "1025 Fort Street".
  if (cased === raw && raw !== raw.toLowerCase()) {
    const words = raw.split(' ');
    for (let k = 2; k < words.length; k++) {
      const type = bareWord(words[k]);
      if (
        STARTS_LOWER.test(words[k]) &&
        STARTS_UPPER.test(words[k - 1]) &&
        STREET_TYPES.has(type) &&
        !FRENCH_STREET_TYPES.has(type)
      )
        words[k] = words[k].charAt(0).toUpperCase() + words[k].slice(1);
    }
    return streetTail(words.join(' '));
  }
  // "3880 DUKE OF YORK BLVD" → "Duke of York" (not right after the civic number: "The Queensway").
  return streetTail(
    cased === raw ? french : french.replace(/(?<=\p{L} )(?:Of|And|The)(?= )/gu, (w) => w.toLowerCase()),
  );
}

/** Directions in capitals ("NW"), and no period at the end unless it ends an abbreviation. */
function streetTail(street: string): string {
  return street
    .replace(/ (ne|nw|se|sw|Ne|Nw|Se|Sw)(?= |$)/g, (m) => m.toUpperCase())
    .replace(/\.$/, (dot, offset: number, all: string) => {
      const last = all.slice(0, offset).split(' ').pop() ?? '';
      return ABBREVIATIONS.has(last.toLowerCase()) ? dot : '';
    });
}
