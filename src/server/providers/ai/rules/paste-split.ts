/**
 * Stage 1 of the paste reading: the text into lines and blocks. Threads cut at the quoted reply,
 * form fields joined to their labels, Chinese labels split, chat speakers and time stamps taken off,
 * lines a later one supersedes dropped.
 */
import { lookupCity } from './cities';
import { escapeRegExp, isChineseNameStart, LABEL_FIELDS, NAME_STOPWORDS } from './lexicon';
import { PHONE_RE } from './address-text';
import { mayContain } from './literal';
import { wordThen } from './matches';
import { CORRECTION, hasStreet, type LineKinds, SECTION, type SectionKind } from './paste-lines';
import { type Line } from './types';
import { compile } from './vocabulary/compile';
import { CHANGE_WORDS, DATE_STAMP_WORDS, DATE_STAMP_WORDS_2 } from './vocabulary/paste-words';

export function splitLines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const raw of text.split('\n')) {
    out.push({ text: raw.trim(), start, indent: /^[ \t]*/.exec(raw)![0].replace(/\t/g, '    ').length });
    start += raw.length + 1;
  }
  return out;
}

const EMOJI_END = /(?:\p{Extended_Pictographic}|\u200d|\ufe0f|[\u{1F3FB}-\u{1F3FF}])[ \t]*$/u;
const EMOJI_CHAR = /\p{Extended_Pictographic}|\u200d|\ufe0f|[\u{1F3FB}-\u{1F3FF}]|[ \t]/u;
/** A line with a digit without the emoji (and blanks) that end it; walked from the end, so linear. */
export function dropEndEmoji(line: string): string {
  // (Most lines end in no emoji: looked at from their last characters only.)
  if (!EMOJI_END.test(line.slice(-12)) || !/\d/.test(line)) return line;
  const chars = [...line];
  let end = chars.length;
  while (end > 0 && EMOJI_CHAR.test(chars[end - 1])) end--;
  return end === chars.length || !chars.slice(end).some((c) => !/[ \t]/.test(c)) ? line : chars.slice(0, end).join('');
}
export const LISTING_TITLE =
  /^[ \t]*(?:kijiji|(?:facebook[ \t]+)?marketplace|craigslist|lespac|varagesale|poshmark|mercari)[ \t]*[·•|:–—][^\n]*$/gimu;
export const UK_POSTCODE = /(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}(?![\p{L}\p{N}])/u;
export const SENDER_LINE =
  /^(?:sender|from|shipper|return address|return to|expéditeur|expediteur|exp\.|寄件人|发件人|發件人)[ \t]*[:：]/iu;
export const POSTAL_LINE = /(?<![\p{L}\p{N}])[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d(?![\p{L}\p{N}])|\b\d{5}(?:-\d{4})?\s*$/u;

/** A form line: a short label and a colon ("电话：…", "Phone: …"). */
export const LABELLED = /^[^:：\d]{1,24}[:：]/u;

/** The fields of an e-mail's header around its "To:" line. */
export const MAIL_HEADER_FIELD = /^(?:sent|date|subject|cc|bcc|envoyé|objet|re[çc]u|发送时间|主题|主題)[ \t]*[:：]/iu;

export function sectionKind(m: RegExpExecArray): SectionKind | undefined {
  const g = m.groups ?? {};
  if (g.ship) return 'ship';
  if (g.to) return 'to';
  if (g.from) return 'from';
  if (g.other) return 'other';
  if (g.neutral) return 'neutral';
  return undefined;
}

const FIRST_LABEL =
  /^(?:first name(?:\(s\))?|first|given name(?:\(s\)|s)?|prénom(?:\(s\))?|prenom|名字?)\s*[:：]\s*(.+)$/iu;
const LAST_LABEL = /^(?:last name|surname|family name|nom de famille|nom|姓氏?)\s*[:：]\s*(.+)$/iu;
const CIVIC_LABEL =
  /^(?:no\.? civique|numéro civique|civic(?: number)?|street number|street no\.?|house number|no\.? de rue|門牌號|门牌号)\s*[:：]\s*(\d{1,6}[A-Za-z]?)$/iu;
const STREET_NAME_LABEL = /^(?:nom de (?:la )?rue|street name|rue|街道名?)\s*[:：]\s*(.+)$/iu;
const APT_LABEL =
  /^(no d['’]app\.?(?:\s*\/\s*bureau)?|numéro d['’]appartement|app\.?|appartement|bureau|apt\.?|apartment|unit|unité|suite)(?:\s*(?:number|no\.?|#))?\s*[:：]\s*([A-Za-z]?\d{1,5}[A-Za-z]?)$/iu;
/** The unit's word as the label names it: "Unit: 2" is "Unit 2", "App. : 4" is "App. 4". */
function aptLabelText(label: string): string {
  const key = label.toLowerCase();
  if (/^(?:no|numéro|app)/.test(key)) return 'App.';
  if (key.startsWith('bureau')) return 'Bureau';
  if (key.startsWith('unit')) return 'Unit';
  if (key.startsWith('suite')) return 'Suite';
  return 'Apt';
}
const ENGLISH_NAME = /^(?:英文名字?|英文姓名|english name|nom anglais)\s*[:：]\s*/iu;
const CHINESE_NAME = /^(?:中文名字?|中文姓名|chinese name|nom chinois)\s*[:：]/iu;
/** The longest line read as a form's label ("Adresse de livraison (numéro, rue, app.) *"). */
const LABEL_LINE_MAX = 100;
const OPTIONAL =
  /(?<!\s)(?:\s*(?:\((?:optional|facultatif|optionnel|可选|選填)\)|\*|\((?=[^)]*\b(?:number|numéro|street|rue|e\.g|ex\.)\b)[^)\n]{1,40}\))){1,3}\s*$/iu;
/** "Address line 1 / Adresse ligne 1:", "Name / Nom:": a label given in two languages — its first. */
const TWO_LANGUAGE_LABEL = /^([^:：/\n]{2,30}?)[ \t]+\/[ \t]+[^:：/\n]{2,30}?[ \t]*(?=[:：])/u;

/**
 * A form copied as text: a label alone on its line with the value under it ("Full name\nOlivia
 * Thompson"), first and last name, civic number and street name, apartment in fields of their own.
 * They become the labelled lines the parser reads ("Name: Olivia Thompson", "Address: 1435 rue …").
 */
export function joinFormFields(lines: Line[]): Line[] {
  const out = lines.map((l) => {
    const two = TWO_LANGUAGE_LABEL.exec(l.text);
    return two && LABEL_FIELDS.has(two[1].trim().toLowerCase())
      ? { ...l, text: two[1].trim() + l.text.slice(two[0].length) }
      : { ...l };
  });
  // "Adresse (ligne 1)*" is "adresse ligne 1"; "Courriel (avis de suivi)" is "courriel".
  // (A label is short: a long line is none, and is not searched — "(((…:" over 20,000 characters.)
  const bare = (t: string) =>
    t.length > LABEL_LINE_MAX
      ? t
      : t
          .replace(OPTIONAL, '')
          .replace(/[ \t]*\(((?:ligne|line)[ \t]*\d)\)/iu, ' $1')
          .replace(/(?<![ \t])[ \t]*\([^()\n]{1,30}\)[ \t]*$/u, '');
  const isLabel = (t: string) => {
    if (t.length > LABEL_LINE_MAX) return false;
    const key = bare(t)
      .replace(/(?<!\s)\s*[:：]\s*$/, '')
      .trim()
      .toLowerCase()
      .replace(/\s*\/\s*/g, '/');
    return (
      key.length > 1 &&
      (LABEL_FIELDS.has(key) ||
        /^(?:first name|last name|full name|address line [12]|province\/state|state\/province)$/i.test(key))
    );
  };
  const pairs: number[] = [];
  for (let i = 0; i + 1 < out.length; i++) {
    const t = out[i].text;
    if (!t || /[:：]\s*\S/u.test(t) || !isLabel(t) || SECTION.test(t)) continue;
    const next = out[i + 1].text;
    if (!next || isLabel(next) || /[:：]/u.test(next)) continue;
    pairs.push(i);
    i++;
  }
  // Only a form: three labels or more each over its value.
  if (pairs.length >= 3) {
    for (const i of pairs) {
      out[i].text = `${bare(out[i].text).replace(/(?<!\s)\s*[:：]\s*$/, '')}: ${out[i + 1].text}`;
      out[i + 1].text = '';
    }
    // A label left without its value ("Company (optional)") says nothing.
    for (const l of out)
      if (l.text && !/[:：]\s*\S/u.test(l.text) && isLabel(l.text) && !SECTION.test(l.text)) l.text = '';
  }
  // 中文名 / 英文名 on lines of their own: the English name is the one for the label.
  if (out.some((l) => ENGLISH_NAME.test(l.text))) {
    for (const l of out) {
      if (CHINESE_NAME.test(l.text)) l.text = '';
      else l.text = l.text.replace(ENGLISH_NAME, 'Name: ');
    }
  }
  let first: Line | undefined;
  let last: Line | undefined;
  let civic: Line | undefined;
  let street: Line | undefined;
  // "Nom :" is the whole name on its own, the family name beside "Prénom :".
  const hasFirst = out.some((l) => FIRST_LABEL.test(l.text));
  for (const l of out) {
    const t = l.text.replace(/^full name\s*:/i, 'Name:');
    l.text = t;
    if (FIRST_LABEL.test(t)) first ??= l;
    else if (LAST_LABEL.test(t) && (hasFirst || !/^nom\s*[:：]/iu.test(t))) last ??= l;
    else if (CIVIC_LABEL.test(t)) civic ??= l;
    else if (STREET_NAME_LABEL.test(t)) street ??= l;
    const apt = APT_LABEL.exec(t);
    if (apt) l.text = `${aptLabelText(apt[1])} ${apt[2]}`;
  }
  if (first || last) {
    const given = first && FIRST_LABEL.exec(first.text)![1].trim();
    const family = last && LAST_LABEL.exec(last.text)![1].trim();
    (first ?? last)!.text = `Name: ${[given, family].filter(Boolean).join(' ')}`;
    if (first && last) last.text = '';
  }
  if (civic && street) {
    civic.text = `Address: ${CIVIC_LABEL.exec(civic.text)![1]} ${STREET_NAME_LABEL.exec(street.text)![1].trim()}`;
    street.text = '';
  }
  return out;
}

/** Older messages quoted under a reply: everything from the first "-----Original Message-----" / "On … wrote:". */
/** The newest message points to the one under it for the address. */
const SEE_BELOW = compile(
  'iu',
  String.raw`(?<![\p{L}])(?:(?:in|see|per)[ \t]+(?:her|his|their|the|my|[\p{Lu}][\p{L}'’-]+['’]s)[ \t]+(?:message|email|`,
  String.raw`e-mail|note|reply|details)[ \t]+below|(?:details|address|info)[ \t]+(?:is|are)[ \t]+(?:in[ \t]+(?:her|his|`,
  String.raw`their|the)[ \t]+(?:message|email|note)[ \t]+)?below|voir[ \t]+(?:son|le|leur)[ \t]+(?:message|courriel)[ \t]+`,
  String.raw`(?:ci-dessous|plus bas|en bas)|(?:voir|voici)[ \t]+plus bas|(?:son|leur)[ \t]+(?:adresse|message)[ \t]+`,
  String.raw`(?:est[ \t]+)?(?:ci-dessous|plus bas|en bas))(?![\p{L}])`,
);
/** A correction about the phone. */
export const CORRECTED_PHONE =
  /(?<![\p{L}])(?:phone|number|cell|mobile|tel|tél|téléphone|numéro|cellulaire)(?![\p{L}])|电话|電話|手机|手機|号码|號碼/iu;
/** A new address that keeps the old one's town: "same town", "même ville". */
export const SAME_TOWN = /(?<![\p{L}])(?:same (?:town|city)|même ville|meme ville|同一个城市|同城)(?![\p{L}])/iu;
const THREAD_CUT =
  /^(?:-{2,}\s*(?:original message|message d'origine|forwarded message|message transféré)\s*-{2,}|_{8,}|on .{4,200} wrote:|le .{4,200} a écrit\s?:|>.*)$/imu;

export function cutThread(text: string): { text: string; top?: string } {
  const m = THREAD_CUT.exec(text);
  if (!m || m.index < 20) return { text };
  // The newest message wins when it gives an address; a forward ("ses coordonnées sont en bas") does not.
  const top = text.slice(0, m.index);
  // Without one, the forwarded message is read: its writer and their signature, not the forwarder's
  // (and the newest message's corrections of it: "we're in unit 7, not 17").
  // (Nor one that corrects the address below: "don't use the address in my email below. New one is
  // 88 Central St, Unit 204, same town, postal code C1N 0B4".)
  // (Nor one that points to the message under it: "her details are in her message below", "See Kiran's note below".)
  return /(?<![\p{L}\p{N}])[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d(?![\p{L}\p{N}])|\b\d{5}(?:-\d{4})?\b/u.test(top) &&
    !SAME_TOWN.test(top) &&
    !SEE_BELOW.test(top)
    ? { text: top }
    : { text: text.slice(m.index + m[0].length), top };
}

/**
 * A chat app's stamp line over a message: "Nadia Farah 9:10 AM" (Teams, Slack), "kestrel — Today at
 * 4:12 PM" (Discord), "Dan, 14:22". The lines under it are that person's until the next stamp.
 */
const STAMP_SPEAKER = compile(
  'u',
  String.raw`^([\p{L}][\p{L}'’.-]*(?:[ \t]+[\p{L}][\p{L}'’.-]*){0,3})[ \t]*(?:[-—,·|][ \t]*)?(?:(?:[Tt]oday|[Yy]esterday|`,
  String.raw`[Aa]ujourd'hui|[Hh]ier)(?:[ \t]+(?:at|à))?[ \t]+)?\d{1,2}[ \t]?[:h][ \t]?\d{2}(?:[ \t]*[AaPp]\.?[Mm]\.?)?$`,
);

/** Kijiji's and Marketplace's "Gurpreet S. — Mar 3" (a date, a time or both) over a message. */
const DATE_STAMP = compile(
  'iu',
  String.raw`^(\p{L}[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,3})[ \t]+[-—–·|][ \t]*(?:(?:`,
  DATE_STAMP_WORDS,
  String.raw`)[a-zéû]*\.?[ \t]+\d{1,2}(?:,?[ \t]+\d{4})?|\d{1,2}[ \t]+(?:`,
  DATE_STAMP_WORDS_2,
  String.raw`)[a-zéû]*\.?(?:[ \t]+\d{4})?)(?:[ \t]*,?[ \t]*(?:at|à)?[ \t]*\d{1,2}[:h]\d{2}(?:[ \t]*[ap]\.?m\.?)?)?$`,
);

/** Telegram's "Olena Kovalenko, [2024-10-14 9:31 AM]" over a message. */
const TELEGRAM_STAMP =
  /^(\p{L}[\p{L}'’.-]*(?:[ \t]+\p{L}[\p{L}'’.-]*){0,3})(?:[ \t]+(?:\p{Extended_Pictographic}|\u200d|\ufe0f)+)?,[ \t]*\[[^\]\n]{4,40}\]$/u;

/**
 * A stamp line's speaker. Each stamp has a time or a date (a digit) or ends with one in brackets: a
 * line with neither is not tried (most lines of a paste).
 */
function stampOf(t: string): RegExpExecArray | null {
  const digit = /\d/.test(t);
  return (
    (digit ? STAMP_SPEAKER.exec(t) : null) ??
    (t.endsWith(']') ? TELEGRAM_STAMP.exec(t) : null) ??
    (digit ? DATE_STAMP.exec(t) : null)
  );
}

/** Where a parcel is picked up or sent back from, in a chat line. */
const PICKUP =
  /(?<![\p{L}])(?:pick ?up|pickup is|pick it up|our pickup|my place is|i'?m at|we'?re at|return (?:address|to)|ramassage|cueillette|venir chercher|à récupérer|自取)(?![\p{L}])/iu;
/** A chat line that gives the billing or an old address ("Billing we have as 880 Glenmore Rd N, Kelowna"). */
const BILLING_NOTE =
  /(?<![\p{L}])(?:billing|billed to|bill to|facturation|on file|old address|ancienne adresse|账单|帳單)(?![\p{L}])/iu;

/** The shape of a line `alone` below can match, whatever the first name: a word, then one or two words. */
const ALONE_SHAPE = /^([^ \t]+)[ \t]+([\p{L}'’-]{2,30})(?:[ \t]+([\p{L}'’-]{2,30}))?[ \t]*[.!]?$/iu;
const NOT_ASCII = /[^\x20-\x7e\t]/;
/** After a first name in a line: a surname, a double-barrelled one whole ("Evangeline Batiste-Ward"). */
const SURNAME_AFTER = /[ \t]+(\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)*)(?![\p{L}-])/uy;

/**
 * In a chat, the full name the writer of the address gives in their own lines: the line that is their
 * first name and a surname ("kayden whitebird" from "Kayden 🏒", "Diallo. Ousmane Diallo" from "Ousmane",
 * "Léa-Rose Fortin si t'as besoin du nom complet" from "Léa-Rose 🌸").
 */
export function speakerFullName(kindOf: LineKinds, from: Line[], all: Line[]): string | undefined {
  if (!all.some((l) => l.speaker)) return undefined;
  const writer = from.find(
    (l) => l.speaker && (POSTAL_LINE.test(l.text) || hasStreet(l.text)) && kindOf(l.text) === 'keep',
  )?.speaker;
  const first = writer && /^\p{L}[\p{L}'’-]+/u.exec(writer)?.[0];
  if (!first || isOwn(writer)) return undefined;
  const escaped = escapeRegExp(first);
  // (Each regexp built only for a line that holds the name: building one costs more than most readings.)
  let alone: RegExp | undefined;
  for (const l of all) {
    if (l.speaker !== writer || !l.text || l.text.length > 120) continue;
    if (!mayContain(l.text, first, true)) continue;
    const t = l.text.trim();
    const shape = ALONE_SHAPE.exec(t);
    // (Its first word is the name: in plain ASCII, the same in lower case; else as the regexp says.)
    const whole = !shape
      ? null
      : !NOT_ASCII.test(shape[1]) && !NOT_ASCII.test(first)
        ? shape[1].toLowerCase() === first.toLowerCase()
          ? [shape[0], shape[2], shape[3]]
          : null
        : (alone ??= new RegExp(
            `^${escaped}[ \\t]+([\\p{L}'’-]{2,30})(?:[ \\t]+([\\p{L}'’-]{2,30}))?[ \\t]*[.!]?$`,
            'iu',
          )).exec(t);
    const words = whole ? [whole[1], whole[2]].filter((w): w is string => Boolean(w)) : undefined;
    if (words && words.every((w) => !NAME_STOPWORDS.has(w.toLowerCase()) && !lookupCity(w)))
      return [first, ...words]
        .map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w))
        .join(' ');
    const m = wordThen(l.text, first, SURNAME_AFTER).next().value;
    if (m && !NAME_STOPWORDS.has(m[1].toLowerCase()) && !lookupCity(m[1])) return `${first} ${m[1]}`;
  }
  return undefined;
}

/** The one pasting the chat ("You", "Vous", "我"). */
/** Messenger's line over the user's own messages. */
const OWN_LINE = /^(?:you sent|vous avez envoyé|you|vous|moi)$/iu;
export const isOwn = (who?: string) => Boolean(who && /^(?:you|vous|toi|me|moi|我)$/iu.test(who));

/**
 * Chat exports: "Buyer: …", "Danielle: …" on several lines, WhatsApp's "[date] Name: …", stamp
 * lines — the speaker is not part of the text, but is kept with each line (who gave the address).
 */
/** A chat's speaker before their message: "Danielle: …", "u/leafsfan_1967:", "Tía Lupe 🌺:". */
const SPEAKER_LABEL =
  /^([\p{L}@](?:[\p{L}\p{N} ._'/@-]|\p{Extended_Pictographic}|\u200d|\ufe0f){0,24}?)\s*[:：](?:\s+|(?=[^\d\s/]))\S/u;

export function stripSpeakers(kindOf: LineKinds, input: Line[]): Line[] {
  let current: string | undefined;
  // Messenger copied as text: "You sent" or a name alone on a line over each message ("Mike" twice or more).
  const own = input.some((l) => OWN_LINE.test(l.text.trim()));
  // (Without the user's own line, a full name alone three times or more is Messenger's header too.)
  const nameAlone = own
    ? /^\p{Lu}[\p{L}'’.-]{1,20}(?:[ \t]\p{Lu}[\p{L}'’.-]{1,20}){0,2}$/u
    : /^\p{Lu}[\p{L}'’.-]{1,20}(?:[ \t]\p{Lu}[\p{L}'’.-]{1,20}){1,2}$/u;
  const alone = new Map<string, number>();
  for (const l of input) {
    const t = l.text.trim();
    if (nameAlone.test(t)) alone.set(t, (alone.get(t) ?? 0) + 1);
  }
  // A name once, over a street, inside the messages: the person the address is for ("Olivier Nadeau"
  // sent by "Alexis Fortin" for a friend).
  const named = input.some(
    (l, k) =>
      nameAlone.test(l.text.trim()) &&
      alone.get(l.text.trim()) === 1 &&
      hasStreet(input[k + 1]?.text ?? '') &&
      kindOf(input[k + 1].text) === 'keep',
  );
  // (Object.assign rather than `{ ...l, speaker }`: V8 builds a spread that adds a key the line lacks
  // fifty times slower, a microsecond a line.)
  const lines = input.map((l): Line => {
    const t = l.text.trim();
    if (!own && (alone.get(t) ?? 0) >= 3) {
      current = t;
      return Object.assign({}, l, { text: '', speaker: current });
    }
    if (own && (OWN_LINE.test(t) || (alone.get(t) ?? 0) >= 2)) {
      // (The line stays, the speaker's name for want of another: only the e-mails of the user's own
      // messages are set aside.)
      current = OWN_LINE.test(t) ? 'You' : undefined;
      return Object.assign({}, l, named && !OWN_LINE.test(t) ? { text: '' } : {}, { speaker: current });
    }
    // WhatsApp exports: "[2024-05-11, 9:02:14 AM] Bilal Chaudhry: …" — the stamp and the speaker go.
    // (A time alone in the brackets too: "[10:02] Ben Kowalski: …".)
    const stamped = /^\[[^\]\n]{4,40}\]\s*([^:：\n]{1,40})[:：]\s*/u.exec(l.text);
    if (stamped) {
      current = stamped[1].trim();
      return Object.assign({}, l, { text: l.text.slice(stamped[0].length), speaker: current });
    }
    const stamp = l.text.length <= 80 ? stampOf(t) : null;
    if (stamp) {
      // The stamp line itself says nothing of the address.
      current = stamp[1];
      return Object.assign({}, l, { text: '', speaker: current });
    }
    return Object.assign({}, l, { speaker: current });
  });
  const count = new Map<string, number>();
  for (const l of lines) {
    // Handles too: "u/leafsfan_1967:", "@tidepool_prints:".
    // (With an emoji after the name too: "Tía Lupe 🌺:".)
    const m = SPEAKER_LABEL.exec(l.text);
    // (Nor an e-mail header's fields: "Sent:" and "Subject:" of two quoted messages speak no chat.)
    if (m && !LABEL_FIELDS.has(m[1].toLowerCase()) && !SECTION.test(l.text) && !MAIL_HEADER_FIELD.test(l.text))
      count.set(m[1], (count.get(m[1]) ?? 0) + 1);
  }
  // (The user's own "Moi:" or "You:" may speak once, where another speaks twice.)
  const others = [...count].some(([name, n]) => n >= 2 && !isOwn(name));
  const speakers = [...count].filter(([name, n]) => n >= 2 || (others && isOwn(name))).map(([name]) => name);
  let said = lines;
  if (speakers.length) {
    current = undefined;
    said = lines.map((l) => {
      const who = speakers.find((sp) => l.text.startsWith(sp) && /^\s*[:：]/u.test(l.text.slice(sp.length)));
      if (who) current = who;
      return who
        ? { ...l, text: l.text.slice(who.length).replace(/^\s*[:：]\s*/u, ''), speaker: who }
        : { ...l, speaker: l.speaker ?? current };
    });
  }
  // An address given as a pickup or one's own place ("Pickup is at my place, 455 Dundas St …") is
  // where the parcel leaves from, not where it goes — when the chat gives another address.
  const leaving = (l: Line) =>
    (POSTAL_LINE.test(l.text) && PICKUP.test(l.text)) ||
    (BILLING_NOTE.test(l.text) && (POSTAL_LINE.test(l.text) || hasStreet(l.text.replace(PHONE_RE, ' '))));
  const elsewhere = said.some((l) => POSTAL_LINE.test(l.text) && !leaving(l));
  return said.map((l) => (elsewhere && leaving(l) ? { ...l, text: '' } : l));
}

/** Words that take back an address given before: "wait actually send it to my work", "no wait thats my parents place". */
const CHANGE = compile(
  'iu',
  String.raw`(?:^|[\s,.!?;:])(?:`,
  CHANGE_WORDS,
  String.raw`)(?=$|[\s,.!?;:])|其实|其實|改成|改寄|换成|換成|搬家了|搬咗|不是这个|不是這個|旧地址|舊地址|新地址`,
);

/**
 * A chat that gives an address, then takes it back and gives another ("212 cranston dr se …" / "wait
 * actually send it to my work" / "Foothills Vet Supply, 4415 52 Ave SE …"): the earlier one goes.
 * Only where no heading names the blocks (headings choose among them).
 */
export function dropSuperseded(lines: Line[]): void {
  const at: number[] = [];
  for (const [i, l] of lines.entries()) {
    const heading = SECTION.exec(l.text);
    // (A chat's "ship to jess varga 1405 bank st …" holds its address: no heading over blocks.)
    if (heading && ['ship', 'other', 'from'].includes(sectionKind(heading) ?? '') && !hasStreet(l.text)) return;
    // (The earlier one may lack its postal code: "ok so its 68 maple grove rd, thunder bay".)
    // (A phone is no street: "my cell 613 555 0131".)
    if (hasStreet(l.text.replace(PHONE_RE, ' '))) at.push(i);
  }
  for (let k = at.length - 1; k > 0; k--) {
    const [earlier, later] = [at[k - 1], at[k]];
    if (lines[earlier].text === lines[later].text || !POSTAL_LINE.test(lines[later].text)) continue;
    if (!lines.slice(earlier + 1, later + 1).some((l) => CHANGE.test(l.text))) continue;
    // The words before its civic number stay: "priya patel 2190 commercial dr …" still names her.
    const t = lines[earlier].text;
    const civic = t.search(/(?<![\p{L}\p{N}])\d/u);
    let before = civic > 0 ? t.slice(0, civic).trim() : '';
    // (Without the "ship to" that led it in: the later address is the one to ship to.)
    const lead = SECTION.exec(before);
    if (lead && lead.index === 0) before = before.slice(lead[0].length).trim();
    lines[earlier] = { ...lines[earlier], text: before.split(/\s+/).length <= 4 ? before : '' };
  }
}

/** Chinese form labels run together without colons: 王小明电话4165550188地址… → one labelled line each. */
const ZH_LABEL =
  /(?<![:：\n])(收件人姓名|收件人|收货人|收貨人|联系人|聯絡人|姓名|联系电话|聯絡電話|电话号码|手机号码|手机号|电话|電話|手机|手機|收货地址|收貨地址|详细地址|詳細地址|地址|邮政编码|邮编|郵編|郵遞區號|邮箱|電郵|电子邮件)(?![:：])/gu;

export function splitChineseLabels(input: string): string {
  if (!/[\u3400-\u9fff]/u.test(input)) return input;
  // "收件人請寫：…" (please write as the recipient) is the recipient's label.
  const text = input.replace(/收件人(?:請|请)?(?:寫|写)(?:成|上)?[ \t]*[:：]/gu, '收件人：');
  return text
    .split('\n')
    .map((line) =>
      CORRECTION.test(line)
        ? line
        : line.replace(ZH_LABEL, (m, _l, offset: number, all: string) => {
            // Only where a value follows (not a label word inside a sentence: 我的地址是…, 电话不变).
            const next = all[offset + m.length] ?? '';
            if (!/[\s\p{L}\p{N}+(#]/u.test(next) || /[是为為在不写寫都也就和及与與、的]/u.test(next)) return m;
            // What each label takes: a number for a phone (not 电话联系, "call"), a name for a person
            // (not 收件人使用 in a disclaimer, 收货人如下), a postal code's letters and digits.
            const after = all.slice(offset + m.length, offset + m.length + 8).trimStart();
            if (/电话|電話|手机|手機/u.test(m) && !/^[+(\d]/u.test(after)) return m;
            if (/人|姓名/u.test(m) && /^[\u3400-\u9fff]/u.test(after) && !isChineseNameStart(after)) return m;
            if (/邮|郵/u.test(m) && !/^[A-Za-z\d@]/u.test(after)) return m;
            return `\n${m}：`;
          }),
    )
    .join('\n');
}
