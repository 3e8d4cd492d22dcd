/** A person's name in an address: read from a line (nameFrom, cleanName) and split into first and last names (splitName). */
import { normalizeProvince } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import { COMPOUND_SURNAMES, HONORIFICS, isChineseNameStart, NAME_STOPWORDS } from './lexicon';
import type { ParsedAddress } from './types';
import { CJK_ONLY, nameCase, replaceParenthesized, STARTS_UPPER, stripDot } from './address-text';

export function isNameLike(text: string): boolean {
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

export function cleanName(text: string): string | undefined {
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

export function nameFrom(text: string, afterStreet: boolean): string | undefined {
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
  while (end > 0 && !STARTS_UPPER.test(tokens[end - 1])) end--;
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

export function splitName(out: ParsedAddress, name: string): void {
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
