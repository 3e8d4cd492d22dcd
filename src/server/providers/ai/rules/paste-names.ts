/**
 * Stage 5 of the paste reading, names: the signer of a message, the name a chat says outright ("this
 * is Dave", "for my sister anna"), a name asked and answered, Latin and Chinese forms of one name.
 */
import { normalizeProvince } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import {
  ABBREVIATIONS,
  COMPANY_PATTERN,
  COMPOUND_SURNAMES,
  escapeRegExp,
  isChineseNameStart,
  NAME_STOPWORDS,
} from './lexicon';
import { NAME_PARTICLES } from './address-names';
import { CJK, LETTER, PHONE_RE, STARTS_LOWER, STARTS_UPPER } from './address-text';
import { OTHER_WORDS, SHIP_WORDS } from './paste-block';
import { dropJobTitle, hasStreet, HOLIDAY, isJobTitle, type LineKinds } from './paste-lines';
import { isOwn, POSTAL_LINE } from './paste-split';
import { type Line, type PasteReading } from './types';
import { anyOf, compile } from './vocabulary/compile';
import {
  CREDENTIALS_WORDS,
  NAME_SAID_GATE_WORDS,
  NOT_NAME_WORDS,
  SEND_TO_NAME_WORDS,
  SEND_TO_NAME_WORDS_2,
  SIGN_OFF_WORDS,
  ZH_FOR_NAME_WORDS,
} from './vocabulary/name-words';
import { RELATIONS } from './vocabulary/paste-words';
import { allMatches } from './matches';

/** A chat line that runs into its address: "… i want it in green!! ship to priya patel 2190 …" / "我的收货信息如下：加拿大…". */
const LEAD_MARKER = compile(
  'iu',
  String.raw`(?:^|[\s,.!?;:])(?:(?:l['’]|les\s+|le\s+|la\s+|me\s+|nous\s+)?(?:envoyer|envoie|envoyez|expédier|expédie|`,
  String.raw`expédiez|poster|postez|livrer|livrez)\s+(?:au|à)(?=\s+\d)|ship(?:\s+(?:it|this|them))?\s+to|send(?:\s+(?:it|`,
  String.raw`this|them))?\s+to|deliver(?:\s+(?:it|this|them))?\s+to|mail(?:\s+it)?\s+to|my address is|address is|`,
  String.raw`livraison\s*:|adresse\s*:|mon adresse(?: c['’]est| est)?)[\s:]*\s(?=\S)|(?:如下|寄到|寄去|寄往|发到|發到|送到|地址是|地址为|地址為|`,
  String.raw`地址係)[\s:：,，]*(?=\S)`,
);

/** A short sentence before the address on its line: "Yes beta. Kamla Sharma, …". */
const SENTENCE_BEFORE = /^([^\d\n.!?]{1,40}?)([.!?]+)[ \t]+(?=\p{Lu})/u;

export function cutLead(t: string): string {
  // "Je suis jamais chez nous de jour, envoyez ça à ma job svp : Kevin Doucet …"
  const colon = /[:：]\s+/u.exec(t);
  if (colon) {
    const before = t.slice(0, colon.index);
    const words = before.split(/\s+/).filter((w) => LETTER.test(w));
    if (!/\d/.test(before) && words.length >= 5 && words.filter((w) => STARTS_LOWER.test(w)).length >= 3) {
      const after = t.slice(colon.index + colon[0].length);
      if (hasStreet(after.replace(PHONE_RE, ' '))) {
        // "Gift for my friend Oliver Twist: 50 Dickens Cres …" keeps the name at the end of the sentence.
        // (Searched in the sentence's last words only: from each capital of a long run it would rescan it.)
        const name = /(?:\p{Lu}[\p{L}'’-]+\s+){1,2}\p{Lu}[\p{L}'’-]+$/u.exec(before.slice(-80));
        return name ? `${name[0]}, ${after}` : after;
      }
    }
  }
  // "Yes beta. Kamla Sharma, 10 Knightsbridge Rd, …": a short sentence before the address on its line.
  const sentence = SENTENCE_BEFORE.exec(t);
  if (sentence && POSTAL_LINE.test(t) && hasStreet(t.slice(sentence[0].length))) {
    const lastWord = sentence[1].trim().split(/\s+/).pop()!.toLowerCase();
    if (sentence[2] !== '.' || (sentence[1].trim().includes(' ') && !ABBREVIATIONS.has(lastWord)))
      t = t.slice(sentence[0].length); // and the rest may still lead in: "I'm in apt 5 …, ship to Jane Doe …"
  }
  const m = LEAD_MARKER.exec(t);
  if (!m || (m.index === 0 && !/^(?:如下|寄|发|發|送|地址)/u.test(m[0]))) return t;
  const after = t.slice(m.index + m[0].length);
  return hasStreet(after) || /[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d/.test(after) ? introduced(after) : t;
}

/**
 * "my husband at his shop instead? He's Kofi Asante, at Asante Auto Body Ltd., 2455 Central Ave, …":
 * the last sentence before the address, without its "He's", and "at" before the company.
 */
function introduced(t: string): string {
  const digit = t.search(/\d/);
  if (digit < 0 || digit > 300) return t;
  const head = t.slice(0, digit);
  const cut = Math.max(head.lastIndexOf('? '), head.lastIndexOf('! '), head.lastIndexOf('. '));
  if (cut < 0) return t;
  const rest = t.slice(cut + 2);
  const who =
    /^(?:(?:he|she|they)['’](?:s|re)|(?:he|she) is|(?:his|her) name is|c['’]est|il s['’]appelle|elle s['’]appelle)[ \t]+(?=\p{Lu})/iu.exec(
      rest,
    );
  // ("ship to my dorm in Boulder? Kai Thunderchild, 1220 Baseline Rd …": a name opening the sentence.)
  if (!who && !/^\p{Lu}[\p{Ll}'’-]+[ \t]+\p{Lu}[\p{Ll}'’-]+,/u.test(rest)) return t;
  return rest.slice(who ? who[0].length : 0).replace(/,[ \t]+(?:at|chez|à)[ \t]+(?=\p{Lu})/u, ', ');
}

/** 欧阳娜娜 Nana Ouyang → Nana Ouyang: labels print Latin script, so the English name beside a Chinese one wins. */
const BILINGUAL_NAME =
  /^((?:[^:：\n]{1,8}[:：]\s*)?)([\u3400-\u9fff]{2,4})(?:\s*(?:先生|女士|小姐|太太))?[\s(（]*(\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}[\p{Ll}'-]+){1,2})\s*[)）]?(?=\s|$|[,，(（])/u;

/** "收件人:Jessica Zhao 赵静怡": the English name first, the Chinese one after it. */
const LATIN_FIRST_NAME =
  /^((?:[^:：\n]{1,8}[:：]\s*)?)(\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}[\p{Ll}'-]+){1,2})\s*(?:[(（]\s*)?([\u3400-\u9fff]{2,4})\s*[)）]?(?=\s|$|[,，])/u;
/** "黄梓琪（英文名 Kiki Wong，快递单写英文名吧）": the English name the note asks for. */
const ENGLISH_NAME_NOTE =
  /[\u3400-\u9fff]{2,4}\s*[(（]\s*(?:英文名字?|英文|english name)\s*(?:[:：]\s*)?(\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}[\p{Ll}'-]+){1,2})[^)）\n]{0,40}[)）]/iu;

export function preferLatinName(t: string): string {
  // (Each pattern needs a Chinese name: a line without a Chinese character, most lines, is not searched.)
  if (!CJK.test(t)) return t;
  return (
    t
      .replace(ENGLISH_NAME_NOTE, '$1')
      .replace(LATIN_FIRST_NAME, (m, label: string, latin: string, zh: string) =>
        lookupCity(zh) ? m : `${label}${latin}`,
      )
      // (Not a city before an English street: "多伦多 Yonge St 5000号".)
      .replace(BILINGUAL_NAME, (m, label: string, zh: string, latin: string) =>
        lookupCity(zh) ? m : `${label}${surnameLast(zh, latin)}`,
      )
      // (A city before a street stays: "温哥华 Kingsway 3550号"; a city and its English name are one: "素里 Surrey".)
      .replace(NICKNAME, (m, zh: string) => {
        const city = lookupCity(zh);
        return !city || lookupCity(m.slice(zh.length).trim())?.name === city.name ? zh : m;
      })
  );
}

/**
 * "黃志強 Wong Chi Keung": a Hong Kong romanisation, one word per character, surname first — written
 * given names first and joined for the label ("Chi-Keung Wong"). Only with three characters or more (two words
 * beside two characters may be either order).
 */
function surnameLast(zh: string, latin: string): string {
  const words = latin.split(/\s+/);
  return zh.length >= 3 && words.length === zh.length && !COMPOUND_SURNAMES.has(zh.slice(0, 2))
    ? `${words.slice(1).join('-')} ${words[0]}`
    : latin;
}

/** 王小明 Kevin: one Latin word beside a Chinese name is a nickname, not a surname. */
const NICKNAME = /(?<![\u3400-\u9fff])([\u3400-\u9fff]{2,4})\s+\p{Lu}\p{Ll}+(?=\s+[\d+(]|\s*$)/gu;

/** "Attn: Receiving" names a department, not the person. */
export const DEPARTMENT_ATTN = compile(
  'iu',
  String.raw`^(?:attn|attention|à l['’]attention de|a\/s)[\s:.]*(?:the\s+)?(?:receiving|shipping(?:\s*(?:&|`,
  String.raw`and)\s*receiving)?|accounts payable|warehouse|dock|r[ée]ception|comptabilit[ée]|magasinier|purchasing|`,
  String.raw`achats)\b[^\n]{0,20}$`,
);

/** A Chinese closing, alone or ending the last sentence. */
const ZH_SIGN_OFF =
  /(?:^|[。！!，,.\s])(?:谢谢|謝謝|多谢|多謝|感谢|感謝|此致|敬礼|敬禮|祝好|(?:(?:敬祝|順祝|顺祝|順頌|顺颂|祝)[ \t]*)?(?:商祺|時祺|时祺|台安|近安|大安|安好|順利|顺利))[！!。~～\s]*$/u;
/** A Chinese letter's closing on its own line ("敬祝 商祺", "此致", "敬禮"): no name. */
export const ZH_CLOSING_LINE =
  /^[ \t]*(?:(?:敬祝|順祝|顺祝|順頌|顺颂|祝)[ \t]*)?(?:商祺|時祺|时祺|台安|近安|大安|安好|順利|顺利|敬礼|敬禮|此致)[ \t]*(?:敬礼|敬禮)?[！!。~～\s]*$/u;
const SIGN_OFF = compile('iu', String.raw`^(?:`, SIGN_OFF_WORDS, String.raw`)[\s\p{P}\p{Extended_Pictographic}]*$`);
/** A line that may be a person's name: capitalised words (with particles: "de", "van der"), credentials after a comma. */
const PERSON_LINE =
  /^\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’.-]*|de|du|des|la|le|van|von|der|den|di|da|dos|bin|al|el))+(?:,[^\n]{0,40})?$/u;
/** "Order placed by Natasha Leclair", "New order #31877 from Trevor Lindqvist", "send a spare monitor to Owen Richards in …". */
export const BUYER = compile(
  'mu',
  String.raw`(?:(?:[Oo]rder )?[Pp]laced by|[Oo]rdered by|[Pp]urchased by|[Bb]ought by|[Pp]assée par|`,
  String.raw`[Nn]ew order #?\d{1,10} from|(?:[Ss]end|[Ss]hip|[Mm]ail|[Cc]ourier)\b[^.!?\n]{0,60}?\bto)[ \t]+`,
  String.raw`(\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,2})(?=$|[\s,.!?;:(])`,
);

/** Two people of one family on a name line: "Greg & Linda Hofmann", "Donna and Ray Kuzyk (just put Donna)". */
export const COUPLE =
  /^((?:[^:：\n]{1,20}[:：][ \t]*)?)(\p{Lu}[\p{Ll}'’-]+)[ \t]*(?:&|\band\b|\bet\b)[ \t]*(\p{Lu}[\p{Ll}'’-]+)[ \t]+(\p{Lu}[\p{L}'’-]+)((?:[ \t]*[—–(-][^\n]*)?)$/u;

/** A company's legal suffix. */
const LEGAL_NAME =
  /(?<![\p{L}])(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|incorporated|corporation|enr|s\.e\.n\.c)\.?(?![\p{L}])/iu;
/** Pronouns after a name: "Amara Osei-Bonsu (she/her)". */
export const PRONOUNS =
  /(?<![ \t])[ \t]*\((?:she|he|they|elle|il|iel)[ \t]*\/[ \t]*\p{L}+(?:[ \t]*\/[ \t]*\p{L}+)?\)/giu;
/**
 * Credentials are looked for on a name line only, never longer than this: the regex tries every
 * comma of a line, so a long line of commas would make it quadratic.
 */
export const NAME_LINE_MAX = 120;
export const CREDENTIALS = compile(
  'iu',
  String.raw`(?:,|(?<=[\u3400-\u9fff])[ \t]+(?=[A-Z]{2,5}(?:,|$)))\s*(?:`,
  CREDENTIALS_WORDS,
  String.raw`)\.?(?:,\s*[\p{L}.]+)*$`,
);

/** The signer of an e-mail (the line under the sign-off) and the company line under their title. */
export function readSignature(kindOf: LineKinds, lines: Line[]): PasteReading['signature'] {
  // The newest message's signature: above the header of a message quoted under it ("From: IT Service Desk").
  const quoted = lines.findIndex((l, k) => k > 3 && QUOTED_HEADER.test(l.text));
  if (quoted > 0) {
    const newest = readSignature(kindOf, lines.slice(0, quoted));
    if (newest.name) return newest;
  }
  // The last sign-off ("Regards,", or any short closing with a comma: "Niawen'kó:wa,") with a name under it.
  for (let at = lines.length - 1; at >= 0; at--) {
    const t = lines[at].text;
    // (Bilingual closings too: "Cordialement / Best regards,".)
    const closing =
      SIGN_OFF.test(t) ||
      HOLIDAY.test(t) ||
      (t.includes('/') && t.length <= 60 && t.split('/').every((part) => SIGN_OFF.test(part.trim()))) ||
      (/^[\p{L}'’:. -]{2,30},$/u.test(t) && t.split(/\s+/).length <= 4) ||
      // "谢谢！", "送货前一天请提前电话联系。谢谢！", "此致 敬礼".
      (t.length <= 40 && ZH_SIGN_OFF.test(t));
    if (!closing) continue;
    const found = signerAt(kindOf, lines, at);
    if (found) return found;
  }
  // No sign-off ("…the Fort Mac office is closed.\n\nChinedu\n\nChinedu Eze, P.Eng.\nProject Engineer"):
  // the first name line with a job title under it.
  for (let at = 0; at < lines.length - 1; at++) {
    const t = lines[at].text;
    // (The title under the name, or after it: "Me Pierre-Luc Dufresne, notaire".)
    const titled = isJobTitle(lines[at + 1].text) || (t.includes(',') && isJobTitle(t.slice(t.lastIndexOf(',') + 1)));
    if (!PERSON_LINE.test(t) || !titled) continue;
    const found = signerAt(kindOf, lines, at - 1);
    if (found?.name?.includes(' ')) return found;
  }
  return {};
}

/** The header of an earlier message quoted under a reply. */
const QUOTED_HEADER =
  /^(?:(?:from|de|发件人|發件人|寄件者)[ \t]*[:：][ \t]*\S|-{2,}[ \t]*(?:original message|message d'origine|forwarded message|message transféré)|on .{5,200} wrote:$|le .{5,200} a écrit[ \t]*:$)/iu;

function signerAt(
  kindOf: LineKinds,
  lines: Line[],
  at: number,
  company?: string,
): PasteReading['signature'] | undefined {
  let i = at + 1;
  while (i < lines.length && !lines[i].text) i++;
  // "ROCKY VIEW FLEET SERVICES LTD.\nHector Villanueva, Shop Foreman": the company over the name.
  if (!company && lines[i] && !/\d|@/.test(lines[i].text) && LEGAL_NAME.test(lines[i].text)) {
    const under = signerAt(kindOf, lines, i, lines[i].text.trim());
    if (under) return under;
  }
  const raw = lines[i]?.text
    .slice(0, NAME_LINE_MAX)
    .replace(PRONOUNS, '')
    // "Gordon Teixeira (and Marianne)": the one who signs, without who else is there.
    .replace(/(?<![ \t])[ \t]*\((?:and|et|&|\+|with|avec)[ \t][^()\d]{1,40}\)$/iu, '')
    .replace(CREDENTIALS, '')
    .replace(/^(?:dr|dre|mr|mrs|ms|m|mme|me)\.?\s+/i, '')
    // "Hector Villanueva, Shop Foreman", "Ana Ruiz | Buyer": the title beside the name.
    .replace(/[ \t]*(?:,|[ \t][|—–-])[ \t]*([^,|—–]+)$/u, (m, title: string) => (isJobTitle(title) ? '' : m))
    .trim();
  if (!raw || /\d|@/.test(raw) || raw.split(/\s+/).length > 4 || !/^[\p{L}'’. -]+$/u.test(raw)) return undefined;
  // ("Envoyé de mon iPad", "Merry Christmas!" under a closing are no signer.)
  if (
    /^(?:sent from|envoyé de|envoyé depuis|get outlook|téléchargez outlook)(?![\p{L}])/iu.test(raw) ||
    HOLIDAY.test(raw)
  )
    return undefined;
  // "--\nPrairie Coffee Roasters": a company signs, no person.
  if (!company && COMPANY_PATTERN.test(` ${raw} `)) return { company: raw };
  const chinese = /^[\u3400-\u9fff]{2,4}$/u.test(raw);
  if (chinese && !isChineseNameStart(raw)) return undefined;
  if (!chinese && raw.split(/\s+/).length < 2 && !STARTS_UPPER.test(raw)) return undefined;
  // "Cheers,\nPriya\n\nPriya Natarajan, CPA\nController …": the full name under the first name.
  let j = i + 1;
  while (j < lines.length && !lines[j].text) j++;
  const written = lines[j]?.text.slice(0, NAME_LINE_MAX).replace(PRONOUNS, '').replace(CREDENTIALS, '').trim();
  // ("Gary" over 'Gurpreet "Gary" Sandhu, CPA': the nickname signs, the full name is without it.)
  const full = written?.replace(BRACKETED_NICKNAME, '');
  const nickname = Boolean(
    full && full !== written && !raw.includes(' ') && new RegExp(`["“(]${escapeRegExp(raw)}["”)]`, 'u').test(written!),
  );
  if (
    full &&
    full !== raw &&
    // (Or a short form of its first name: "Jas" over "Jaspreet Kaur Dhillon".)
    (nickname ||
      full.startsWith(`${raw} `) ||
      (!raw.includes(' ') && raw.length >= 2 && full.split(' ')[0].startsWith(raw))) &&
    /^[\p{L}'’. -]+$/u.test(full) &&
    full.split(/\s+/).length <= 4
  ) {
    return signerAt(kindOf, lines, j - 1) ?? { name: full };
  }
  const out: PasteReading['signature'] = { name: raw };
  if (company) return { name: raw, company };
  // Name, title(s), company, then the contact lines: the company is the last plain line before them.
  let blanks = 0;
  for (let k = i + 1; k < Math.min(lines.length, i + 7); k++) {
    const t = lines[k].text;
    // One blank line may part the title from the company ("Associate Veterinarian\n\nNorfolk … Clinic").
    if (!t) {
      // (Not past a company already read: "Halifax Public Libraries\n\nCentral Library · 5440 …" is a branch.)
      if (++blanks > 1 || (!out.company && k === i + 1) || out.company) break;
      continue;
    }
    // A title and the company after it ("Owner, Paper Crane Stationery"), or a title with its grades
    // or years ("Enseignante de français, 4e et 5e secondaire").
    if (!/@|www\.|https?:|[:：]/i.test(t) && t.includes(',') && isJobTitle(t.slice(0, t.indexOf(',')))) {
      const rest = t.slice(t.indexOf(',') + 1).trim();
      if (STARTS_UPPER.test(rest) && !/\d/.test(rest) && !isJobTitle(rest)) out.company = rest;
      continue;
    }
    // (A colon inside a word is no label's: "Centre culturel Kanien'kehá:ka".)
    if (/\d|@|www\.|https?:|[:：](?![\p{L}])/iu.test(t)) break;
    // "Pavillon Rémi-Rossignol", "Building B": where in the company, not the company.
    if (/^(?:pavillon|building|bldg|édifice|edifice|tower|wing|aile|campus)(?![\p{L}])/iu.test(t)) break;
    // A chat's placeholder ("[圖片]", "[Sticker]") is no company.
    if (kindOf(t) === 'noise' || /^[[【(（][^\]】)）]*[\]】)）]$/u.test(t)) continue;
    out.company = dropJobTitle(t);
    if (/\b(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|enr|s\.e\.n\.c)\b\.?/iu.test(t)) break;
  }
  return out;
}

const RELATION = anyOf(RELATIONS);
/**
 * A chat names the person in a sentence: "its jess btw", "this is Dave", "c'est Lan Pham", "send it
 * to my sister anna kowalski at …", "au nom de Lise Morin".
 */
const CHAT_NAME = new RegExp(
  `(?:^|[\\s,.!?;:(])(?:it['’]?s|that['’]?s|this is|i['’]?m|my name is|name is|name['’]s|name (?:on (?:it|` +
    `the (?:label|box|parcel|package)) )?(?:should be|is|will be)|put (?:the name )?|le nom (?:sur le colis )?(?:c['’]est|` +
    `est|sera)|c['’]est|je m['’]appelle|moi c['’]est)\\s+([\\p{L}'’-]+(?:[ \\t]+[\\p{L}'’-]+){0,2})`,
  'iu',
);
/** Who the parcel is for, said outright: "for my sister anna kowalski", "pour ma blonde, Sarah-Maude Gingras", "under the name …". */
const FOR_NAME = new RegExp(
  `(?:^|[\\s,.!?;:(])(?:(?:au nom de|in the name of|(?:le )?nom de)\\s+(?:my|ma|mon|mes)\\s+(?:${RELATION})[,:]?|` +
    `name on (?:the )?(?:box|parcel|package|label|door|buzzer) is|(?:her|his|their|my) name is on the (?:door|` +
    `buzzer|mailbox|box)[,:]?|au nom de|on behalf of|in the name of|(?:his|her|their) (?:full )?name is|` +
    `(?:son|sa) nom (?:complet )?(?:c['’]est|est)|under my name[,:]?|under the name(?: of)?|(?:under|` +
    `in|with|put)[ \\t]+(?:my|his|her|their)[ \\t]+(?:${RELATION})['’]s[ \\t]+name(?:[ \\t]+(?:tho|` +
    `though|instead|please|pls))?[ \\t]*[,:—–-]?|under|(?:put|use|write) my name on (?:it|the (?:label|` +
    `box|parcel|package))(?:[ \\t]+not[ \\t]+[\\p{L}'’]+)?[,:]?|put(?!\\s+(?:it|them|this|that|` +
    `the)(?![\\p{L}]))|(?:to|for|à|pour|chez)\\s+(?:my|ma|mon|mes)\\s+(?:${RELATION})[,:]?)\\s+(?:(?:m|` +
    `me|mme|mr|mrs|ms|dr|dre)\\.?\\s+)?([\\p{L}'’-]+(?:[ \\t]+[\\p{L}'’-]+){0,2})`,
  'iu',
);
const NOT_NAME = compile('iu', String.raw`^(?:`, NOT_NAME_WORDS, String.raw`)$`);

/** A name as a list prints it, surname first: "HNATYSHYN, Olga". */
const REVERSED_NAME = /^(\p{Lu}[\p{L}'’-]+),\s*(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+)?)$/u;

export function turnReversedName(t: string): string {
  const m = REVERSED_NAME.exec(t.trim());
  if (!m || lookupCity(m[1]) || lookupCity(m[2]) || normalizeProvince(m[2]) || normalizeProvince(m[1])) return t;
  // "HNATYSHYN, Olga": the surname in capitals as a list prints it, written as the person writes it.
  const last =
    m[1] === m[1].toUpperCase() && m[2] !== m[2].toUpperCase() ? m[1].charAt(0) + m[1].slice(1).toLowerCase() : m[1];
  return `${m[2]} ${last}`;
}

/** "Hey, Sarah here!" */
const HERE_NAME =
  /(?:^|[\s,.!])((?:\p{Lu}[\p{L}'’-]+[ \t]+)?\p{L}[\p{L}'’-]+)[ \t]+(?:here|Here|ici)\b(?!\s+(?:is|it|are))/u;

/** "mon nom de famille c'est Gallant astheure, pas Bourque", "my last name is Okafor now". */
export const FAMILY_NAME =
  /(?<![\p{L}])(?:nom de famille|last name|surname|family name)[ \t]+(?:c['’]est|est|is|will be|sera)[ \t]+(?:(?:maintenant|now|rendu|astheure)[ \t]+)?(?:le |la )?(\p{Lu}[\p{L}'’-]+)(?![\p{L}])/u;
/** "Yo c'est Max", "hey it's Jess here": a chat's writer saying who they are. */
export const SELF_INTRO =
  /^(?:c['’]est|moi c['’]est|it['’]?s|this is|ici)[ \t]+[\p{L}'’-]+(?:[ \t]+[\p{L}'’-]+)?[ \t]*[!.]*$/iu;
/** "Maxime Lalonde-Hébert pour le nom", "Jo Ostrowski for the label": the name, then what it is for. */
const NAME_THEN_FOR = compile(
  'gu',
  String.raw`(?:^|[\s,.!?;:])(\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,2})[ \t]+(?:pour le nom|pour le colis|`,
  String.raw`pour l['’]étiquette|sur le colis|sur l['’]étiquette|for the name|for the label|on the label|on the box)`,
  String.raw`(?![\p{L}])`,
);
/**
 * A sentence sends the parcel to a person by their full name: "Please ship the toner cartridges to
 * Wen Li in our IT department." (Two or three capitalised words, then the sentence goes on or ends,
 * not in a question: "How much to ship to Sioux Lookout?". A town, a province or an office is no
 * person: see sentToName.)
 */
const SEND_TO_NAME = compile(
  'gmu',
  String.raw`(?<![\p{L}])(?:`,
  SEND_TO_NAME_WORDS,
  String.raw`)(?:[ \t]+[\p{L}'’-]+){0,4}?[ \t]+(?:to|à|chez)[ \t]+(?:(?:[Mm]r|[Mm]rs|[Mm]s|[Dd]r|M|[Mm]me)\.?[ \t]+)?`,
  String.raw`(\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)*(?:[ \t]+(?:(?:de|du|des|la|le|van|von|`,
  String.raw`der)[ \t]+){0,2}\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)*){1,2})(?=[ \t]*(?:$|[,.;:!(—–]|[ \t](?:`,
  SEND_TO_NAME_WORDS_2,
  String.raw`)(?![\p{L}])))`,
);
/** "收件人写我同事 Jason Chen（陈志强）", "收件人請寫 Ivy Cheung": the name the label is to carry. */
const ZH_FOR_NAME = compile(
  'u',
  String.raw`收[件货貨]人(?:请|請)?(?:写|寫|填|是|为|為)[ \t]*(?:[：:][ \t]*)?(?:我(?:的|們的|们的)?(?:`,
  ZH_FOR_NAME_WORDS,
  String.raw`)[ \t]*)?(?:[\u3400-\u9fff]{1,6}[ \t]+)?(?:(\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,2})|(?![我你他她])`,
  String.raw`([\u3400-\u9fff]{2,4})(?![\u3400-\u9fff]))`,
);

/** A person's name a sending sentence gives, unless its words make a place or a company. */
function sentToName(text: string): string | undefined {
  const zh = ZH_FOR_NAME.exec(text);
  if (zh) return zh[1] ?? zh[2];
  for (const m of allMatches(text, SEND_TO_NAME)) {
    const name = m[1];
    // (A surname's particles are no words to check: "de la Durantaye".)
    const words = name.split(/[ \t]+/).filter((w) => !NAME_PARTICLES.has(w));
    if (
      lookupCity(name) ||
      words.some(
        (w) => lookupCity(w) || normalizeProvince(w) || NOT_NAME.test(w) || NAME_STOPWORDS.has(w.toLowerCase()),
      ) ||
      SHIP_WORDS.test(name) ||
      OTHER_WORDS.test(name) ||
      COMPANY_PATTERN.test(` ${name} `) ||
      /(?<![\p{L}])(?:branch|site|centre|center|campus|location|building|hall|club|department|team|desk|lab|room)(?![\p{L}])/iu.test(
        name,
      )
    )
      continue;
    return name;
  }
  return undefined;
}
const FOR_NAMES = new RegExp(FOR_NAME.source, 'giu');
const CHAT_NAMES = new RegExp(CHAT_NAME.source, 'giu');
const HERE_NAMES = new RegExp(HERE_NAME.source, 'gu');

/** "我是在蝦皮上下單的林怡君", "我叫王小明": the writer names themself in Chinese. */
const ZH_NAME = /(?:我是|我叫|本人是?)(?:[^\n，,。！!的]{0,12}的)?([\u3400-\u9fff]{2,4})(?=[，,。！!\s]|$)/u;

/** A name said in a sentence; `forName` when the sentence says the parcel is for that person. */
/**
 * A word every sentence that names a person holds (see the patterns below): without one, no name is
 * said and the patterns are not run ("Priya Shah / 88 Lansdowne Ave / Toronto ON M6K 2V9"). ("on" only
 * in lower case: "ON" is Ontario.)
 */
const NAME_SAID_GATE = compile(
  'iu',
  String.raw`(?<![\p{L}])(?:`,
  NAME_SAID_GATE_WORDS,
  String.raw`)(?![\p{L}])|收[件货貨]人|我是|我叫|本人`,
);

const CAPITALISED_WORD = /(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+/gu;

/** How many capitalised words ("Sarah", "Main") the text holds, counting no further than `enough`. */
function capitalisedWords(text: string, enough: number): number {
  let n = 0;
  CAPITALISED_WORD.lastIndex = 0;
  while (n < enough && CAPITALISED_WORD.exec(text)) n++;
  CAPITALISED_WORD.lastIndex = 0;
  return n;
}

export function chatName(said: string): { name: string; forName: boolean } | undefined {
  if (!NAME_SAID_GATE.test(said) && !/(?<![\p{L}])on(?![\p{L}])/u.test(said)) return undefined;
  // "Margaret (Peggy) Doucette": the nickname in brackets is no part of the name.
  const text = said.replace(BRACKETED_NICKNAME, '');
  // In a message written with capitals a name has them: "I'm usually out back" names no one.
  // (Counted only when a name is found, and only up to three.)
  let casedText: boolean | undefined;
  const isCased = () => (casedText ??= capitalisedWords(text, 3) >= 3);
  // Lazily, in this order: the first name said outright wins, a full one over a lone first name
  // ("for my bf tho … his name is tyler brooks").
  function* found() {
    // (Each tried only on a text with the words it needs: most have none, and each is tried at every word.)
    if (/pour l|sur l|for the |on the /.test(text))
      for (const m of allMatches(text, NAME_THEN_FOR)) yield { m, forName: true };
    // (A bare "under …" or "put …" gives way to a name said with whose it is: "(under marcus
    // fairweather) … put it under my mom's name — linda fairweather".)
    const weak: RegExpExecArray[] = [];
    for (const m of allMatches(text, FOR_NAMES)) {
      if (/(?:^|[\s,.!?;:(])(?:under|put)\s+$/iu.test(m[0].slice(0, m[0].length - m[1].length)))
        weak.push(m as RegExpExecArray);
      else yield { m, forName: true };
    }
    for (const m of weak) yield { m, forName: true };
    for (const m of allMatches(text, CHAT_NAMES)) yield { m, forName: false };
    if (/here|Here|ici/.test(text)) for (const m of allMatches(text, HERE_NAMES)) yield { m, forName: false };
  }
  // (A name said outright may be in lower case anywhere: "name is tyler beauchesne-wolfe".)
  // (Or "just put jordan mcallister" with nothing after it on its line.)
  const outrightLead = (m: RegExpExecArray | RegExpMatchArray) => {
    const lead = m[0].slice(0, m[0].length - m[1].length);
    return (
      /\b(?:name (?:is|will be|should be)|name['’]s|nom (?:c['’]est|est|sera)|appelle)\s*$/iu.test(lead) ||
      (/\bput\s*$/iu.test(lead) && /^[ \t]*(?:\n|$)/u.test(text.slice((m.index ?? 0) + m[0].length)))
    );
  };
  let lone: { name: string; forName: boolean } | undefined;
  for (const { m, forName } of found()) {
    const words: string[] = [];
    for (const w of m[1].split(/\s+/)) {
      // "Hey Sarah here": the greeting before the name goes.
      if (!words.length && /^(?:hey|hi|hello|hiya|bonjour|salut|allo|allô|coucou|yo|ok|okay)$/iu.test(w)) continue;
      // ("this is Bev Langille I ordered": the pronoun ends the name.)
      if (NOT_NAME.test(w) || /\d/.test(w) || w === 'I') break;
      // ("on behalf of Mr. Kerr regarding order …": in a message written with capitals, a word without one ends the name.)
      // (A surname's particles stay: "Jean-François de la Durantaye".)
      if (
        words.length &&
        isCased() &&
        !outrightLead(m) &&
        !STARTS_UPPER.test(w) &&
        !NAME_PARTICLES.has(w) &&
        w !== 'st'
      )
        break;
      // ("Put Wayne Skinner's name on it": the possessive ends the name.)
      if (words.length && /['’]s$/u.test(w)) {
        words.push(w.slice(0, -2));
        break;
      }
      words.push(w);
    }
    const outright = outrightLead(m);
    if (!words.length || (isCased() && !outright && !STARTS_UPPER.test(words[0]))) continue;
    // ("en fait c'est Gatineau maintenant": a town said, no one's name.)
    if (!forName && !outright && lookupCity(words.join(' '))) continue;
    if (words.length > 1 || !forName) return lone && !forName ? lone : { name: words.join(' '), forName };
    lone ??= { name: words[0], forName };
  }
  if (lone) return lone;
  const sent = sentToName(text);
  if (sent) return { name: sent, forName: true };
  const zh = ZH_NAME.exec(text);
  return zh ? { name: zh[1], forName: false } : undefined;
}

/**
 * "oui c'est bon, envoie à : Marc-André Gagnon": what follows a sentence's "send it to:" starts the
 * block on a line of its own (only on a short line with one colon: the test stays linear).
 */
export function askedBlock(text: string): string {
  if (!text.includes(':')) return text;
  return text
    .split('\n')
    .map((line) => {
      const colon = line.indexOf(':');
      if (line.length > 200 || colon < 0 || line.indexOf(':', colon + 1) >= 0) return line;
      const after = line.slice(colon + 1).trim();
      const before = line.slice(0, colon);
      return after &&
        /(?<![\p{L}])(?:send|ship|mail|post|envoie|envoyez|envoyer|envoye|livre|livrer|livrez|expédie|expédiez|poste|postez)(?![\p{L}])[^.!?\n]{0,25}(?<![\p{L}])(?:to|à|au|chez)[ \t]*$/iu.test(
          before,
        )
        ? `${before}:\n${after}`
        : line;
    })
    .join('\n');
}

/**
 * A spreadsheet row of quoted cells without its header ("Nakamura, Kenji","Unit 7, 2250 Oak Bay Ave",…):
 * one cell a line, the name of a "Last, First" cell turned round.
 */
export function quotedRows(text: string): string {
  if (!text.includes('","')) return text;
  return text
    .split('\n')
    .map((line) => {
      const t = line.trim();
      if (t.length > 1000 || !/^"[^"\n]*"(?:[ \t]*,[ \t]*"[^"\n]*"){3,}$/u.test(t)) return line;
      const cells = t.slice(1, -1).split(/"[ \t]*,[ \t]*"/u);
      return cells.map((c, k) => (k === 0 ? turnReversedName(c) : c)).join('\n');
    })
    .join('\n');
}

/** A question for the name in a chat: "And your name for the label?", "what name, yours or dad's", "Et le nom complet?". */
const ASKS_NAME =
  /(?:(?:名字|姓名|收件人)[^\n?？]{0,12}[?？]|\b(?:name|nom)\b[^\n?]{0,40}\?|\bwhat name\b|\bwhich name\b|\bquel nom\b|\bfull name\b[^\n]{0,20}\?|\bnom complet\b[^\n]{0,20}\?)/iu;
/** ASKS_NAME, tried only on a line with a question mark, "name" or "nom" (each of its ways has one; most lines have none). */
const asksName = (t: string) => /[?？]|name|nom/iu.test(t) && ASKS_NAME.test(t);
/** A person's name said alone as a part of a chat line: "Min-jun Park", "Nadia El Amrani", "Hubert Vandermeer". */
const NAME_PART =
  /^\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)?(?:[ \t]+(?:(?:de|du|des|la|le|van|von|der|da|di|el|al)[ \t]+)*\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)?){1,3}$/u;

/** The name a chat's other party gives in answer to a question for it (the line after the question). */
export function answeredName(lines: Line[]): { name: string; forName: boolean } | undefined {
  // (Messenger's speaker lines, a name alone over each message, are no answer: "Sophie Tremblay" twice.)
  let seen: Map<string, number> | undefined;
  const header = (t: string) => {
    seen ??= lines.reduce((m, l) => m.set(l.text.trim(), (m.get(l.text.trim()) ?? 0) + 1), new Map<string, number>());
    return (seen.get(t.trim()) ?? 0) >= 2 || /^(?:you|vous|moi|me|you sent)$/iu.test(t.trim());
  };
  for (let i = 0; i < lines.length - 1; i++) {
    if (lines[i].text.length > 160 || !asksName(lines[i].text)) continue;
    const asker = lines[i].speaker;
    let j = i + 1;
    while (
      j < lines.length &&
      (!lines[j].text.trim() || (asker && lines[j].speaker === asker) || header(lines[j].text))
    )
      j++;
    const answer = lines[j]?.text;
    if (!answer || answer.length > 160 || isOwn(lines[j].speaker)) continue;
    for (const part of answer.split(/[.,!;:()（）。，！]+/u)) {
      const t = part.replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, '').trim();
      // (In lower case too, as a chat writes it: "jessica wolfe-redsky".)
      const cased = /^[\p{Ll}'’-]+(?:[ \t]+[\p{Ll}'’-]+){1,2}$/u.test(t)
        ? t.replace(/(^|[\s-])(\p{Ll})/gu, (_m, b: string, c: string) => b + c.toUpperCase())
        : t;
      // (Or the Latin name at the end of a Chinese sentence: "写我英文名吧 Rain Zhao".)
      const tail = /[\u3400-\u9fff][ \t]*(\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,2})$/u.exec(cased)?.[1];
      for (const name of [cased, tail])
        if (
          name &&
          NAME_PART.test(name) &&
          !name.split(/\s+/).some((w) => NAME_STOPWORDS.has(w.toLowerCase()) || lookupCity(w))
        )
          return { name, forName: true };
    }
  }
  return undefined;
}

/** A phone's own label before it ("T:", "C:", "cell", "Fax:"), so it does not stay behind as a name. */
/** A nickname in brackets inside a name: "Dr. Katarzyna (Kasia) Nowak-Haldane", "Margaret (Peggy) Doucette". */
export const BRACKETED_NICKNAME =
  /[ \t](?:\(\p{Lu}[\p{Ll}'’-]{1,20}\)|["“]\p{Lu}[\p{Ll}'’-]{1,20}["”])(?=[ \t]+\p{Lu}\p{Ll})/gu;
/** A short note in brackets ending a line: "604-555-0134（送貨請打這個）". */
