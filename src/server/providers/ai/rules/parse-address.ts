/**
 * Rule-based reading of one address from free text, as Canadian shippers paste it.
 *
 * Conventions (the corpus in tests/fixtures/address-corpus.json follows them):
 * - address1 is the civic street line ("88 Harbour St"); the unit goes to address2 with a
 *   designator: Apt/Suite/Unit/App./Bureau/Room as written ("Apt 4B", "Suite 200", "App. 5");
 *   a bare unit ("1203-88 Harbour St", "#305 - 1333 Hornby St") becomes "Unit 1203".
 * - PO boxes, rural routes and general delivery: "PO Box 123" / "C.P. 456" (with "Stn X" /
 *   "Succ. X"), "Site 5 Comp 10 RR 2", "General Delivery". Without a civic street they are
 *   address1; next to one they go to address2 (after the unit).
 * - Street, city and name text keep the writer's spelling; all-lower or all-upper words are
 *   title-cased. Chinese city names become the English/official name (多伦多 → Toronto).
 * - name is the full name; firstName/lastName split at the first space (spec §3). For a Chinese
 *   name the surname comes first: 王小明 → lastName 王, firstName 小明 (two-character surnames
 *   such as 欧阳 are known).
 * - postalCode is 'A1A 1A1' or a ZIP ('12345' / '12345-6789'); province is a 2-letter code
 *   (a state code for the US); phone is 'AAA-BBB-CCCC' (with ' ext. N'); country is CA or US.
 * - Province is inferred from the postal code, else from a known city, when not written.
 */
import { PARSED_FIELD_NAMES } from '../../../../shared/contracts/ai';
import {
  normalizePostalCode,
  normalizeZip,
  POSTAL_CODE_PATTERN_GLOBAL,
  provincesForPostalCode,
} from '../../../../shared/postal-code';
import {
  compactKey,
  normalizeProvince,
  normalizeUsState,
  PROVINCES,
  PROVINCE_CODES,
  type ProvinceCode,
} from '../../../../shared/provinces';
import { CHINESE_CITY_NAMES, isCityShortForm, lookupCity } from './cities';
import {
  ABBREVIATIONS,
  COMPANY_PATTERN,
  isChineseNameStart,
  COMPOUND_SURNAMES,
  COUNTRY_WORDS,
  DIRECTIONS,
  FRENCH_STREET_TYPES,
  HONORIFICS,
  LABEL_FIELDS,
  LABEL_PATTERN,
  NAME_STOPWORDS,
  NUMBERED_ROUTE_TYPES,
  STREET_TYPES,
  type LabelField,
} from './lexicon';
import {
  FRENCH_STREET_TYPES_AFTER_COMMA,
  FRENCH_STREET_TYPES_AFTER_UNIT,
  UNIT_DESIGNATORS,
  UNIT_WORDS,
} from './vocabulary/addresses';
import { compile } from './vocabulary/compile';

export type ParsedAddress = {
  firstName?: string;
  lastName?: string;
  name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: 'CA' | 'US';
  phone?: string;
  email?: string;
};

/** The fields of an answer, in the contract's order. */
export const PARSED_FIELDS = PARSED_FIELD_NAMES;

const POSTAL_MARK = '\uE000';
// Sticky: tried only from the start of the run of local-part characters before each '@' (see replaceEmails).
const EMAIL_AT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/uy;
const EMAIL_LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u;
export const PHONE_RE = compile(
  'giu',
  String.raw`(?<![\p{L}\p{N}#])(?:\+?\s?1[\s.-]*)?(?:\(\s*([2-9]\d{2})\s*\)|([2-9]\d{2}))[\s.-]*([2-9]\d{2})[\s.-]*(\d{4})`,
  String.raw`(?:\s*(?:,\s*)?(?:ext\.?|extension|ex\.?|x|poste|p\.|分机|转)\s*(?:#\s*)?(\d{1,6}))?(?![\p{L}\p{N}]|-\d)`,
);
const CJK = /[\u3400-\u9fff]/;
const CJK_ONLY = /^[\u3400-\u9fff·]+$/u;
const ZIP_RE = /^\d{5}(?:-\d{4})?$/;
// (Also a building's two numbers: "5850/5980 University Ave".)
const CIVIC_RE = /^\d{1,6}[A-Za-z]?$|^\d{1,6}\s?½$|^\d{1,6}-\d{1,6}[A-Za-z]?$|^\d{3,6}\/\d{3,6}$/;
const FRENCH_NUMBER_COMMA = compile(
  'giu',
  String.raw`(\b\d{1,6}[A-Za-z]?),\s+(?=(?:`,
  FRENCH_STREET_TYPES_AFTER_COMMA,
  String.raw`)\s|\d{1,3}(?:e|er|re|ème|eme)\s+(?:avenue|av\.?|rue|rang|boul\.?|boulevard|chemin)(?![\p{L}]))`,
);
const UNIT_CIVIC_RE = compile(
  'u',
  String.raw`(?<![\p{L}\p{N}-])(?<!(?:^|[^\p{L}])(?:PO|P\.O\.|[Oo]rder|[Ii]nvoice|[Rr]ef|[Qq]uote|RMA|[Cc]ommande|`,
  String.raw`[Ff]acture)[ \t.#:]{0,3})#?[ \t]?([A-Za-z]?\d{1,5}[A-Za-z]?)[ \t]*-[ \t]*([1-9]\d{0,5}[A-Za-z]?)(?=\s+[\p{L}]|`,
  String.raw`\s+\d{1,3}(?:st|nd|rd|th)?\s+\p{L})`,
);
const UNIT_FIRST_RE = compile(
  'iu',
  String.raw`(?<![\p{L}\p{N}])(`,
  UNIT_WORDS,
  String.raw`)[ \t]*(?:#[ \t]*)?([A-Za-z]?\d{1,6}[A-Za-z]?)(?:[ \t]+-[ \t]*|-[ \t]+)(?=\d{1,6}[A-Za-z]?(?:[ \t]+[\p{L}\d]|`,
  String.raw`,[ \t]*(?:`,
  FRENCH_STREET_TYPES_AFTER_UNIT,
  String.raw`)\b))`,
);
const UNIT_RE = compile(
  'iu',
  String.raw`(?<![\p{L}\p{N}])(`,
  UNIT_DESIGNATORS,
  String.raw`)\s*(?:no\.?\s*)?(?:#\s*)?(\d{1,4}[A-Za-z]\d{1,4}|[A-Za-z]-\d{1,5}(?![\p{L}\p{N}])|[A-Za-z]?\d{1,6}[A-Za-z]?`,
  String.raw`(?:-\d{1,6}(?![\p{L}\p{N}]))?|[A-Za-z](?![\p{L}]))(?![\p{L}\p{N}])`,
);
const PO_BOX_RE = compile(
  'iu',
  String.raw`(?<![\p{L}\p{N}])(?:p\.?\s?o\.?\s?box|post\s+office\s+box|pob|box|(c\.?\s?p\.?|case\s+postale))\s*(?:#\s*)?`,
  String.raw`(\d{1,6})(?:\s*(?:,\s*)?(stn\.?|station|succ\.?|succursale)\s+([\p{L}\d][\p{L}\d'-]*))?`,
);
const RR_RE = /(?<![\p{L}\p{N}])(?:r\.?\s?r\.?|rural\s+route)\s*(?:#\s*)?(\d{1,3})(?![\p{L}\p{N}])/iu;
const SITE_COMP_RE =
  /(?<![\p{L}\p{N}])site\s*(\d{1,4})\s*(?:,\s*)?(comp(?:artment)?\.?|box)\s*(\d{1,4})(?![\p{L}\p{N}])/iu;
const GD_RE = /(?<![\p{L}\p{N}])(?:(general\s+delivery)|(poste\s+restante))(?![\p{L}])|\bGD\b/iu;

const UNIT_NAMES: Record<string, string> = {
  apt: 'Apt',
  apartment: 'Apt',
  suite: 'Suite',
  ste: 'Ste',
  unit: 'Unit',
  app: 'App.',
  appt: 'App.',
  appartement: 'App.',
  bureau: 'Bureau',
  room: 'Room',
  rm: 'Room',
  local: 'Local',
  pmb: 'PMB',
  bay: 'Bay',
  fl: 'Floor',
  floor: 'Floor',
  '#': 'Unit',
};

/** Chinese province names (without 省/地区) from the shared table, for scanning unspaced Chinese text. */
const ZH_PROVINCES: [string, ProvinceCode][] = PROVINCE_CODES.flatMap((code): [string, ProvinceCode][] => {
  const zh = PROVINCES[code].zh;
  const short = zh.replace(/(省|地区)$/, '');
  return short === zh
    ? [[zh, code]]
    : [
        [zh, code],
        [short, code],
      ];
}).sort((a, b) => b[0].length - a[0].length);

/** Other Chinese names people write for the provinces (Traditional script, Cantonese and short forms). */
const ZH_PROVINCE_ALIASES: [string, ProvinceCode][] = [
  ['卑诗省', 'BC'],
  ['卑詩省', 'BC'],
  ['卑诗', 'BC'],
  ['卑詩', 'BC'],
  ['不列顛哥倫比亞省', 'BC'],
  ['不列顛哥倫比亞', 'BC'],
  ['亚伯达省', 'AB'],
  ['亞伯達省', 'AB'],
  ['阿爾伯塔省', 'AB'],
  ['亚伯达', 'AB'],
  ['亞伯達', 'AB'],
  ['阿爾伯塔', 'AB'],
  ['曼尼托巴省', 'MB'],
  ['曼尼托巴', 'MB'],
  ['馬尼托巴省', 'MB'],
  ['萨斯喀彻温省', 'SK'],
  ['薩斯喀徹溫省', 'SK'],
  ['沙省', 'SK'],
  ['新斯科舍省', 'NS'],
  ['新斯科細亞省', 'NS'],
  ['新不倫瑞克省', 'NB'],
  ['纽宾士域省', 'NB'],
  ['紐賓士域省', 'NB'],
  ['紐芬蘭與拉布拉多省', 'NL'],
  ['纽芬兰省', 'NL'],
  ['紐芬蘭省', 'NL'],
  ['愛德華王子島省', 'PE'],
  ['爱德华王子岛', 'PE'],
  ['愛德華王子島', 'PE'],
  ['西北地區', 'NT'],
  ['努納武特地區', 'NU'],
  ['育空地區', 'YT'],
  ['安省', 'ON'],
  ['魁省', 'QC'],
];
const ALL_ZH_PROVINCES: [string, ProvinceCode][] = [...ZH_PROVINCE_ALIASES].sort((a, b) => b[0].length - a[0].length);

type Label = { field: LabelField; value: string };

const COMPANY_LINE =
  /^[^\n\d]{3,80}\b(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|associés|associates|partners|s\.e\.n\.c|enr)\.?\s*$/iu;

type Segment = {
  head: string;
  postal?: string;
  province?: string;
  state?: string;
  zip?: string;
  country?: 'CA' | 'US';
  regionText?: string;
  street?: string;
  prefix?: string;
  suffix?: string;
  unitAfter?: string;
};

type Work = {
  out: ParsedAddress;
  postals: string[];
  name?: string;
  attnName?: string;
  /** A person after "c/o": the recipient only when the text names no other. */
  careOfName?: string;
  company?: string;
  street?: string;
  units: string[];
  /** `rrFirst`: "RR 8 Site 22 Comp 5" keeps the order it was written in (as "Site 5 Comp 10 RR 2" does). */
  rural: { site?: string; rr?: string; box?: string; gd?: string; rrFirst?: boolean };
  city?: string;
  province?: string;
  state?: string;
  zip?: string;
  zipAlone?: string;
  country?: 'CA' | 'US';
};

export function parseAddressText(input: string): ParsedAddress {
  const w: Work = { out: {}, postals: [], units: [], rural: {} };
  // "温哥华市3333 W 4th Ave": an English street glued to the Chinese place before it.
  let text = prepare(input).replace(/([\u3400-\u9fff])(?=\d{1,6}[A-Za-z]?[ \t]+[A-Za-z])/gu, '$1 ');

  text = replaceEmails(text, (m) => {
    w.out.email ??= m.replace(/\.$/, '');
    return '\n';
  });
  text = text.replace(
    PHONE_RE,
    (_m, a1: string | undefined, a2: string | undefined, b: string, c: string, ext?: string) => {
      w.out.phone ??= `${a1 ?? a2}-${b}-${c}${ext ? ` ext. ${ext}` : ''}`;
      return '\n';
    },
  );
  text = text.replace(POSTAL_CODE_PATTERN_GLOBAL, (m) => {
    const code = normalizePostalCode(m);
    if (!code) return m;
    w.postals.push(code);
    return ` ${POSTAL_MARK}${w.postals.length - 1} `;
  });

  const { labels, free } = splitLabels(text);
  for (const label of labels) {
    const back = applyLabel(w, label);
    if (back) free.push(`\n${back}\n`);
  }

  let rest = extractDeliveryParts(w, free.join('\n'));
  // Two addresses, one under the other (a home address, then the office in a signature): the first
  // is read, and the second's unit is not its unit.
  // Two addresses, one under the other (a home address, then the office in a signature): the unit
  // of the one whose street is read, not the other's.
  const second = secondAddressAt(w, rest);
  const labelled = w.units.length;
  let split: { boundary: number; first: string[]; other: string[] } | undefined;
  if (second < 0) rest = extractUnits(w, rest);
  else {
    const first: Work = { ...w, units: [] };
    const other: Work = { ...w, units: [] };
    const head = extractUnits(first, rest.slice(0, second));
    rest = `${head}\n${extractUnits(other, rest.slice(second))}`;
    split = { boundary: head.length, first: first.units, other: other.units };
  }
  const segments = splitSegments(rest).map((s) => analyzeSegment(w, s));
  resolve(w, segments);
  if (split) {
    const key = w.street?.split(' ').slice(0, 2).join(' ');
    const inOther =
      Boolean(key) && !rest.slice(0, split.boundary).includes(key!) && rest.includes(key!, split.boundary);
    w.units.splice(labelled, 0, ...(inOther ? split.other : split.first));
  }
  return finish(w);
}

/**
 * What `text.replace(/[\p{L}\p{N}._%+-]+@…/gu, replacer)` gives, in linear time. The plain global
 * regex restarts its greedy local part at every character of a long run ("1111…", "多伦多…") and
 * fails at the end of each: quadratic. A match can only start in the run of local-part characters
 * right before an '@' (the local part cannot contain '@'), and whether it matches does not depend on
 * where in that run it starts, so each '@' is tried once, from the earliest allowed start.
 */
export function replaceEmails(text: string, replacer: (match: string) => string): string {
  let out = '';
  let copied = 0; // text before this is already in `out` (the regex's lastIndex)
  let runStart = 0;
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (ch === '@') {
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
    } else if (!EMAIL_LOCAL_CHAR.test(ch)) {
      runStart = i + ch.length;
    }
    i += ch.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** `text` without a leading run of `lead` characters and a trailing run of `trail` characters (one character each test). */
function trimRuns(text: string, lead: RegExp | null, trail: RegExp): string {
  let start = 0;
  while (lead && start < text.length && lead.test(text[start])) start++;
  let end = text.length;
  while (end > start && trail.test(text[end - 1])) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Removes each "(…)" up to the first ")" after its "(" — `.replace(/\([^)]*\)/g, ' ')` without rescanning an unclosed "(". */
function replaceParenthesized(text: string): string {
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

export function prepare(input: string): string {
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
      .replace(FRENCH_NUMBER_COMMA, '$1 ')
      // Richmond's numbered roads with the number after them, as Chinese writes it: "No. 3 Road 6551号".
      .replace(/(?<![A-Za-z])(No\.?[ \t]*\d{1,2}[ \t]+(?:Road|Rd))[ \t]*(\d{1,6})[ \t]*[号號]/giu, '$2 $1')
  );
}

/** A capitalised name of up to four words, alone on its line or before a comma (case-sensitive). */
const NAME_AHEAD = /^\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’.-]*){0,3}[ \t]*(?:$|\n|,)/u;

function splitLabels(text: string): { labels: Label[]; free: string[] } {
  const labels: Label[] = [];
  const free: string[] = [];
  const hits: { start: number; end: number; field: LabelField }[] = [];
  for (const m of text.matchAll(LABEL_PATTERN)) {
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
function applyLabel(w: Work, { field, value }: Label): string | void {
  const v = trimRuns(value, /[\s,;|:]/, /[\s,;|]/);
  if (!v) return;
  const postal = postalFromMarks(w, v);
  switch (field) {
    case 'name':
    case 'attn': {
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
      return;
    }
    case 'careOf': {
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
      return;
    }
    case 'company':
      w.company ??= stripDot(v);
      return;
    case 'address2': {
      const m = UNIT_RE.exec(v);
      // ("basement", "sous-sol" in a unit's column: the basement.)
      if (/^(?:bsmt|basement|sous-sol)\.?$/iu.test(v.trim())) w.units.push('Bsmt');
      else if (m) w.units.push(unitText(m[1], m[2]));
      else if (/^#?\s*[A-Za-z]?\d{1,6}[A-Za-z]?$/.test(v)) w.units.push(`Unit ${v.replace(/^#\s*/, '')}`);
      else w.units.push(v);
      return;
    }
    case 'city': {
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
      return;
    }
    case 'province': {
      const p = normalizeProvince(v);
      const s = p ? null : normalizeUsState(v);
      if (p) w.province ??= p;
      else if (s) w.state ??= s;
      return;
    }
    case 'postalCode': {
      const zip = normalizeZip(v);
      if (postal) w.postals.unshift(postal);
      else if (zip) w.zip ??= zip;
      return;
    }
    case 'country': {
      const c = COUNTRY_WORDS.get(v.toLowerCase().replace(/\s+/g, ' '));
      if (c) w.country ??= c;
      return;
    }
    case 'phone': {
      // Numbers the NANP pattern did not take (overseas) are kept as written — only a number, never a
      // street that followed an empty "Phone:" line; anything else goes back to the address.
      if (/^\+?[\d\s().-]{7,24}(?:\s*(?:ext\.?|x|poste)\s*\d{1,6})?$/i.test(v) && (v.match(/\d/g)?.length ?? 0) >= 10) {
        if (!w.out.phone) w.out.phone = v.replace(/\s+/g, ' ');
        return;
      }
      return v;
    }
    case 'email':
    case 'ignore':
      return;
  }
}

function postalFromMarks(w: Work, v: string): string | undefined {
  const m = new RegExp(`${POSTAL_MARK}(\\d+)`).exec(v);
  return m ? w.postals[Number(m[1])] : undefined;
}

function extractDeliveryParts(w: Work, text: string): string {
  let t = text;
  const siteAt = t.search(SITE_COMP_RE);
  const rrAt = t.search(RR_RE);
  if (siteAt >= 0 && rrAt >= 0 && !w.rural.site && !w.rural.rr) w.rural.rrFirst = rrAt < siteAt;
  // "Site 5 Comp 10", and Alberta's "Site 14 Box 22": the box of a site, not a post-office box.
  t = t.replace(SITE_COMP_RE, (_m, site: string, kind: string, comp: string) => {
    w.rural.site ??= `Site ${site} ${/^box$/i.test(kind) ? 'Box' : 'Comp'} ${comp}`;
    return '\n';
  });
  t = t.replace(RR_RE, (_m, n: string) => {
    w.rural.rr ??= `RR ${n}`;
    return '\n';
  });
  t = t.replace(PO_BOX_RE, (_m, cp: string | undefined, n: string, stn?: string, stnName?: string) => {
    // "STN TERMINAL" on a label in capitals is "Stn Terminal"; "Stn A" stays.
    const name =
      stnName && stnName.length > 2 && stnName === stnName.toUpperCase() ? titleCase(stnName.toLowerCase()) : stnName;
    const station = stn ? ` ${/^succ/i.test(stn) ? 'Succ.' : 'Stn'} ${name}` : '';
    w.rural.box ??= `${cp ? 'C.P.' : 'PO Box'} ${n}${station}`;
    return '\n';
  });
  t = t.replace(GD_RE, (_m, _en?: string, fr?: string) => {
    w.rural.gd ??= fr ? 'Poste restante' : 'General Delivery';
    return '\n';
  });
  return t;
}

/** A Chinese room number: 1203室, 1106房. */
export const ROOM = /(?<![\p{N}])(\d{1,5}[A-Za-z]?)[ \t]*[室房]/u;

const ORDINAL_FLOOR =
  /(?<![\p{L}\p{N}])(\d{1,3})(?:st|nd|rd|th|e|er|re|ème|eme)[ \t]+(?:floor|fl\.?|étage|etage)(?![\p{L}])/giu;

function extractUnits(w: Work, text: string): string {
  // A basement apartment: "Bsmt, 45 Oak St", "45 Oak St (Basement)", "sous-sol".
  let t = text.replace(
    /\(?(?<![\p{L}])(?:bsmt|basement|sous-sol)(?![\p{L}])\.?(?:\s+(?:apt|unit|suite))?\)?/giu,
    () => {
      w.units.push('Bsmt');
      return '\n';
    },
  );
  // 單位係 1508, 单位：1203 (Chinese: the unit is 1508).
  t = t.replace(
    /(?:單位|单位)[ \t]*(?:係|系|是|:|：|号|號)?[ \t]*#?[ \t]*([A-Za-z]?\d{1,5}[A-Za-z]?)(?![\p{N}])/gu,
    (_m, unit: string) => {
      w.units.push(`Unit ${unit.toUpperCase()}`);
      return ' ';
    },
  );
  // 1203室, 1106房 (Chinese: room 1203).
  t = t.replace(new RegExp(ROOM.source, 'gu'), (_m, unit: string) => {
    w.units.push(`Unit ${unit.toUpperCase()}`);
    return ' ';
  });
  // "Suite 201 - 4133 4th Ave", "app. 3 - 45, rue Church": the unit named first, then the civic number.
  t = t.replace(UNIT_FIRST_RE, (_m, designator: string, unit: string) => {
    w.units.push(unitText(designator, unit));
    return '';
  });
  t = t.replace(UNIT_CIVIC_RE, (m, unit: string, civic: string) => {
    // A ZIP+4 ("10110-0002") is not a unit and a civic number.
    if (/^\d{5}$/.test(unit) && /^\d{4}$/.test(civic)) return m;
    w.units.push(`Unit ${unit}`);
    return civic;
  });
  for (let i = 0; i < 3; i++) {
    const m = UNIT_RE.exec(t);
    if (!m) break;
    w.units.push(unitText(m[1], m[2]));
    t = `${t.slice(0, m.index)}\n${t.slice(m.index + m[0].length)}`;
  }
  // "2nd Floor", "12th floor", "6e étage": the floor by its ordinal (after any unit: a unit says more).
  return t.replace(ORDINAL_FLOOR, (_m, floor: string) => {
    w.units.push(`Floor ${floor}`);
    return '\n';
  });
}

/**
 * Where a second address starts: a line opening with a civic number after the line of the first
 * postal code, with another postal code after it. -1 when there is none.
 */
function secondAddressAt(w: Work, text: string): number {
  if (new Set(w.postals).size < 2) return -1;
  const first = text.indexOf(`${POSTAL_MARK}0`);
  if (first < 0) return -1;
  const lineEnd = text.indexOf('\n', first);
  if (lineEnd < 0) return -1;
  const street = /^[ \t]*\d{1,6}[A-Za-z]?,?[ \t]+\p{L}/mu;
  const after = text.slice(lineEnd + 1);
  const m = street.exec(after);
  if (!m) return -1;
  const other = w.postals.findIndex((p) => p !== w.postals[0]);
  return after.indexOf(`${POSTAL_MARK}${other}`, m.index) >= 0 ? lineEnd + 1 + m.index : -1;
}

function unitText(designator: string, id: string): string {
  const key = designator.toLowerCase().replace(/\.$/, '');
  return `${UNIT_NAMES[key] ?? 'Unit'} ${id.toUpperCase()}`;
}

function splitSegments(text: string): string[] {
  const out: string[] = [];
  const pieces = text.replace(new RegExp(`(${POSTAL_MARK}\\d+)[ \\t]+(?=\\S)`, 'g'), '$1\n').split(/[\n|;\t,:]+|\s-\s/);
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

/** The last whitespace-separated word of text.slice(start, end), scanning back from `end` only. */
function lastWord(text: string, start: number, end: number): string {
  let i = end;
  while (i > start && !/\s/.test(text[i - 1])) i--;
  return text.slice(i, end);
}

function isUpper(s: string): boolean {
  return s === s.toUpperCase() && s !== s.toLowerCase();
}

function analyzeSegment(w: Work, raw: string): Segment {
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
    const bare = text.replace(/[.\s-]/g, '');
    const code = kind === 'province' ? normalizeProvince(text) : normalizeUsState(text);
    if (!code) continue;
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

/** Lower case without trailing periods and commas (trimmed by hand: /[.,]+$/ rescans a long inner run from each of its characters). */
const bareWord = (t: string) => trimRuns(t.toLowerCase(), null, /[.,]/);

/** Index of the last token of a street that starts with the civic number at `i`, or -1. */
/** A number counting things ("1 article sur Etsy", "2 items", "3 boîtes") is no civic number. */
// prettier-ignore
const COUNT_WORDS = new Set([
  'article', 'articles', 'item', 'items', 'pièce', 'pièces', 'piece', 'pieces', 'pcs', 'box', 'boxes', 'boîte',
  'boîtes', 'boite', 'boites', 'colis', 'parcel', 'parcels', 'package', 'packages', 'order', 'orders', 'commande',
  'commandes', 'kg', 'lb', 'lbs', 'ml', 'oz', 'bottles', 'bouteilles', 'pairs', 'paires', 'copies', 'exemplaires',
  'sets', 'ensembles', 'days', 'jours', 'weeks', 'semaines', 'hours', 'heures', 'minutes',
]);
const FRENCH_PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', "l'", "d'"]);

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

function looksLikePlace(text: string): boolean {
  return !/\d/.test(text) && text.split(' ').length <= 4 && /\p{L}/u.test(text) && !COMPANY_PATTERN.test(text);
}

function resolve(w: Work, segments: Segment[]): void {
  const candidates: { text: string; index: number }[] = [];
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

  const rest: { text: string; index: number }[] = [];
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
  // Region-only segments that are also city names: "Québec, QC", "New York, NY 10118".
  if (!w.city) {
    const lastRegion = segments.findLastIndex((s) => s.province || s.state || s.postal);
    segments.forEach((seg, index) => {
      if (w.city || seg.head || seg.street || !seg.regionText) return;
      const later = lastRegion > index;
      if (later && (lookupCity(seg.regionText) || seg.state)) w.city = cityText(seg.regionText);
    });
  }
  if (!w.province) w.province = segments.find((s) => !s.head && s.province)?.province;

  // An unknown place right before its province/postal line: "Kemptville\nON K0G 1J0".
  if (!w.city) {
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

  const ordered =
    streetIndex >= 0
      ? [...rest.filter((c) => c.index <= streetIndex), ...rest.filter((c) => c.index > streetIndex)]
      : rest;
  let nameIndex = -1;
  let nameAfter = false;
  let nameText: string | undefined; // the line the name was read from, whole
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
      nameText = text;
      nameIndex = c.index;
      nameAfter = after;
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
  while (k > 0 && /^\p{Lu}/u.test(tokens[k - 1]) && !NAME_STOPWORDS.has(tokens[k - 1].toLowerCase())) k--;
  if (k < tokens.length && tokens.length - k <= 3)
    return { city: cityText(tokens.slice(k).join(' ')), rest: tokens.slice(0, k).join(' ') || undefined };
  return null;
}

/** Unspaced Chinese: 加拿大安大略省多伦多市王小明 → country, province, city; returns what is left. */
function scanChinese(w: Work, text: string): string | undefined {
  let t = text.replace(/\s+/g, ' ').trim();
  if (t.includes('加拿大')) {
    w.country ??= 'CA';
    t = t.replace('加拿大', ' ');
  }
  if (/美国|美國/.test(t)) {
    w.country ??= 'US';
    t = t.replace(/美国|美國/, ' ');
  }
  for (const [zh, code] of [...ZH_PROVINCES, ...ALL_ZH_PROVINCES]) {
    if (t.includes(zh)) {
      w.province ??= code;
      t = t.replace(new RegExp(`${zh}(省|地区)?`), ' ');
      break;
    }
  }
  for (const zh of CHINESE_CITY_NAMES) {
    if (t.includes(zh)) {
      w.city ??= lookupCity(zh)?.name;
      t = t.replace(new RegExp(`${zh}市?`), ' ');
      break;
    }
  }
  // A Chinese street with its number: 央街5000号, 士嘉堡路88號.
  const street =
    /(?:[\u3400-\u9fff]{1,12}|[A-Za-z][A-Za-z .'-]{0,24}?)(?:街|路|道|大道|巷|弄|径|徑|广场|廣場)\s*\d{1,6}\s*[号號]?/u.exec(
      t,
    );
  if (street && !w.street) {
    w.street = street[0].replace(/\s+/g, '');
    t = t.replace(street[0], ' ');
  }
  // "Kingsway 3550号", "Robson St 1088號": a street written in English, its number after it.
  const latin =
    /(?<![A-Za-z.'-])([A-Za-z][A-Za-z.'-]*(?:[ \t][A-Za-z][A-Za-z.'-]*){0,3})[ \t]*(\d{1,6})[ \t]*[号號]/u.exec(t);
  if (latin && !w.street) {
    w.street = `${latin[2]} ${latin[1]}`;
    t = t.replace(latin[0], ' ');
  }
  t = t.replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  if (COMPANY_PATTERN.test(t)) {
    w.company ??= t;
    return undefined;
  }
  return t;
}

function isNameLike(text: string): boolean {
  const tokens = text.split(' ');
  return (
    tokens.length <= 5 &&
    tokens.every(
      (t) => /^[\p{Lu}&][\p{L}'&.-]*$/u.test(t) || /^(?:de|du|des|la|le|les|et|and|of|the|d'|l')[\p{L}'’-]*$/u.test(t),
    ) &&
    /^[\p{Lu}&]/u.test(tokens[0]) &&
    !tokens.some((t) => NAME_STOPWORDS.has(t.toLowerCase()))
  );
}

function cleanName(text: string): string | undefined {
  // "Kakfwi - Receiving", "Anil Bhatt / Dock 3": the person before a dash or slash.
  const person = replaceParenthesized(text).split(/(?<!\s)\s+[-–—/|]\s+/)[0];
  const t = stripDot(person.replace(/\s+/g, ' ').trim());
  if (CJK_ONLY.test(t.replace(/\s/g, ''))) return t.replace(/\s/g, '');
  const tokens = t.split(' ').filter((x) => !HONORIFICS.test(x));
  const name = tokens.join(' ');
  if (!name || /\d/.test(name)) return undefined;
  // "Jean-Philippe TREMBLAY": a surname in capitals beside a name that is not.
  return name === name.toUpperCase() || name === name.toLowerCase()
    ? nameCase(name)
    : tokens.map((x) => (x.length > 1 && x === x.toUpperCase() ? nameCase(x.toLowerCase()) : x)).join(' ');
}

/** Words of a Chinese message that start like a surname: 谢谢 (thanks), 周末 (weekend), 高兴 (glad). */
const CHINESE_NOT_NAMES =
  /^(?:谢谢|謝謝|多谢|多謝|周末|週末|高兴|高興|方便|金额|金額|安全|白天|江湖|黄金|黃金|余额|餘額|石头|石頭|许多|許多|韩国|韓國|马上|馬上|何时|何時|林林|关于|關於|包裹|包邮|包郵|程序|曹操|史上|毛巾|钟点|鐘點|夏天|冷冻|冷凍|温哥华|溫哥華|陆续|陸續)/u;

/** A person's name from a candidate: a bare name, or the last run of capitalised words in a sentence. */
/** The small words of a surname: "de la Cruz", "van der Berg", "bin Laden". */
export const NAME_PARTICLES = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
  'di',
  'da',
  'dos',
  'del',
  'della',
  'bin',
  'al',
  'el',
  'ten',
  'ter',
]);

function nameFrom(text: string, afterStreet: boolean): string | undefined {
  // "何太 何麗珠": Mrs Ho, then her name — the last word that is a name.
  const words = text.trim().split(/\s+/);
  if (words.length > 1 && words.every((x) => CJK_ONLY.test(x))) {
    for (let k = words.length - 1; k >= 0; k--) {
      const found = nameFrom(words[k], afterStreet);
      if (found) return found;
    }
  }
  // "诸葛明 收": 收 marks the one who receives.
  const compact = text.replace(/\s+/g, '').replace(/(?<=[\u3400-\u9fff]{2})收$/u, '');
  if (CJK_ONLY.test(compact)) {
    const n = compact.replace(/(先生|女士|小姐|太太)$/, '');
    const surname = isChineseNameStart(n) && !CHINESE_NOT_NAMES.test(n);
    return n.length >= 2 && n.length <= 4 && surname ? compact : undefined;
  }
  if (/\d/.test(text)) return undefined;
  const tokens = text.split(' ').filter((t) => !HONORIFICS.test(t));
  if (!tokens.length) return undefined;
  const isWord = (t: string) => /^[\p{L}][\p{L}'.-]*$/u.test(t);
  const allLower = tokens.every((t) => t === t.toLowerCase());
  if (
    tokens.length <= 3 &&
    tokens.every(isWord) &&
    !tokens.some((t) => NAME_STOPWORDS.has(t.toLowerCase())) &&
    !lookupCity(text)
  ) {
    if (allLower && afterStreet) return undefined;
    if (!allLower || tokens.length >= 2) return nameCase(tokens.join(' '));
  }
  if (allLower && !afterStreet) {
    // A chat in lower case: "hey its priya raman" — the words after the last stopword.
    let k = tokens.length;
    while (k > 0 && isWord(tokens[k - 1]) && !NAME_STOPWORDS.has(tokens[k - 1]) && !lookupCity(tokens[k - 1])) k--;
    const run = tokens.slice(k);
    if (run.length >= 2 && run.length <= 3) return nameCase(run.join(' '));
  }
  let end = tokens.length;
  // Drop trailing lower-case connectors: "… Rachel Green at".
  while (end > 0 && !/^\p{Lu}/u.test(tokens[end - 1])) end--;
  let start = end;
  const capital = (t: string) =>
    /^\p{Lu}[\p{L}'.-]*$/u.test(t) && !NAME_STOPWORDS.has(t.toLowerCase()) && !HONORIFICS.test(t);
  for (;;) {
    if (start > 0 && capital(tokens[start - 1])) {
      start--;
      continue;
    }
    // A surname's particles between capitalised words: "Maria de la Cruz", "Pieter van der Berg"
    // (not one French particle alone, a place's: "Usine de Sherbrooke", "Érablière du Sommet").
    let k = start;
    while (k > 0 && NAME_PARTICLES.has(tokens[k - 1])) k--;
    const particles = tokens.slice(k, start);
    const frenchAlone = particles.length === 1 && /^(?:de|du|des|le|la)$/.test(particles[0]);
    if (particles.length && !frenchAlone && k > 0 && start < end && capital(tokens[k - 1])) {
      start = k;
      continue;
    }
    break;
  }
  if (start === end || end - start > 4) return undefined;
  const run = tokens.slice(start, end).join(' ');
  if (lookupCity(run) || normalizeProvince(run)) return undefined;
  if (afterStreet && end - start < 2) return undefined;
  return run;
}

function stripDot(text: string): string {
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

function titleCase(text: string): string {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return text;
  return text.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** A name in one case: title case, with the capital after "Mc" ("MCISAAC", "mclean" → McIsaac, McLean). */
function nameCase(text: string): string {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return text;
  return titleCase(text).replace(/(?<![\p{L}])Mc(\p{Ll})(?=\p{L}{2})/gu, (_m, ch: string) => `Mc${ch.toUpperCase()}`);
}

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

function cityText(text: string): string {
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

function streetText(text: string): string {
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
        /^\p{Ll}/u.test(words[k]) &&
        /^\p{Lu}/u.test(words[k - 1]) &&
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

function splitName(out: ParsedAddress, name: string): void {
  out.name = name;
  if (CJK_ONLY.test(name)) {
    const core = name.replace(/(先生|女士|小姐|太太)$/, '');
    const surnameLength = COMPOUND_SURNAMES.has(core.slice(0, 2)) && core.length > 2 ? 2 : 1;
    out.lastName = core.slice(0, surnameLength);
    const given = core.slice(surnameLength);
    if (given) out.firstName = given;
    return;
  }
  const space = name.indexOf(' ');
  if (space < 0) {
    out.firstName = name;
    return;
  }
  // "Thi Mai Nguyen", "Thu Ha Tran": a Vietnamese given name of two words before the family name.
  const words = name.split(' ');
  if (words.length === 3 && VIETNAMESE_SURNAMES.has(words[2].toLowerCase())) {
    out.firstName = `${words[0]} ${words[1]}`;
    out.lastName = words[2];
    return;
  }
  out.firstName = name.slice(0, space);
  out.lastName = name.slice(space + 1);
  // "Harold J. Greeley": a middle initial is no part of the surname.
  const middle = /^\p{Lu}\.?[ \t]+(?=\p{Lu}[\p{L}'’-]{1,})/u.exec(out.lastName);
  if (middle && words.length === 3) out.lastName = out.lastName.slice(middle[0].length);
}

/** Vietnamese family names, written last in Canada ("Thi Mai Nguyen"). */
const VIETNAMESE_SURNAMES = new Set(
  'nguyen nguyễn tran trần le lê pham phạm hoang hoàng huynh huỳnh phan vu vũ vo võ dang đặng bui bùi do đỗ ho hồ ngo ngô duong dương ly lý truong trương dinh đinh luong lương trinh trịnh'.split(
    ' ',
  ),
);

function finish(w: Work): ParsedAddress {
  const out = w.out;
  if (w.name) splitName(out, w.name);
  if (w.company) out.company = companyText(w.company);
  const deliveryParts = [
    ...(w.rural.rrFirst ? [w.rural.rr, w.rural.site] : [w.rural.site, w.rural.rr]),
    w.rural.box,
    w.rural.gd,
  ]
    .filter(Boolean)
    .join(' ');
  const unit = w.units[0];
  if (w.street) {
    out.address1 = streetText(w.street);
    const second = [unit, deliveryParts].filter(Boolean).join(' ');
    if (second) out.address2 = second;
  } else if (deliveryParts) {
    out.address1 = deliveryParts;
    if (unit) out.address2 = unit;
  } else if (unit) {
    out.address2 = unit;
  }
  if (w.city) out.city = w.city;

  const postal = w.postals[0];
  if (!w.zip && w.zipAlone && (w.state || w.country === 'US')) w.zip = w.zipAlone;
  const isUs = w.country === 'US' || (!postal && (w.state !== undefined || w.zip !== undefined) && !w.province);
  if (isUs) {
    if (w.state) out.province = w.state;
    if (w.zip) out.postalCode = w.zip;
    out.country = 'US';
  } else {
    let province = w.province;
    if (!province && postal) {
      const options = provincesForPostalCode(postal);
      if (options.length === 1) province = options[0];
    }
    if (!province && w.city && !w.country) province = lookupCity(w.city)?.province;
    else if (!province && w.city) province = lookupCity(w.city)?.province;
    if (province) out.province = province;
    if (postal) out.postalCode = postal;
    if (w.country) out.country = w.country;
    else if (postal || province) out.country = 'CA';
  }
  return out;
}
