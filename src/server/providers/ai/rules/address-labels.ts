/** Labelled fields ("Name:", "City:", "Attn", "c/o") cut out of the text and applied to the reading. */
import { normalizeZip } from '../../../../shared/postal-code';
import { normalizeProvince, normalizeUsState } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import { COMPANY_PATTERN, COUNTRY_WORDS, LABEL_FIELDS, LABEL_PATTERN, type LabelField } from './lexicon';
import type { Label, Work } from './address-work';
import { cityText } from './address-case';
import { cleanName } from './address-names';
import { CJK, POSTAL_MARK, stripDot, trimRuns } from './address-text';
import { UNIT_RE, unitText } from './address-units';
import { allMatches } from './matches';

export const COMPANY_LINE =
  /^[^\n\d]{3,80}\b(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|associés|associates|partners|s\.e\.n\.c|enr)\.?\s*$/iu;

/** A capitalised name of up to four words, alone on its line or before a comma (case-sensitive). */
const NAME_AHEAD = /^\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’.-]*){0,3}[ \t]*(?:$|\n|,)/u;

/** What every label LABEL_PATTERN finds holds: its colon, the slash of "c/o" and "a/s", the "att" of "attn". */
const MAY_HOLD_LABEL = /[:/]|att/i;

export function splitLabels(text: string): { labels: Label[]; free: string[] } {
  const labels: Label[] = [];
  const free: string[] = [];
  const hits: { start: number; end: number; field: LabelField }[] = [];
  // (A text with none of them, a label's own line most often, is not searched.)
  for (const m of MAY_HOLD_LABEL.test(text) ? allMatches(text, LABEL_PATTERN) : []) {
    const word = (m[1] ?? m[2] ?? m[3] ?? m[4]).toLowerCase().replace(/\s+/g, ' ');
    // ("À l'attention de Nadia Benali", "Attn Ahmed El-Sayed" at a line's start: the person, without a colon.)
    // (Only over a name in capitals, then the line's end or a comma: "attn Maeve Kelly lol" is a chat's.)
    if (m[4] && !NAME_AHEAD.test(text.slice(m.index + m[0].length, m.index + m[0].length + 120))) continue;
    const field = m[3] ? 'careOf' : m[4] ? 'attn' : LABEL_FIELDS.get(word);
    if (field) hits.push({ start: m.index, end: m.index + m[0].length, field });
  }
  let cursor = 0;
  hits.forEach((hit, i) => {
    if (hit.start > cursor) free.push(text.slice(cursor, hit.start));
    const valueEnd = i + 1 < hits.length ? hits[i + 1].start : text.length;
    const raw = text.slice(hit.end, valueEnd);
    cursor = valueEnd;
    if (hit.field === 'address' || hit.field === 'ignore') {
      if (hit.field === 'address') free.push(`\n${raw}\n`);
      return;
    }
    // Single-valued labels end at the first separator; the rest is ordinary text.
    // A company's own commas stay ("Bérubé, Gauthier et associés inc.") when its line ends in a legal suffix.
    // So does a city's when its province or state follows ("City: Portland, Oregon").
    const line = raw.replace(/^[\s,;|]+/, '').split('\n')[0];
    const after = line.slice(line.indexOf(',') + 1).trim();
    const whole =
      (hit.field === 'company' && COMPANY_LINE.test(line)) ||
      (hit.field === 'city' &&
        line.includes(',') &&
        after.length <= 30 &&
        Boolean(normalizeProvince(after.replace(/\.$/, '')) || normalizeUsState(after.replace(/\.$/, ''))));
    const cut = (whole ? /[\n;|\t]/ : /[\n,;|\t]/).exec(raw.replace(/^[\s,;|]+/, ''));
    const lead = raw.length - raw.replace(/^[\s,;|]+/, '').length;
    const value = cut ? raw.slice(0, lead + cut.index) : raw;
    labels.push({ field: hit.field, value: value.trim() });
    if (cut) free.push(`\n${raw.slice(lead + cut.index)}`);
  });
  if (cursor < text.length) free.push(text.slice(cursor));
  return { labels, free };
}

/** Applies a label's value; answers the value back when it is not what the label says (for the free text). */
export function applyLabel(w: Work, { field, value }: Label): string | void {
  const v = trimRuns(value, /[\s,;|:]/, /[\s,;|]/);
  if (!v) return;
  return APPLY[field](w, v, field);
}

/** One step per label field: what its value sets in the reading. */
const APPLY: Record<LabelField, (w: Work, v: string, field: LabelField) => string | void> = {
  name: applyName,
  attn: applyName,
  careOf: applyCareOf,
  company: (w, v) => {
    w.company ??= stripDot(v);
  },
  address2: applyUnit,
  city: applyCity,
  province: (w, v) => {
    const p = normalizeProvince(v);
    const s = p ? null : normalizeUsState(v);
    if (p) w.province ??= p;
    else if (s) w.state ??= s;
  },
  postalCode: (w, v) => {
    const zip = normalizeZip(v);
    const postal = postalFromMarks(w, v);
    if (postal) w.postals.unshift(postal);
    else if (zip) w.zip ??= zip;
  },
  country: (w, v) => {
    const c = COUNTRY_WORDS.get(v.toLowerCase().replace(/\s+/g, ' '));
    if (c) w.country ??= c;
  },
  phone: applyPhone,
  email: () => undefined,
  // (splitLabels puts an address label's text back with the free text and drops an ignored one.)
  address: () => undefined,
  ignore: () => undefined,
};

function applyName(w: Work, v: string, field: LabelField): void {
  // "Ship to: Harbour Fresh Foods Inc.": a company under the name's label.
  if (
    field === 'name' &&
    /(?:^|[\s,])(?:inc|incorporated|ltd|limited|ltée|ltee|corp|corporation|llc|llp)\.?$/iu.test(v)
  ) {
    w.company ??= stripDot(v);
    return;
  }
  const name = cleanName(v);
  if (name && field === 'attn') w.attnName ??= name;
  else if (name) w.name ??= name;
}

function applyCareOf(w: Work, v: string): void {
  // "c/o Priya Chand" under a company names the person; "c/o Maple Clinic" the company.
  // (With a title before or a note after: "a/s M. Jean-Philippe Côté, réception", "a/s Luc Paquet-Morin (chantier)".)
  // (No blanks before the bracket or comma in the patterns: a long run of them would make it quadratic.)
  const person = v
    .replace(/^(?:m|mme|me|mr|mrs|ms|dr|dre)\.?[ \t]+/iu, '')
    .replace(/\([^()\n]{1,30}\)[ \t]*$/u, '')
    .trimEnd()
    .replace(/,[ \t]*\p{Ll}[^,\n]{1,30}$/u, '')
    .trimEnd();
  if (!COMPANY_PATTERN.test(` ${person} `) && /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}$/u.test(person)) {
    const name = cleanName(person);
    if (name) w.careOfName ??= name;
    return;
  }
  w.company ??= stripDot(v);
}

function applyUnit(w: Work, v: string): void {
  const m = UNIT_RE.exec(v);
  // ("basement", "sous-sol" in a unit's column: the basement.)
  if (/^(?:bsmt|basement|sous-sol)\.?$/iu.test(v.trim())) w.units.push('Bsmt');
  else if (m) w.units.push(unitText(m[1], m[2]));
  else if (/^#?\s*[A-Za-z]?\d{1,6}[A-Za-z]?$/.test(v)) w.units.push(`Unit ${v.replace(/^#\s*/, '')}`);
  else w.units.push(v);
}

function applyCity(w: Work, v: string): void {
  const zh = lookupCity(v);
  if (zh && CJK.test(v)) {
    w.city ??= zh.name;
    return;
  }
  // "ville: victoriaville qc", "City: Portland, Oregon": the province or state written after the
  // city in the same field — a code, or a name after a comma ("Port Washington" is one town).
  const words = stripDot(v).split(/[\s,]+/);
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const tail = words.slice(-k).join(' ');
    const before = v.slice(0, v.lastIndexOf(words[words.length - k])).trimEnd();
    if (tail.replace(/[.()]/g, '').length > 3 && !/[,(]$/.test(before) && !tail.startsWith('(')) continue;
    const p = normalizeProvince(tail);
    const s = p ? null : normalizeUsState(tail);
    if (!p && !s) continue;
    if (p) w.province ??= p;
    else if (s) w.state ??= s;
    w.city ??= cityText(words.slice(0, -k).join(' '));
    return;
  }
  w.city ??= cityText(stripDot(v));
}

function applyPhone(w: Work, v: string): string | void {
  // Numbers the NANP pattern did not take (overseas) are kept as written — only a number, never a
  // street that followed an empty "Phone:" line; anything else goes back to the address.
  if (/^\+?[\d\s().-]{7,24}(?:\s*(?:ext\.?|x|poste)\s*\d{1,6})?$/i.test(v) && (v.match(/\d/g)?.length ?? 0) >= 10) {
    if (!w.out.phone) w.out.phone = v.replace(/\s+/g, ' ');
    return;
  }
  return v;
}

const POSTAL_MARK_INDEX = new RegExp(`${POSTAL_MARK}(\\d+)`);

function postalFromMarks(w: Work, v: string): string | undefined {
  const m = POSTAL_MARK_INDEX.exec(v);
  return m ? w.postals[Number(m[1])] : undefined;
}
