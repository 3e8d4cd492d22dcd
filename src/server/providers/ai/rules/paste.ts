/**
 * Reading a whole paste before the address parser sees it. People paste order pages, spreadsheet
 * rows, e-mail signatures and chats, not address labels: this step finds the part that is the
 * address (the shipping block, the ship-to of a signature, the CSV row), drops the lines around it
 * that are never part of an address (order numbers, dates, prices, greetings, job titles, notes),
 * and decides between competing values (several phones, a correction later in a chat). What it
 * could not decide for sure it reports, so the form can ask for a check.
 */
import { NAME_PARTICLES, PHONE_RE, prepare, replaceEmails, ROOM } from './parse-address';
import type { ParseRole } from './types';
import { normalizeProvince, normalizeUsState } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import {
  ABBREVIATIONS,
  COMPANY_PATTERN,
  COMPOUND_SURNAMES,
  escapeRegExp,
  isChineseNameStart,
  LABEL_FIELDS,
  NAME_STOPWORDS,
  STREET_TYPES,
} from './lexicon';
import { splitColumns } from './paste-columns';
import { readCsv } from './paste-csv';
import {
  CORRECTION,
  dropJobTitle,
  GREETING_WORDS,
  hasStreet,
  isIdLine,
  BASEMENT_SAID,
  HOLIDAY,
  isJobTitle,
  lineKinds,
  type LineKinds,
  otherCountryOf,
  SECTION,
  type SectionKind,
} from './paste-lines';
import { compile, anyOf } from './vocabulary/compile';
import {
  ASKS_WORDS,
  CHANGE_WORDS,
  CREDENTIALS_WORDS,
  DATE_STAMP_WORDS,
  DATE_STAMP_WORDS_2,
  NAME_SAID_GATE_WORDS,
  NOT_ATTENTION_WORDS,
  NOT_NAME_WORDS,
  PHONE_LABEL_WORDS,
  PLACE_ASKED_WORDS,
  RELATIONS,
  SEND_TO_NAME_WORDS,
  SEND_TO_NAME_WORDS_2,
  SHOP_EMAIL_WORDS,
  SIGN_OFF_WORDS,
  TARGET_VERB_WORDS,
  ZH_FOR_NAME_WORDS,
} from './vocabulary/paste-words';

export type Phone = { value: string; digits: string; index: number; rank: number; inBlock: boolean };

export type PasteReading = {
  /** What the address parser reads: the chosen block (or the whole text) without its noise lines and phones. */
  text: string;
  block?: { heading?: string; text: string };
  /** The phone chosen among those in the text, and the others (a fax never counts). */
  phone?: { value: string; others: string[] };
  email?: { value: string; others: string[] };
  /** Every e-mail of the text, a desk's and a shop's too ("orders@northerntrails.ca"), for the recipient company's own. */
  allEmails?: string[];
  /** Later corrections in a chat: "sorry, postal code is …", "unit 5 not 4". */
  corrections: {
    postal?: string;
    unit?: string;
    address?: string;
    swaps: [from: string, to: string][];
    /** A number said alone in a correction ("c'est le 3242 en fait"): the civic number or unit it resembles. */
    number?: string;
    /** A phone said again ("不好意思，电话写错了，应该是 514-555-0176", "sorry my cell is 416-…"). */
    phone?: string;
  };
  /** Another address block (billing, head office) the text also held: its lines, for the review. */
  otherBlocks: string[];
  /** The rest of the text when a block was chosen by its heading: where a name or company missing from the block is looked for. */
  context?: string;
  /** The person who signed an e-mail and the company under the name: the recipient when the block names none. */
  signature: { name?: string; company?: string };
  /** A name given in a sentence of a chat ("its jess btw", "to my sister anna kowalski"). */
  chatName?: string;
  /**
   * The person a message asks to address the parcel to ("attention Karen in receiving", "À l'attention de
   * Sylvain Gagnon", "address them to Gerard Kielly"): not the writer who signs it.
   */
  attention?: string;
  /** Who placed the order or is sent the parcel in a sentence ("Order placed by Natasha Leclair", "send a monitor to Owen Richards"): a name when nothing else gives one. */
  buyer?: string;
  /** The block was chosen by a heading ("Ship to:", "Please ship to our lab manager:"). */
  headed?: boolean;
  /** The chat name was said as the one the parcel is for ("for my sister …"): it wins over a name line. */
  forName?: boolean;
  /** The name on the first "From:" line of an e-mail: the recipient only when nothing else names one. */
  mailFrom?: string;
  /** A surname said on its own ("mon nom de famille c'est Gallant"). */
  familyName?: string;
  /** Who wrote the address in a chat ("Nadia Farah 9:11 AM" over it): the recipient when nothing else names one. */
  speaker?: string;
  /** The full name the writer of the address gives in their own lines ("kayden whitebird" under "Kayden 🏒"). */
  speakerName?: string;
  /** A country outside Canada and the US the address ends with (ISO code). */
  otherCountry?: string;
};

type Line = {
  text: string;
  start: number;
  indent?: number;
  speaker?: string;
  /** An e-mail header's field ("Sent:", "Subject:"), before its label was cut off. */
  mailHeader?: boolean;
};

/** The reading of `input` for `role` (the sender form prefers a From/Sender block, the others the ship-to). */
export function readPaste(input: string, role: ParseRole): PasteReading {
  // Each distinct line is classified once in this reading (block, context and signature ask again).
  const kindOf = lineKinds();
  // Quoted lines of a reply ("> …", ">> …") are read as written.
  // Blanks of a printed form ("Apt./Unit: ____") hold nothing.
  // A marketplace chat's listing title ("Kijiji · Snowblower carburetor kit") names the item, no one.
  const thread = cutThread(
    prepare(input)
      .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
      .replace(/_{3,}/g, '')
      .replace(LISTING_TITLE, '')
      // An example a group chat gives of its format ("【示例】张三 416-555-0100 100 Queen St W …") is nobody's.
      .replace(
        /^[ \t]*(?:【示例】|【例】|\[示例\]|(?:示例|例如|举例|舉例|e\.g\.|example|exemple)[ \t]*[:：])[^\n]*$/gimu,
        '',
      )
      // Emoji closing an address line ("… fort lauderdale fl 33305 🌴") are no part of it (a chat's
      // "on it 👍" keeps its own: it is no address).
      .split('\n')
      .map(dropEndEmoji)
      .join('\n')
      // "À l'att. de Nadia Benali": the short form of "À l'attention de".
      .replace(/(?<![\p{L}])([àÀaA][ \t]+l['’])att\.?(?=[ \t]+d(?:e|u|['’]))/gu, '$1attention'),
  );
  const text = splitColumns(thread.text);
  const csv = readCsv(text);
  // Signature and footer lines run parts together with bars or dots ("Sarah O'Neil | Office Manager | …").
  const source = csv
    ? csv.text
    : splitChineseLabels(
        slashParts(
          askedBlock(quotedRows(text)).replace(
            /(?<![ \t])[ \t]+[|·•][ \t]+(?!(?:today|yesterday|\d{1,2}[:h]\d{2}))/giu,
            '\n',
          ),
        ),
      );
  const whole = joinFormFields(stripSpeakers(kindOf, splitLines(source)));
  const lines = whole.map((l) => ({
    ...l,
    text: preferLatinName(cutLead(l.text)),
    ...(MAIL_HEADER_FIELD.test(l.text) && { mailHeader: true }),
  }));
  const senderLines = new Set(whole.filter((l) => SENDER_LINE.test(l.text)).map((l) => l.start));
  const signature = readSignature(kindOf, lines);
  dropSuperseded(lines);

  const block = chooseBlock(kindOf, lines, role, shipTargets(lines));
  const kept: string[] = [];
  const corrections: PasteReading['corrections'] = { swaps: [] };
  // The newest message over a forwarded address may correct it.
  for (const line of (thread.top ?? '').split('\n'))
    if (line.length <= 300 && kindOf(line) === 'correction') readCorrection(line, corrections);
  const blockLines = block ? block.lines : lines;
  let otherCountry: string | undefined;
  let keptText = false; // a line with words is kept already
  for (const [at, line] of blockLines.entries()) {
    let t = line.text;
    // A correction later in the same line: "… m5c1s1 sorry postal code is m5c 1s2".
    const fix = CORRECTION.exec(t);
    if (fix && fix.index > 0 && kindOf(t.slice(fix.index)) === 'correction') {
      readCorrection(t.slice(fix.index), corrections);
      t = t.slice(0, fix.index);
    }
    // "a/s Steve Lafleur, surintendant", "Attn: Dana Kim – Receiving Lead": the person without the title.
    // (On a short line only: the blanks around the parts make a long line's search quadratic.)
    if (t.length <= NAME_LINE_MAX)
      t = t.replace(
        /^((?:attn|attention|a\/s|c\/o|à l['’]attention de)[ \t]*[:.]?[ \t]+[^,\d\n]{2,40}?)[ \t]*(?:,|[ \t][–—-])[ \t]*([^,\d\n]{2,40})$/iu,
        (m, person: string, title: string) => (isJobTitle(title) ? person : m),
      );
    // "Greg & Linda Hofmann — put Greg on the label", "Donna & Ray Kuzyk (just put Donna)": one person
    // on the label, the one the note names, else the first.
    // (Only with such a note: "Salt & Fern Mercantile" is a shop.)
    const couple = t.length <= NAME_LINE_MAX ? COUPLE.exec(t) : null;
    // (Or the message speaks of one of them: "Tomás's cell is … Put it under his name".)
    const put =
      couple &&
      (/\b(?:put|mettre|write|écrire)\b[^\n]*?(\p{Lu}[\p{Ll}'’-]+)/u.exec(couple[5])?.[1] ??
        [couple[2], couple[3]].find((p) =>
          new RegExp(`(?<![\\p{L}])${escapeRegExp(p)}['’]s(?![\\p{L}])`, 'u').test(text),
        ));
    if (couple && put) t = `${couple[1]}${put === couple[3] ? couple[3] : couple[2]} ${couple[4]}`;
    // "Chalet : 112, route du Fleuve Ouest, Sainte-Luce (Québec) G0K 1P0": the place's name before a
    // whole address is no company (a form's own label, "Adresse :", stays for the parser).
    const placeLabel = t.length <= 300 ? /^([^:：\d@]{2,30}?)[ \t]*[:：][ \t]*(?=\d)/u.exec(t) : null;
    if (
      placeLabel &&
      !LABEL_FIELDS.has(placeLabel[1].trim().toLowerCase().replace(/\s+/g, ' ')) &&
      POSTAL_LINE.test(t) &&
      hasStreet(t.slice(placeLabel[0].length))
    )
      t = t.slice(placeLabel[0].length);
    const kind = kindOf(t);
    if (kind === 'noise' || ZH_CLOSING_LINE.test(t)) continue;
    // "From our Calgary shop:", "Here are the details:": words leading to the address, no part of it.
    if (
      t.length <= 80 &&
      /[:：][ \t]*$/u.test(t) &&
      !/\d/.test(t) &&
      t.split(/\s+/).length >= 3 &&
      !LABEL_FIELDS.has(
        t
          .replace(/[ \t]*[:：][ \t]*$/u, '')
          .toLowerCase()
          .replace(/\s+/g, ' '),
      )
    )
      continue;
    // "To: Tanya Moreau" between "Sent:" and "Subject:": the quoted e-mail's header, not the parcel's.
    if (
      /^(?:to|à|cc|de|from)[ \t]*:/iu.test(t) &&
      [blockLines[at - 1], blockLines[at + 1]].some((l) => l && MAIL_HEADER_FIELD.test(l.text))
    )
      continue;
    // "Sender: J. HART, 77 ELM ST, SUDBURY ON P3C 1T3" on one line of a form that gives the recipient's
    // address too: the sender's, not a part of it.
    if (
      role !== 'sender' &&
      senderLines.has(line.start) &&
      POSTAL_LINE.test(t) &&
      blockLines.some((o) => o !== line && POSTAL_LINE.test(o.text))
    )
      continue;
    if (kind === 'correction') {
      readCorrection(t, corrections);
      continue;
    }
    // "Attn: Receiving – Trevor Lindqvist": the person after the department.
    t = t.replace(
      compile(
        'iu',
        String.raw`^((?:attn|attention|à l['’]attention de|a\/s)(?:[ \t]*[:.])?[ \t]*)(?:the[ \t]+)?(?:receiving|shipping`,
        String.raw`(?:[ \t]*(?:&|and)[ \t]*receiving)?|warehouse|dock|r[ée]ception)[ \t]*[–—-][ \t]*(?=\p{Lu})`,
      ),
      '$1',
    );
    if (DEPARTMENT_ATTN.test(t)) continue;
    // A note in brackets in Chinese ("(我老闆,佢會轉交俾我)", "(公司)") is no part of an address.
    t = t.replace(/\([^()\n]{0,40}[\u3400-\u9fff][^()\n]{0,40}\)/gu, ' ');
    // "Gatineau (secteur Aylmer)": the borough in brackets is no part of the city's name.
    // (Only from the first blank of a run: "[ \t]*\(" tried at every blank of a long run is quadratic.)
    t = t.replace(
      /(?<![ \t])[ \t]*\((?:secteur|sector|arrondissement|borough|quartier|district)[ \t][^()\n]{1,40}\)/giu,
      '',
    );
    // "PO Box: 583", "RR: 2" on a form: the box itself.
    t = t.replace(/^(p\.?[ \t]?o\.?[ \t]?box|case postale|c\.p\.|rr|rural route)[ \t]*[:：][ \t]*(?=\d)/iu, '$1 ');
    // A form's empty field ("Street No.:" over "Street name:") holds nothing.
    const next = blockLines[at + 1]?.text ?? '';
    if (/^[^:：\d]{1,30}[:：]\s*$/u.test(t) && (!next.trim() || /^[^:：\d]{1,30}[:：]/u.test(next))) continue;
    t = dropJobTitle(t);
    // "14 rue des Érables à Sainte-Marie, G6E 1A3": "à" between the street and its town, when only
    // the province or postal code follows ("Rue du Moulin à Vent, Laval" keeps its street).
    if (POSTAL_LINE.test(t) && hasStreet(t))
      t = t.replace(
        /(?<=\p{L})[ \t]+(?:à|in)[ \t]+(?=\p{Lu}[\p{L}'’.]*(?:[ \t-]\p{Lu}[\p{L}'’.]*)*[ \t]*,[ \t]*(?:[A-Za-z]\d[A-Za-z]|(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE|YT|NT|NU|Qc|Ont|Qué|Québec)(?![\p{L}])))/u,
        ', ',
      );
    // "Harbour Fresh Foods Inc. – Attn Ahmed El-Sayed, 40 Raddall Ave": the company, then the person's line.
    t = t.replace(/(?<=\S)[ \t]*[,–—-][ \t]+(?=(?:attn|attention|c\/o|a\/s)\b)/giu, '\n');
    // "Attn: Anil Bhatt / Receiving Dock 3": the person, not the dock.
    if (/^(?:attn|attention|à l['’]attention de)\b/iu.test(t)) {
      const cut = t.search(/[/|]/);
      if (cut > 0 && !/\d/.test(t.slice(0, cut))) t = t.slice(0, cut).trimEnd();
    }
    // "im in brandon mb": the town without the writer's words.
    t = t.replace(
      /^(?:[^.!?\n\d]{0,20}[.!,][ \t]+)?(?:i['’]?m|i am|we['’]?re|we are|je suis|on est)[ \t]+(?:in|at|à|au)[ \t]+(?=[\p{L}'’. -]{2,30}$)/iu,
      '',
    );
    // "à qc G1R 2S5", "in Yellowknife X1A 2N9": the town's line without its preposition.
    t = t.replace(
      /^[ \t]*(?:à|au|in|at)[ \t]+(?=[\p{L}'’. -]{2,30}?[ \t,]+[A-Za-z]\d[A-Za-z][ \t]?\d[A-Za-z]\d)/iu,
      '',
    );
    // A nickname in brackets inside a name: "Dr. Katarzyna (Kasia) Nowak-Haldane".
    if (t.length <= NAME_LINE_MAX) t = t.replace(BRACKETED_NICKNAME, '');
    // Pronouns after a name: "Amara Osei-Bonsu (she/her)".
    t = t.replace(PRONOUNS, '');
    // "Dre Mireille Cyr, DMV": the credentials after a name are not a company (but ", MD" or ", CA"
    // after a city is a state, not a doctor).
    const credentials = /\d/.test(t) || t.length > NAME_LINE_MAX ? null : CREDENTIALS.exec(t);
    if (credentials) {
      const first = credentials[0].replace(/^,\s*/, '').split(',')[0].replace(/\.$/, '');
      if (!normalizeProvince(first) && !normalizeUsState(first)) t = t.slice(0, credentials.index);
    }
    otherCountry ??= otherCountryOf(t);
    // "SMITH, JOHN" on the first line of a form, in a spreadsheet's cell or over a street: the name turned around.
    if (!keptText || csv || hasStreet(blockLines[at + 1]?.text ?? '')) t = turnReversedName(t);
    if (t.trim()) keptText = true;
    // "Yo c'est Max", "hey it's Jess": the writer says who they are (read by chatName), no name line.
    const plain = stripGreeting(t);
    // (A town said so stays, without its words: "c'est Laval".)
    const said = SELF_INTRO.test(plain) ? plain.slice(plain.search(/\s/)).trim() : undefined;
    kept.push(said === undefined ? plain : lookupCity(said) ? said : '');
  }

  if (block) {
    // A correction later in the thread, outside the block ("sorry, I put my OLD address. Please ship to …").
    const inside = new Set(block.lines.map((l) => l.start));
    for (const l of lines) {
      if (inside.has(l.start) || block.excluded.has(l.start) || !l.text) continue;
      const fix = CORRECTION.exec(l.text);
      if (fix && kindOf(l.text.slice(fix.index)) === 'correction') readCorrection(l.text.slice(fix.index), corrections);
    }
  }
  // (Read on the sentences whole: "…, attention Karen in receiving. Do NOT send it to …" loses its
  // start where the address is cut out of a chat line.)
  const attention = bodyAttention(whole, block);
  const phones = findPhones(kindOf, lines, block, attention);
  const emails = findEmails(lines, block);
  let body = kept.join('\n');
  // (With the label in brackets after the number: "902-555-0135 (shop) · 902-555-0189 (cell)".)
  // (And a label left alone by its number: "Jasper receiving: 780-555-0108 (ask for Kelsey)".)
  body = body.replace(PHONE_LABEL, '').replace(PHONE_LEAD, '').replace(PHONE_RE, '\n').replace(PHONE_NOTE, '\n');
  body = replaceEmails(body, () => '\n');
  // "… Boulder CO 80302. cell 720 …" without its phone: the sentence's full stop after the code is no part of it.
  body = body.replace(
    /(?<=(?<![\p{L}\p{N}])(?:\d{5}(?:-\d{4})?|[A-Za-z]\d[A-Za-z][ \t]?\d[A-Za-z]\d))[ \t]*[.!][ \t]*$/gmu,
    '',
  );

  // A UK postcode ("M20 3FH") and no Canadian postal code or US ZIP: a British address, even unnamed.
  if (!otherCountry && UK_POSTCODE.test(body) && !POSTAL_LINE.test(body)) otherCountry = 'GB';
  const reading: PasteReading = { text: body, corrections, otherBlocks: block?.others ?? [], signature };
  const spoken =
    // "And your name for the label?" — "oh right lol, Min-jun Park": the answer names the person.
    answeredName(whole) ??
    // (Without a chat's stamps and speakers: "[2:14 PM] Me:" capitalises no message.)
    chatName(
      (block ? block.lines : whole)
        .map((l) => l.text)
        .join('\n')
        .slice(0, 2000),
    ) ??
    chatName(source.slice(0, 2000));
  if (spoken) {
    reading.chatName = spoken.name;
    if (spoken.forName) reading.forName = true;
  }
  // "mon nom de famille c'est Gallant astheure": the surname said on its own.
  const family = FAMILY_NAME.exec(source.slice(0, 20_000));
  if (family) reading.familyName = family[1];
  // The writer named by an e-mail's "From:" line (the first one: the latest message).
  const from = /^(?:from|de)[ \t]*:[ \t]*([^<@\n]{2,60}?)[ \t]*<[^>\n]{1,80}@/imu.exec(text.slice(0, 20_000));
  if (from && /^\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,3}$/u.test(from[1].trim()))
    reading.mailFrom = from[1].trim();
  // In a chat, the person who wrote the address line (a full name, not "Mom" or a handle).
  const writer = (block ? block.lines : lines).find(
    (l) => l.speaker && (POSTAL_LINE.test(l.text) || hasStreet(l.text)) && kindOf(l.text) === 'keep',
  )?.speaker;
  if (writer && !isOwn(writer) && /^\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,3}$/u.test(writer))
    reading.speaker = writer;
  if (attention) reading.attention = attention.name;
  const said = speakerFullName(kindOf, block ? block.lines : lines, lines);
  if (said) reading.speakerName = said;
  const buyer = BUYER.exec(text.slice(0, 20_000));
  if (buyer && !lookupCity(buyer[1]) && !buyer[1].split(/\s+/).some((w) => NAME_STOPWORDS.has(w.toLowerCase())))
    reading.buyer = buyer[1];
  if (block?.heading) reading.headed = true;
  if (block?.heading) {
    // The text around a ship-to block (a signature's name and company) for what the block lacks.
    const inBlock = new Set(block.lines.map((l) => l.start));
    reading.context = lines
      .filter((l) => !inBlock.has(l.start) && !block.excluded.has(l.start) && l.text && kindOf(l.text) === 'keep')
      .map((l) =>
        dropJobTitle(stripGreeting(l.text.length <= NAME_LINE_MAX ? l.text.replace(CREDENTIALS, '') : l.text)),
      )
      .join('\n')
      .replace(PHONE_LABEL, '')
      .replace(PHONE_RE, '\n');
  }
  if (otherCountry) reading.otherCountry = otherCountry;
  if (csv?.row !== undefined) reading.block = { text: csv.row };
  else if (block && (block.heading || block.others.length) && setAside(lines, block)) {
    reading.block = {
      ...(block.heading && { heading: block.heading }),
      text: block.lines
        .map((l) => l.text)
        .join('\n')
        .trim(),
    };
  }
  // "have the driver call the lab line", "the cottage phone is the one to use": the number the message names.
  const named = namedPhone(text.slice(0, 20_000), phones);
  if (named) for (const p of phones) if (p.digits === named) Object.assign(p, { inBlock: true, rank: 0 });
  const phone = choosePhone(phones);
  if (phone) reading.phone = phone;
  if (emails.length) reading.email = { value: emails[0], others: emails.slice(1) };
  const every: string[] = [];
  replaceEmails(text.slice(0, 20_000), (m) => (every.push(m.replace(/\.$/, '')), ''));
  if (every.length) reading.allEmails = [...new Set(every)].slice(0, 20);
  return reading;
}

/** "jade nguyen / 1025 5 ave sw suite 1402 / calgary ab t2p 1n4": an address on one line, its parts apart by slashes. */
function slashParts(text: string): string {
  if (!text.includes(' / ')) return text;
  return text
    .split('\n')
    .map((line) =>
      (line.match(/ \/ /g)?.length ?? 0) >= 2 && POSTAL_LINE.test(line)
        ? line.replace(/(?<![ \t])[ \t]+\/[ \t]+/g, '\n')
        : line,
    )
    .join('\n');
}

/** Whether the block left out any line with words: only then is it worth showing which part was read. */
function setAside(lines: Line[], block: Block): boolean {
  const inside = new Set(block.lines.map((l) => l.start));
  return lines.some((l) => !inside.has(l.start) && /[\p{L}\p{N}]/u.test(l.text));
}

function splitLines(text: string): Line[] {
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
function dropEndEmoji(line: string): string {
  // (Most lines end in no emoji: looked at from their last characters only.)
  if (!EMOJI_END.test(line.slice(-12)) || !/\d/.test(line)) return line;
  const chars = [...line];
  let end = chars.length;
  while (end > 0 && EMOJI_CHAR.test(chars[end - 1])) end--;
  return end === chars.length || !chars.slice(end).some((c) => !/[ \t]/.test(c)) ? line : chars.slice(0, end).join('');
}
const LISTING_TITLE =
  /^[ \t]*(?:kijiji|(?:facebook[ \t]+)?marketplace|craigslist|lespac|varagesale|poshmark|mercari)[ \t]*[·•|:–—][^\n]*$/gimu;
const UK_POSTCODE = /(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}(?![\p{L}\p{N}])/u;
const SENDER_LINE =
  /^(?:sender|from|shipper|return address|return to|expéditeur|expediteur|exp\.|寄件人|发件人|發件人)[ \t]*[:：]/iu;
const POSTAL_LINE = /(?<![\p{L}\p{N}])[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d(?![\p{L}\p{N}])|\b\d{5}(?:-\d{4})?\s*$/u;

/** A form line: a short label and a colon ("电话：…", "Phone: …"). */
const LABELLED = /^[^:：\d]{1,24}[:：]/u;

/** `placed`: chosen by the place the message names (placeBlock); its phone wins as a heading's block's does. */
type Block = { heading?: string; lines: Line[]; others: string[]; excluded: Set<number>; placed?: boolean };

/** The fields of an e-mail's header around its "To:" line. */
const MAIL_HEADER_FIELD = /^(?:sent|date|subject|cc|bcc|envoyé|objet|re[çc]u|发送时间|主题|主題)[ \t]*[:：]/iu;

/**
 * The lines that hold the address: after a ship-to heading ("Shipping address", "Ship to:",
 * "Adresse de livraison", "收货地址", "Warehouse:") up to the next heading; without one, the text
 * without its billing/head-office blocks. For the sender form, a From/Sender block wins.
 */
function chooseBlock(kindOf: LineKinds, lines: Line[], role: ParseRole, targets: Targets): Block | undefined {
  const sections: { kind: SectionKind; heading: string; from: number; to: number }[] = [];
  let paragraph = 0; // the first line after the last blank line or heading line
  // With a plain ship-to heading in the text, words of the message no longer make headings.
  // (A sentence that starts like one is none: "Ship to the roastery, not the café.")
  const plain = lines.some((l) => {
    const m = l.text ? SECTION.exec(l.text) : null;
    if (!m || sectionKind(m) !== 'ship') return false;
    const rest = l.text.slice(m[0].length).trim();
    return /[:：]/.test(m[0]) || !/^(?:the|our|my|your|his|her|their|this|that|le|la|les|notre|mon|ma)\s/iu.test(rest);
  });
  const useTargets = plain ? { ship: new Set<string>(), not: targets.not } : targets;
  lines.forEach((line, i) => {
    let found = line.text ? findHeading(line.text, lines[i + 1]?.text ?? '', useTargets, plain) : null;
    // "FROM:\nNORTHERN BOOKS DISTRIBUTION\n2-1155 KING ST W": a line guessed a heading from its words
    // right under a heading is that block's company, not a new block.
    const last = sections[sections.length - 1];
    if (found && last && last.from === i && !SECTION.test(line.text) && !/[:：]/.test(found.m[0])) found = null;
    // A known ship-to heading the message turns down ("Warehouse:" after "do not send it to the warehouse").
    if (found?.kind === 'ship' && !found.tail && rejectedHeading(found.m[0].replace(/[:：]\s*$/u, ''), useTargets))
      found = { ...found, kind: 'other' };
    // "Sent: …\nTo: Donna McAllister\nSubject: …": an e-mail's header, not the parcel's addressee.
    if (found?.kind === 'to' && [lines[i - 1], lines[i + 1]].some((l) => l?.mailHeader)) found = null;
    // "Mailing address: SITE 5 COMP 12 RR 2" among a form's fields ("Last name: …" over it, "Town: …"
    // under it) is the form's address field, not another block.
    if (
      found?.kind === 'other' &&
      !found.tail &&
      LABEL_FIELDS.get(
        found.m[0]
          .replace(/[\s:：]+$/u, '')
          .toLowerCase()
          .replace(/\s+/g, ' '),
      ) === 'address' &&
      line.text.slice(found.m[0].length).trim() &&
      LABELLED.test(lines.slice(Math.max(0, i - 3), i).findLast((l) => l.text)?.text ?? '') &&
      LABELLED.test(lines[i + 1]?.text ?? '')
    )
      found = null;
    if (!found) {
      if (!line.text) paragraph = i + 1;
      return;
    }
    const { kind, m } = found;
    // "55 Industrial Pkwy, Aurora ON L4G 3V6 (warehouse)": the label at the end names the block.
    if (found.tail) lines[i] = { ...line, text: line.text.slice(0, line.text.length - found.tail.length) };
    const heading = found.tail
      ? found.tail.replace(/^[\s(–—-]+|[\s)]+$/g, '')
      : line.text.slice(0, m[0].length).replace(/[\s:：-]+$/, '');
    const rest = found.tail ? lines[i].text : line.text.slice(m[0].length).trim();
    // A heading alone on its line is not part of the block; with text after it, the line stays
    // whole (the parser reads "Ship to: Jane Doe" as a label). A ship-to label inside a labelled
    // form ("收件人：…\n收货地址：…") takes the lines of its paragraph before it too.
    if (!rest) lines[i] = { ...line, text: '' };
    // "ship to bob smith 77 queen st e …": without a colon the heading words are not the name's;
    // "Warehouse: 55 …": a heading the parser does not read as a label goes too.
    // ("Ship to: DAVID NGUYEN 1404-330 PRINCESS ST KINGSTON, ON …": a whole address after the label is
    // no name's value: the line without its label.)
    else if (
      !/[:：]/.test(m[0]) ||
      !LABEL_FIELDS.has(heading.toLowerCase().replace(/\s+/g, ' ')) ||
      (kind === 'ship' && hasStreet(rest) && POSTAL_LINE.test(rest))
    ) {
      lines[i] = { ...line, text: rest };
    }
    // The lines of its paragraph before it belong to the block too: a labelled form's name
    // ("收件人：…\n收货地址：…"), or the name and company above an address labelled at its end.
    const before = lines.slice(paragraph, i);
    const labelled =
      (kind === 'ship' || kind === 'from') &&
      (before.every((l) => LABELLED.test(l.text)) || (Boolean(found.tail) && before.every((l) => !/\d/.test(l.text))));
    const from = !rest ? i + 1 : labelled ? paragraph : i;
    if (sections.length) sections[sections.length - 1].to = Math.min(sections[sections.length - 1].to, rest ? from : i);
    sections.push({ kind, heading, from, to: lines.length });
    paragraph = i + 1;
  });
  for (let k = 0; k + 1 < sections.length; k++) sections[k].to = Math.min(sections[k].to, sections[k + 1].from);
  if (!sections.length) return envelope(lines) ?? placeBlock(lines, targets);
  for (const s of sections) {
    // "Head office: 200 Front St W, Toronto, ON M5V 3K2" — a whole address on the heading's line is the whole block.
    const first = lines[s.from]?.text ?? '';
    if (s.to > s.from + 1 && POSTAL_LINE.test(first) && hasStreet(first)) s.to = s.from + 1;
    s.to = endOfBlock(kindOf, lines, s.from, s.to);
  }

  // "please ship to head office instead": the block headed so is the ship-to, a "Warehouse" block is not.
  const strong = targets.strong;
  const asked = (s: { heading: string }) =>
    s.heading
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .some((w) => strong?.has(w));
  if (role !== 'sender' && sections.some((s) => asked(s) && s.kind !== 'neutral')) {
    for (const s of sections) if (s.kind === 'ship' || s.kind === 'other') s.kind = asked(s) ? 'ship' : 'other';
  } else if (role !== 'sender') {
    // "I'm working out of the Guelph office … could you send the binders there instead?": the one
    // heading of two words or more the message's sentences say whole after "to", "at", "out of"
    // ("Guelph Office:"; not "the sales office on Elm is just desks").
    const prose = lines
      .filter((l) => l.text && isProseLike(l.text) && !POSTAL_LINE.test(l.text))
      .map((l) => l.text.toLowerCase())
      .join('\n');
    const said = sections.filter(
      (s) =>
        (s.kind === 'ship' || s.kind === 'other') &&
        s.heading.split(/\s+/).length >= 2 &&
        s.heading.length <= 40 &&
        !rejectedHeading(s.heading, targets) &&
        new RegExp(
          `(?<![\\p{L}])(?:to|at|out of|in|into|à|au|dans|chez)[ \\t]+(?:the[ \\t]+|our[ \\t]+|my[ \\t]+|notre[ \\t]+|le[ \\t]+|la[ \\t]+|l['’])?${escapeRegExp(s.heading.toLowerCase())}(?![\\p{L}])`,
          'u',
        ).test(prose),
    );
    if (said.length === 1 && sections.filter((s) => s.kind === 'ship' || s.kind === 'other').length >= 2)
      for (const s of sections) if (s.kind === 'ship' || s.kind === 'other') s.kind = s === said[0] ? 'ship' : 'other';
  }
  const want: SectionKind = role === 'sender' ? 'from' : 'ship';
  // The ship-to block: one headed "new"/"instead" over one "on file"/"old", else the last (a later one corrects).
  const weight = (h: string) =>
    (/\b(?:new|instead|updated|correct|nouvelle|plutôt)\b|新/iu.test(h) ? 2 : 0) -
    (/\b(?:old|on file|previous|former|ancienne?|précédente)\b|旧|舊/iu.test(h) ? 2 : 0);
  let ships = sections.filter((s) => s.kind === want && hasContent(kindOf, lines, s));
  // An order pasted into the sender box has no From block: its one address is the ship-to block.
  if (!ships.length && role === 'sender')
    ships = sections.filter((s) => s.kind === 'ship' && hasContent(kindOf, lines, s));
  const best = Math.max(...ships.map((s) => weight(s.heading)));
  const firstLine = (s: { from: number; to: number }) =>
    lines
      .slice(s.from, s.to)
      .filter((l) => l.text && kindOf(l.text) === 'keep')
      .slice(0, 2)
      .map((l) => l.text.split(/\s{3,}/)[0])
      .join('\n');
  const last = ships.findLast((s) => weight(s.heading) === best);
  // The same block twice (a packing slip's "Ship To" and its "Shipping Address"): the first, whole one.
  const twin = last && ships.find((s) => s !== last && weight(s.heading) === best && firstLine(s) === firstLine(last));
  const chosen = twin ?? last ?? sections.find((s) => s.kind === 'to' && hasContent(kindOf, lines, s));
  // With a chosen block every other address block is set aside; without one, only billing and head-office blocks.
  // (For the recipient, a sender's block set aside too: "寄件人：王磊 / 地址：…" over "收件人：何佳慧 / 地址：…".)
  const excluded = sections.filter(
    (s) =>
      s !== chosen &&
      s.kind !== 'neutral' &&
      (chosen || s.kind === 'other' || (s.kind === 'from' && role !== 'sender')),
  );
  const others = excluded
    .map((s) => firstAddressLine(kindOf, lines, s.from, s.to))
    .filter((x): x is string => Boolean(x));
  const drop = new Set<number>();
  for (const s of excluded) for (let i = s.from; i < s.to; i++) drop.add(lines[i].start);
  if (chosen) {
    return { heading: chosen.heading, lines: lines.slice(chosen.from, chosen.to), others, excluded: drop };
  }
  if (!excluded.length) return undefined;
  // No ship-to heading: everything but the other blocks (a billing block, a head office), unless
  // they are all the text has.
  const left = lines.filter((l) => !drop.has(l.start));
  // (A postal code or a ZIP, not an account number: "Acct #: 20931".)
  const postal = (t: string) =>
    POSTAL_LINE.test(t) && !/#|\b(?:acct|account|compte|no\.?|n°)\b/iu.test(t) && !isIdLine(t);
  if (!left.some((l) => postal(l.text) && kindOf(l.text) === 'keep')) return undefined;
  return { lines: left, others, excluded: drop };
}

/** "send it to him at our Kelowna branch": the place the message sends to, by its town. */
const PLACE_ASKED = compile(
  'u',
  String.raw`\b(?:to|at|à|au)\s+(?:(?:him|her|them|me|us)\s+at\s+)?(?:our|the|my|notre|la|le|l['’])\s*(\p{Lu}[\p{L}'’-]+`,
  String.raw`(?:\s\p{Lu}[\p{L}'’-]+)?)\s+(?:`,
  PLACE_ASKED_WORDS,
  String.raw`)\b`,
);

/**
 * No heading, several addresses, and the message sends it to one place by its town ("at our Kelowna
 * branch, not head office in Vernon"), or turns down all but one by theirs ("send it to our summer
 * place instead of Peterborough" over a Peterborough and a North Rustico address): the paragraph
 * that holds that postal line.
 */
function placeBlock(lines: Line[], targets: Targets): Block | undefined {
  const postal = lines.flatMap((l, i) => (l.text && POSTAL_LINE.test(l.text) && hasStreet(l.text) ? [i] : []));
  if (postal.length < 2) return undefined;
  let town: string | undefined;
  for (const l of lines) if (l.text && !POSTAL_LINE.test(l.text) && (town = PLACE_ASKED.exec(l.text)?.[1])) break;
  let hits: number[] = [];
  if (town) {
    const word = new RegExp(`(?<![\\p{L}])${escapeRegExp(town)}(?![\\p{L}])`, 'u');
    hits = postal.filter((i) => word.test(lines[i].text));
  } else if (targets.not.size) {
    const turnedDown = (t: string) =>
      t
        .toLowerCase()
        .split(/[^\p{L}'’-]+/u)
        .some((w) => targets.not.has(w) && Boolean(lookupCity(w)));
    hits = postal.filter((i) => !turnedDown(lines[i].text));
    if (hits.length === postal.length) return undefined;
  }
  if (hits.length !== 1) return undefined;
  let from = hits[0];
  // (Up over its name and company lines, not over another address or that address's phone.)
  while (
    from > 0 &&
    lines[from - 1].text &&
    hits[0] - from < 6 &&
    !POSTAL_LINE.test(lines[from - 1].text) &&
    !PHONE_OR_MAIL_ONLY.test(lines[from - 1].text)
  )
    from--;
  let to = hits[0] + 1;
  while (to < lines.length && lines[to].text && !POSTAL_LINE.test(lines[to].text)) to++;
  const others = postal.filter((i) => i !== hits[0]).map((i) => lines[i].text);
  return { lines: lines.slice(from, to), others, excluded: new Set(), placed: true };
}

/**
 * An envelope typed as text: the return address at the left, the recipient indented to the middle.
 * The indented lines are the block when they hold an address and the others do too.
 */
function envelope(lines: Line[]): Block | undefined {
  const deep = lines.filter((l) => l.text && (l.indent ?? 0) >= 12);
  if (deep.length < 2 || !deep.some((l) => /\d/.test(l.text))) return undefined;
  const shallow = lines.filter((l) => l.text && (l.indent ?? 0) < 12);
  if (!shallow.some((l) => /\d/.test(l.text))) return undefined;
  const excluded = new Set(shallow.map((l) => l.start));
  return {
    lines: deep,
    others: [
      shallow
        .map((l) => l.text)
        .join(', ')
        .slice(0, 200),
    ],
    excluded,
  };
}

function hasContent(kindOf: LineKinds, lines: Line[], s: { from: number; to: number }): boolean {
  return lines.slice(s.from, s.to).some((l) => /\d/.test(l.text) && kindOf(l.text) === 'keep');
}

/**
 * Places the message asks to send to and says not to; `strong`: those asked for "instead" ("please
 * ship to head office instead"), which win over any heading's own words.
 */
type Targets = { ship: Set<string>; not: Set<string>; strong?: Set<string>; zhShip?: string[]; zhNot?: string[] };

const ZH_SEND_PHRASE = /(不要|唔好|別|别|不用|勿)?(?:直接)?(?:送|寄|发|發)(?:到|去|至|往)([\u3400-\u9fff]{1,10})/gu;
/** The characters that name a place by themselves in a phrase ("個倉", "間舖"). */
const ZH_PLACE_CHAR = /[舖铺店倉仓厂廠]/u;

/** "舖頭 Store" in "我哋列治文間舖"; "办公室 Office" in "北约克的办公室". */
function zhPlaceIn(heading: string, phrases: string[] | undefined): boolean {
  const zh = /[\u3400-\u9fff]{1,6}/u.exec(heading)?.[0];
  if (!zh || !phrases) return false;
  return phrases.some((p) => p.includes(zh) || (zh.length >= 2 && ZH_PLACE_CHAR.test(zh[0]) && p.includes(zh[0])));
}

const SHIP_WORDS = compile(
  'iu',
  String.raw`warehouse|ship(?:ping)?\b|ship-to|receiving|deliver(?:y|ies)|livraison|entrep[ôo]t|r[ée]ception|\bdock\b|`,
  String.raw`distribution|\blab\b|laborato|courier|physical|plant|factory|usine|depot|dépôt|fulfil+ment|收货|收貨|仓库|倉庫|收件`,
);
const OTHER_WORDS =
  /head ?office|\boffice\b|\bhq\b|headquarters|si[èe]ge|\bbureau\b|\bstore\b|storefront|showroom|magasin|billing|facturation|mailing|corporate|administrat|总部|總部|办公室|辦公室|门市|門市|公司地址/iu;

/** "55 Industrial Pkwy, Aurora ON L4G 3V6 (warehouse)": an address line labelled at its end. */
const TRAILING_LABEL = /(?<!\s)\s*(?:\(([^()\d]{3,30})\)|[-–—]\s+([^\d,()]{3,30}))\s*$/u;
const PHONE_OR_MAIL_ONLY = /^[\s()+\d.,/x-]*(?:ext\.?|poste|x)?[\s\d]*$|@/iu;

/**
 * The message rejects most of the heading's words: "non au pavillon principal" sets aside
 * "Pavillon principal:", not "Pavillon Sainte-Marie:"; "do not send it to the Burnaby warehouse"
 * sets aside "Warehouse:". (Without a note in brackets: "House (don't use):".)
 */
function rejectedHeading(heading: string, targets: Targets): boolean {
  const significant = heading
    .replace(/\([^()]*\)/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}'’]+/u)
    .filter((w) => w.length >= 3);
  const rejected = significant.filter((w) => targets.not.has(w)).length;
  return rejected > 0 && rejected * 2 >= significant.length;
}

/**
 * A heading: one of the known ones, or a short line ("Warehouse / Ship-to:", "Lab / Shipping &
 * Receiving:", "Head Office / Siège social") whose words say ship-to or office — or name the place
 * the message asked to send to ("please send it to our garage" → "Garage: 85 rue …").
 */
export function findHeading(
  text: string,
  next: string,
  targets: Targets,
  plain = false,
): { kind: SectionKind; m: RegExpExecArray; tail?: string } | null {
  // "New address (effective March 1):": the heading without its note in brackets.
  const noted = text.length <= 90 ? /^([^()\n]{2,40}?)[ \t]*\([^()\n]{1,40}\)[ \t]*([:：])[ \t]*$/u.exec(text) : null;
  if (noted) {
    const found = findHeading(`${noted[1]}${noted[2]}`, next, targets, plain);
    if (found && !found.tail)
      return {
        kind: found.kind,
        m: Object.assign([text], { index: 0, input: text, groups: found.m.groups }) as RegExpExecArray,
      };
  }
  // "Bill to / Ship to:", "Facturé à / Livré à :": one block for both, the parcel's.
  const both = BILL_AND_SHIP.exec(text);
  if (both) return { kind: 'ship', m: both };
  // "TO / DESTINATAIRE:", "FROM / EXPÉDITEUR:": a heading in two languages, either half known.
  const two = TWO_LANGUAGE_HEADING.exec(text);
  if (two) {
    for (const half of [two[1], two[2]]) {
      const found = SECTION.exec(`${half.trim()}:`);
      const kind = found && found[0].trim().length >= half.trim().length ? sectionKind(found) : undefined;
      if (kind)
        return { kind, m: Object.assign([text], { index: 0, input: text, groups: undefined }) as RegExpExecArray };
    }
  }
  const m = SECTION.exec(text);
  if (m) {
    const kind = sectionKind(m);
    const rest = text.slice(m[0].length).trim();
    // "À l'attention de …" is not a heading: "to"/"à" open a block only with a colon, or alone on their line.
    if (kind === 'to' && !/[:：]/.test(m[0]) && rest) return null;
    // "Ship to the roastery, not the café.": a sentence naming a place, not a heading over a name.
    if (!/[:：]/.test(m[0]) && /^(?:the|our|my|your|his|her|their|this|that|le|la|les|notre|mon|ma)\s/iu.test(rest))
      return null;
    // "Ship-to is our Soils Lab (Argyll), attn: …": a sentence about the ship-to, not its heading.
    if (!/[:：]/.test(m[0]) && /^(?:is|was|will|should|must|would|has|needs?|est|sera|doit|please|svp)\b/iu.test(rest))
      return null;
    // "Please ship to our Commerce City warehouse, attn: Luis (receiving) — …": a sentence, no heading.
    if (!/[:：]/.test(m[0]) && rest.split(/\s+/).length >= 6 && !/\d|[:：]\s*$/.test(rest)) return null;
    // "Livraison : 12,00 $" is a price line, not a heading.
    // "Send to Baba please:": the whole line is the heading, the words after "to" are not a name.
    if (kind && rest && /[:：]\s*$/.test(rest) && !/\d/.test(rest) && rest.split(/\s+/).length <= 6) {
      const whole = Object.assign([text], { index: 0, input: text, groups: m.groups }) as RegExpExecArray;
      return { kind, m: whole };
    }
    // (A number with a note in brackets is a phone's line too: "辦公室：604-555-0134（送貨請打這個）".)
    const core = rest.replace(BRACKET_NOTE_END, '');
    if (kind && !(rest && (PHONE_OR_MAIL_ONLY.test(core) || /[$€£¥]|\d\s?\$|\b(?:cad|usd)\b/iu.test(rest))))
      return { kind, m };
  }
  const tail = hasStreet(text) ? TRAILING_LABEL.exec(text) : null;
  if (tail) {
    const label = (tail[1] ?? tail[2]).toLowerCase();
    const words = label.split(/[\s/&|,-]+/);
    const kind: SectionKind | undefined = words.some((w) => targets.not.has(w))
      ? 'other'
      : words.some((w) => targets.ship.has(w)) || (!plain && SHIP_WORDS.test(label))
        ? 'ship'
        : OTHER_WORDS.test(label)
          ? 'other'
          : undefined;
    if (kind) {
      const m = Object.assign([''], { index: 0, input: text, groups: undefined }) as RegExpExecArray;
      return { kind, m, tail: tail[0] };
    }
  }
  // "Please ship to my work address instead of home since nobody's there during the day:"
  // (Only on a line whose one colon ends it: elsewhere the search would backtrack over every verb.)
  const colon = text.search(/[:：]/);
  const asks =
    colon >= 0 &&
    colon >= text.trimEnd().length - 1 &&
    compile(
      'iu',
      String.raw`^[^:：]*\b(?:`,
      ASKS_WORDS,
      String.raw`)\b[^:：]*[:：]\s*$|^[^:：]*(?:寄到|寄去|发到|發到|送到)[^:：]*[:：]\s*$`,
    ).exec(text);
  // (The street test on the asking sentence only: "… the 2 cases of the 750 mL bottles. Send it to:".)
  const asking = text.slice(Math.max(text.lastIndexOf('. '), text.lastIndexOf('! '), text.lastIndexOf('? ')) + 1);
  if (asks && !hasStreet(asking) && !POSTAL_LINE.test(text)) return { kind: 'ship', m: asks };
  const h = /^([^:：\d@]{2,60}?)[ \t]*(?:[:：][ \t]*|$)/u.exec(text);
  if (!h || (plain && !/[:：]/.test(h[0]))) return null;
  const words = h[1].split(/[\s/&|,-]+/).filter(Boolean);
  // A form's own field label ("Postal code:", "Phone:", "City:") is not a block heading.
  // ("Her cell:", "Mon cell :": a field's label with whose it is.)
  const label = h[1]
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^(?:her|his|their|my|our|son|sa|mon|ma|leur) /u, '');
  if (!words.length || words.length > 6 || LABEL_FIELDS.has(label)) return null;
  const rest = text.slice(h[0].length).trim();
  const restCore = rest.replace(BRACKET_NOTE_END, '');
  if (rest ? PHONE_OR_MAIL_ONLY.test(restCore) || !/\d/.test(rest) : !next || PHONE_OR_MAIL_ONLY.test(next))
    return null;
  if (
    !rest &&
    !/[:：]/.test(h[0]) &&
    (words.length > 4 || !(hasStreet(next) || /^(?:attn|attention|à l['’]attention|c\/o|a\/s)/iu.test(next)))
  ) {
    return null;
  }
  if (/\b(?:inc|ltd|ltée|ltee|corp|llc|limited|enr)\b\.?/iu.test(h[1])) return null;
  const lower = words.map((w) => w.toLowerCase());
  // "Amir Haddad" over his street after "send one to Amir": the person, not a place named by the message.
  if (
    !/[:：]/.test(h[0]) &&
    /^\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,2}$/u.test(h[1].trim()) &&
    !SHIP_WORDS.test(h[1]) &&
    !OTHER_WORDS.test(h[1]) &&
    !COMPANY_PATTERN.test(` ${h[1]} `) &&
    !/(?<![\p{L}])(?:branch|site|centre|center|campus|location|building|hall|club|arena|church|hospital|facility|library|clinic|school|succursale|pavillon)(?![\p{L}])/iu.test(
      h[1],
    )
  )
    return null;
  // "Clinique dentaire des Cascades" over its street after "livrer à la clinique": the company's
  // name, not a heading (a short "Warehouse" or "Shipping Dock" line is one).
  if (
    !/[:：]/.test(h[0]) &&
    words.length >= 3 &&
    COMPANY_PATTERN.test(` ${h[1]} `) &&
    !SHIP_WORDS.test(h[1]) &&
    !OTHER_WORDS.test(h[1])
  )
    return null;
  if (rejectedHeading(h[1], targets)) return { kind: 'other', m: h };
  if (lower.some((w) => targets.ship.has(w))) return { kind: 'ship', m: h };
  // (A Chinese heading the message named: "新店：" after "送到新店".)
  const zh = h[1].trim();
  if (/^[\u3400-\u9fff]{2,6}$/u.test(zh) && [...targets.ship].some((t) => t.startsWith(zh) || zh.startsWith(t)))
    return { kind: 'ship', m: h };
  if (/[:：]/.test(h[0]) && zhPlaceIn(zh, targets.zhNot)) return { kind: 'other', m: h };
  if (/[:：]/.test(h[0]) && zhPlaceIn(zh, targets.zhShip)) return { kind: 'ship', m: h };
  if (!/[:：]/.test(h[0]) && rest) return null;
  // Beside a plain "Ship to" heading, a heading guessed from its words never competes as the ship-to.
  if (SHIP_WORDS.test(h[1])) return plain ? null : { kind: 'ship', m: h };
  if (OTHER_WORDS.test(h[1])) return { kind: 'other', m: h };
  return null;
}

const TWO_LANGUAGE_HEADING = /^([^/:：\d\n]{2,30}?)[ \t]*\/[ \t]*([^/:：\d\n]{2,30}?)[ \t]*[:：]?[ \t]*$/u;
const BILL_AND_SHIP = compile(
  'iu',
  String.raw`^(?:bill(?:ing)?(?:[ \t]+to)?|sold[ \t]+to|factur[ée]e?[ \t]+à|facturation)[ \t]*(?:\/|&|\+|and|et)[ \t]*`,
  String.raw`(?:ship(?:ping)?(?:[ \t]+to)?|livr[ée]e?[ \t]+à|livraison)(?:[ \t]+(?:address|adresse))?[ \t]*[:：]?[ \t]*$`,
);

const TARGET_VERB = compile(
  'giu',
  String.raw`(?<![\p{L}])(?:`,
  TARGET_VERB_WORDS,
  String.raw`)(?![\p{L}])[^.!?\n]{0,80}?(?<![\p{L}])(?:to|at|à|au|aux|chez)\s+(?:(?:my|his|her|your|our)\s+attention\s+`,
  String.raw`(?:at|in)\s+|(?:mon|son|votre)\s+attention\s+(?:à|au)\s+)?(?:the\s+|our\s+|my\s+|notre\s+|nos\s+|mon\s+|ma\s+|`,
  String.raw`le\s+|la\s+|l['’])?([\p{L}-]+(?:\s+[\p{L}-]+){0,2})`,
);
const NOT_TARGET = compile(
  'giu',
  String.raw`(?<![\p{L}])(?:not|don['’]?t|rather than|instead of|pas|non|plutôt qu['’]?)(?:\s+|(?<=['’]))(?:(?:send|ship|`,
  String.raw`deliver|mail|courier|envoyer|livrer|expédier)(?:\s+(?:it|them|this|le|la|les))?\s+)?(?:to\s+|at\s+|au\s+|à\s+|`,
  String.raw`aux\s+)?(?:the\s+|our\s+|my\s+|le\s+|la\s+|l['’]|notre\s+)?([\p{L}-]+(?:\s+[\p{L}-]+){0,2})`,
);
/** "please use our mailing address", "utilisez l'adresse postale": the place asked for, outright. */
const USE_TARGET = compile(
  'giu',
  String.raw`\b(?:use|utilisez|utiliser|prenez)\s+(?:our|the|my|this|notre|l['’]|la|le)\s*([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+`,
  String.raw`(?:address|adresse)\b|\b(?:use|utilisez|utiliser)\s+(?:our|the|my|notre|l['’])\s*(?:address|adresse)\s+`,
  String.raw`(?:of\s+the\s+|du\s+|de\s+la\s+)?([\p{L}-]+)`,
);
const TARGET_STOP = new Set([
  'the',
  'me',
  'us',
  'you',
  'it',
  'this',
  'that',
  'attention',
  'address',
  'adresse',
  'new',
  'place',
  'nom',
  'name',
  'all',
  'same',
]);

/** The places a message asks to send to, and those it says not to ("to our warehouse rather than head office"). */
function shipTargets(lines: Line[]): Targets {
  const targets: Targets = { ship: new Set(), not: new Set() };
  for (const l of lines) {
    // "订的餐具请送到新店": the place in Chinese after the verb of sending (a sentence without spaces).
    for (const m of l.text.matchAll(/(?:送到|寄到|发到|發到|送去|寄去|送至|寄至)([\u3400-\u9fff]{2,4})/gu))
      targets.ship.add(m[1]);
    // The whole phrase of the place too, to be matched with a heading ("寄去我哋列治文間舖" names "舖頭 Store";
    // "唔好寄去本拿比個倉", "不要寄到北约克的办公室" turn "倉庫 Warehouse", "办公室 Office" down).
    for (const m of l.text.matchAll(ZH_SEND_PHRASE))
      (m[1] ? (targets.zhNot ??= []) : (targets.zhShip ??= [])).push(m[2]);
    // (A form's question and its answer is no request: "Refund instead of replacement? No".)
    if (!l.text || !isProseLike(l.text) || /\?[ \t]*(?:no|non|yes|oui|n\/a|none)\.?[ \t]*$/iu.test(l.text)) continue;
    for (const m of l.text.matchAll(TARGET_VERB)) {
      const words = m[1].toLowerCase().split(/\s+/);
      const instead = /^\s*(?:instead|plutôt|à la place)\b/iu.test(l.text.slice(m.index + m[0].length));
      for (const w of words) {
        if (w.length < 3 || TARGET_STOP.has(w)) continue;
        if (w === 'instead' || w === 'plutôt') {
          for (const x of words)
            if (x !== w && x.length >= 3 && !TARGET_STOP.has(x)) (targets.strong ??= new Set()).add(x);
          continue;
        }
        targets.ship.add(w);
        if (instead) (targets.strong ??= new Set()).add(w);
      }
    }
    for (const m of l.text.matchAll(USE_TARGET))
      for (const w of (m[1] ?? m[2]).toLowerCase().split(/\s+/))
        if (w.length >= 3 && !TARGET_STOP.has(w)) {
          targets.ship.add(w);
          (targets.strong ??= new Set()).add(w);
        }
    for (const m of l.text.matchAll(NOT_TARGET)) {
      for (const w of m[1].toLowerCase().split(/\s+/)) if (w.length >= 3 && !TARGET_STOP.has(w)) targets.not.add(w);
    }
  }
  for (const w of targets.not) targets.ship.delete(w);
  return targets;
}

const isProseLike = (t: string) => t.split(/\s+/).length >= 5;

function sectionKind(m: RegExpExecArray): SectionKind | undefined {
  const g = m.groups ?? {};
  if (g.ship) return 'ship';
  if (g.to) return 'to';
  if (g.from) return 'from';
  if (g.other) return 'other';
  if (g.neutral) return 'neutral';
  return undefined;
}

/**
 * A block runs to the next heading, but a blank line after its postal code or country line ends
 * it (what follows is the next part of the page), unless only phone and e-mail lines follow.
 */
function endOfBlock(kindOf: LineKinds, lines: Line[], from: number, to: number): number {
  let sawEnd = false;
  let content = 0;
  for (let i = from; i < to; i++) {
    const t = lines[i].text;
    if (!t) {
      if (sawEnd || (content >= 4 && kindOf(lines[i + 1]?.text ?? '') === 'noise')) return i;
      continue;
    }
    content++;
    if (/\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\b\d{5}(?:-\d{4})?\s*$|^(?:canada|usa|united states|加拿大|美国|美國)$/i.test(t))
      sawEnd = true;
  }
  return to;
}

function firstAddressLine(kindOf: LineKinds, lines: Line[], from: number, to: number): string | undefined {
  const parts = lines
    .slice(from, to)
    .map((l) => l.text)
    .filter((t) => t && kindOf(t) === 'keep');
  return parts.length ? parts.join(', ').slice(0, 200) : undefined;
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
function joinFormFields(lines: Line[]): Line[] {
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
const CORRECTED_PHONE =
  /(?<![\p{L}])(?:phone|number|cell|mobile|tel|tél|téléphone|numéro|cellulaire)(?![\p{L}])|电话|電話|手机|手機|号码|號碼/iu;
/** A new address that keeps the old one's town: "same town", "même ville". */
const SAME_TOWN = /(?<![\p{L}])(?:same (?:town|city)|même ville|meme ville|同一个城市|同城)(?![\p{L}])/iu;
const THREAD_CUT =
  /^(?:-{2,}\s*(?:original message|message d'origine|forwarded message|message transféré)\s*-{2,}|_{8,}|on .{4,200} wrote:|le .{4,200} a écrit\s?:|>.*)$/imu;

function cutThread(text: string): { text: string; top?: string } {
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

/** Where a parcel is picked up or sent back from, in a chat line. */
const PICKUP =
  /(?<![\p{L}])(?:pick ?up|pickup is|pick it up|our pickup|my place is|i'?m at|we'?re at|return (?:address|to)|ramassage|cueillette|venir chercher|à récupérer|自取)(?![\p{L}])/iu;
/** A chat line that gives the billing or an old address ("Billing we have as 880 Glenmore Rd N, Kelowna"). */
const BILLING_NOTE =
  /(?<![\p{L}])(?:billing|billed to|bill to|facturation|on file|old address|ancienne adresse|账单|帳單)(?![\p{L}])/iu;

/**
 * In a chat, the full name the writer of the address gives in their own lines: the line that is their
 * first name and a surname ("kayden whitebird" from "Kayden 🏒", "Diallo. Ousmane Diallo" from "Ousmane",
 * "Léa-Rose Fortin si t'as besoin du nom complet" from "Léa-Rose 🌸").
 */
function speakerFullName(kindOf: LineKinds, from: Line[], all: Line[]): string | undefined {
  if (!all.some((l) => l.speaker)) return undefined;
  const writer = from.find(
    (l) => l.speaker && (POSTAL_LINE.test(l.text) || hasStreet(l.text)) && kindOf(l.text) === 'keep',
  )?.speaker;
  const first = writer && /^\p{L}[\p{L}'’-]+/u.exec(writer)?.[0];
  if (!first || isOwn(writer)) return undefined;
  const escaped = escapeRegExp(first);
  const alone = new RegExp(`^${escaped}[ \\t]+([\\p{L}'’-]{2,30})(?:[ \\t]+([\\p{L}'’-]{2,30}))?[ \\t]*[.!]?$`, 'iu');
  // (A double-barrelled surname whole: "Evangeline Batiste-Ward".)
  const inLine = new RegExp(
    `(?<![\\p{L}])${escaped}[ \\t]+(\\p{Lu}[\\p{Ll}'’]+(?:-\\p{L}[\\p{Ll}'’]+)*)(?![\\p{L}-])`,
    'u',
  );
  for (const l of all) {
    if (l.speaker !== writer || !l.text || l.text.length > 120) continue;
    const whole = alone.exec(l.text.trim());
    const words = whole ? [whole[1], whole[2]].filter((w): w is string => Boolean(w)) : undefined;
    if (words && words.every((w) => !NAME_STOPWORDS.has(w.toLowerCase()) && !lookupCity(w)))
      return [first, ...words]
        .map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w))
        .join(' ');
    const m = inLine.exec(l.text);
    if (m && !NAME_STOPWORDS.has(m[1].toLowerCase()) && !lookupCity(m[1])) return `${first} ${m[1]}`;
  }
  return undefined;
}

/** The one pasting the chat ("You", "Vous", "我"). */
/** Messenger's line over the user's own messages. */
const OWN_LINE = /^(?:you sent|vous avez envoyé|you|vous|moi)$/iu;
const isOwn = (who?: string) => Boolean(who && /^(?:you|vous|toi|me|moi|我)$/iu.test(who));

/**
 * Chat exports: "Buyer: …", "Danielle: …" on several lines, WhatsApp's "[date] Name: …", stamp
 * lines — the speaker is not part of the text, but is kept with each line (who gave the address).
 */
function stripSpeakers(kindOf: LineKinds, input: Line[]): Line[] {
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
  const lines = input.map((l): Line => {
    const t = l.text.trim();
    if (!own && (alone.get(t) ?? 0) >= 3) {
      current = t;
      return { ...l, text: '', speaker: current };
    }
    if (own && (OWN_LINE.test(t) || (alone.get(t) ?? 0) >= 2)) {
      // (The line stays, the speaker's name for want of another: only the e-mails of the user's own
      // messages are set aside.)
      current = OWN_LINE.test(t) ? 'You' : undefined;
      return { ...l, ...(named && !OWN_LINE.test(t) && { text: '' }), speaker: current };
    }
    // WhatsApp exports: "[2024-05-11, 9:02:14 AM] Bilal Chaudhry: …" — the stamp and the speaker go.
    // (A time alone in the brackets too: "[10:02] Ben Kowalski: …".)
    const stamped = /^\[[^\]\n]{4,40}\]\s*([^:：\n]{1,40})[:：]\s*/u.exec(l.text);
    if (stamped) {
      current = stamped[1].trim();
      return { ...l, text: l.text.slice(stamped[0].length), speaker: current };
    }
    const stamp =
      l.text.length <= 80
        ? (STAMP_SPEAKER.exec(l.text.trim()) ?? TELEGRAM_STAMP.exec(l.text.trim()) ?? DATE_STAMP.exec(l.text.trim()))
        : null;
    if (stamp) {
      // The stamp line itself says nothing of the address.
      current = stamp[1];
      return { ...l, text: '', speaker: current };
    }
    return { ...l, speaker: current };
  });
  const count = new Map<string, number>();
  for (const l of lines) {
    // Handles too: "u/leafsfan_1967:", "@tidepool_prints:".
    // (With an emoji after the name too: "Tía Lupe 🌺:".)
    const m =
      /^([\p{L}@](?:[\p{L}\p{N} ._'/@-]|\p{Extended_Pictographic}|\u200d|\ufe0f){0,24}?)\s*[:：](?:\s+|(?=[^\d\s/]))\S/u.exec(
        l.text,
      );
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
function dropSuperseded(lines: Line[]): void {
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

/** A chat line that runs into its address: "… i want it in green!! ship to priya patel 2190 …" / "我的收货信息如下：加拿大…". */
const LEAD_MARKER = compile(
  'iu',
  String.raw`(?:^|[\s,.!?;:])(?:(?:l['’]|les\s+|le\s+|la\s+|me\s+|nous\s+)?(?:envoyer|envoie|envoyez|expédier|expédie|`,
  String.raw`expédiez|poster|postez|livrer|livrez)\s+(?:au|à)(?=\s+\d)|ship(?:\s+(?:it|this|them))?\s+to|send(?:\s+(?:it|`,
  String.raw`this|them))?\s+to|deliver(?:\s+(?:it|this|them))?\s+to|mail(?:\s+it)?\s+to|my address is|address is|`,
  String.raw`livraison\s*:|adresse\s*:|mon adresse(?: c['’]est| est)?)[\s:]*\s(?=\S)|(?:如下|寄到|寄去|寄往|发到|發到|送到|地址是|地址为|地址為|`,
  String.raw`地址係)[\s:：,，]*(?=\S)`,
);

function cutLead(t: string): string {
  // "Je suis jamais chez nous de jour, envoyez ça à ma job svp : Kevin Doucet …"
  const colon = /[:：]\s+/u.exec(t);
  const before = colon ? t.slice(0, colon.index) : '';
  const words = before.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (colon && !/\d/.test(before) && words.length >= 5 && words.filter((w) => /^\p{Ll}/u.test(w)).length >= 3) {
    const after = t.slice(colon.index + colon[0].length);
    if (hasStreet(after.replace(PHONE_RE, ' '))) {
      // "Gift for my friend Oliver Twist: 50 Dickens Cres …" keeps the name at the end of the sentence.
      // (Searched in the sentence's last words only: from each capital of a long run it would rescan it.)
      const name = /(?:\p{Lu}[\p{L}'’-]+\s+){1,2}\p{Lu}[\p{L}'’-]+$/u.exec(before.slice(-80));
      return name ? `${name[0]}, ${after}` : after;
    }
  }
  // "Yes beta. Kamla Sharma, 10 Knightsbridge Rd, …": a short sentence before the address on its line.
  const sentence = /^([^\d\n.!?]{1,40}?)([.!?]+)[ \t]+(?=\p{Lu})/u.exec(t);
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

function preferLatinName(t: string): string {
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
const DEPARTMENT_ATTN = compile(
  'iu',
  String.raw`^(?:attn|attention|à l['’]attention de|a\/s)[\s:.]*(?:the\s+)?(?:receiving|shipping(?:\s*(?:&|`,
  String.raw`and)\s*receiving)?|accounts payable|warehouse|dock|r[ée]ception|comptabilit[ée]|magasinier|purchasing|`,
  String.raw`achats)\b[^\n]{0,20}$`,
);

/** A Chinese closing, alone or ending the last sentence. */
const ZH_SIGN_OFF =
  /(?:^|[。！!，,.\s])(?:谢谢|謝謝|多谢|多謝|感谢|感謝|此致|敬礼|敬禮|祝好|(?:(?:敬祝|順祝|顺祝|順頌|顺颂|祝)[ \t]*)?(?:商祺|時祺|时祺|台安|近安|大安|安好|順利|顺利))[！!。~～\s]*$/u;
/** A Chinese letter's closing on its own line ("敬祝 商祺", "此致", "敬禮"): no name. */
const ZH_CLOSING_LINE =
  /^[ \t]*(?:(?:敬祝|順祝|顺祝|順頌|顺颂|祝)[ \t]*)?(?:商祺|時祺|时祺|台安|近安|大安|安好|順利|顺利|敬礼|敬禮|此致)[ \t]*(?:敬礼|敬禮)?[！!。~～\s]*$/u;
const SIGN_OFF = compile('iu', String.raw`^(?:`, SIGN_OFF_WORDS, String.raw`)[\s\p{P}\p{Extended_Pictographic}]*$`);
/** A line that may be a person's name: capitalised words (with particles: "de", "van der"), credentials after a comma. */
const PERSON_LINE =
  /^\p{Lu}[\p{L}'’.-]*(?:[ \t]+(?:\p{Lu}[\p{L}'’.-]*|de|du|des|la|le|van|von|der|den|di|da|dos|bin|al|el))+(?:,[^\n]{0,40})?$/u;
/** "Order placed by Natasha Leclair", "New order #31877 from Trevor Lindqvist", "send a spare monitor to Owen Richards in …". */
const BUYER = compile(
  'mu',
  String.raw`(?:(?:[Oo]rder )?[Pp]laced by|[Oo]rdered by|[Pp]urchased by|[Bb]ought by|[Pp]assée par|`,
  String.raw`[Nn]ew order #?\d{1,10} from|(?:[Ss]end|[Ss]hip|[Mm]ail|[Cc]ourier)\b[^.!?\n]{0,60}?\bto)[ \t]+`,
  String.raw`(\p{Lu}[\p{Ll}'’-]+(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,2})(?=$|[\s,.!?;:(])`,
);

/** Two people of one family on a name line: "Greg & Linda Hofmann", "Donna and Ray Kuzyk (just put Donna)". */
const COUPLE =
  /^((?:[^:：\n]{1,20}[:：][ \t]*)?)(\p{Lu}[\p{Ll}'’-]+)[ \t]*(?:&|\band\b|\bet\b)[ \t]*(\p{Lu}[\p{Ll}'’-]+)[ \t]+(\p{Lu}[\p{L}'’-]+)((?:[ \t]*[—–(-][^\n]*)?)$/u;

/** A company's legal suffix. */
const LEGAL_NAME =
  /(?<![\p{L}])(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|incorporated|corporation|enr|s\.e\.n\.c)\.?(?![\p{L}])/iu;
/** Pronouns after a name: "Amara Osei-Bonsu (she/her)". */
const PRONOUNS = /(?<![ \t])[ \t]*\((?:she|he|they|elle|il|iel)[ \t]*\/[ \t]*\p{L}+(?:[ \t]*\/[ \t]*\p{L}+)?\)/giu;
/**
 * Credentials are looked for on a name line only, never longer than this: the regex tries every
 * comma of a line, so a long line of commas would make it quadratic.
 */
const NAME_LINE_MAX = 120;
const CREDENTIALS = compile(
  'iu',
  String.raw`(?:,|(?<=[\u3400-\u9fff])[ \t]+(?=[A-Z]{2,5}(?:,|$)))\s*(?:`,
  CREDENTIALS_WORDS,
  String.raw`)\.?(?:,\s*[\p{L}.]+)*$`,
);

/** The signer of an e-mail (the line under the sign-off) and the company line under their title. */
function readSignature(kindOf: LineKinds, lines: Line[]): PasteReading['signature'] {
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
  if (!chinese && raw.split(/\s+/).length < 2 && !/^\p{Lu}/u.test(raw)) return undefined;
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
      if (/^\p{Lu}/u.test(rest) && !/\d/.test(rest) && !isJobTitle(rest)) out.company = rest;
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

function turnReversedName(t: string): string {
  const m = /^(\p{Lu}[\p{L}'’-]+),\s*(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+)?)$/u.exec(t.trim());
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
const FAMILY_NAME =
  /(?<![\p{L}])(?:nom de famille|last name|surname|family name)[ \t]+(?:c['’]est|est|is|will be|sera)[ \t]+(?:(?:maintenant|now|rendu|astheure)[ \t]+)?(?:le |la )?(\p{Lu}[\p{L}'’-]+)(?![\p{L}])/u;
/** "Yo c'est Max", "hey it's Jess here": a chat's writer saying who they are. */
const SELF_INTRO =
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
  for (const m of text.matchAll(SEND_TO_NAME)) {
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

function chatName(said: string): { name: string; forName: boolean } | undefined {
  if (!NAME_SAID_GATE.test(said) && !/(?<![\p{L}])on(?![\p{L}])/u.test(said)) return undefined;
  // "Margaret (Peggy) Doucette": the nickname in brackets is no part of the name.
  const text = said.replace(BRACKETED_NICKNAME, '');
  // In a message written with capitals a name has them: "I'm usually out back" names no one.
  const cased = (text.match(/(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+/gu)?.length ?? 0) >= 3;
  // Lazily, in this order: the first name said outright wins, a full one over a lone first name
  // ("for my bf tho … his name is tyler brooks").
  function* found() {
    for (const m of text.matchAll(NAME_THEN_FOR)) yield { m, forName: true };
    // (A bare "under …" or "put …" gives way to a name said with whose it is: "(under marcus
    // fairweather) … put it under my mom's name — linda fairweather".)
    const weak: RegExpExecArray[] = [];
    for (const m of text.matchAll(FOR_NAMES)) {
      if (/(?:^|[\s,.!?;:(])(?:under|put)\s+$/iu.test(m[0].slice(0, m[0].length - m[1].length)))
        weak.push(m as RegExpExecArray);
      else yield { m, forName: true };
    }
    for (const m of weak) yield { m, forName: true };
    for (const m of text.matchAll(CHAT_NAMES)) yield { m, forName: false };
    for (const m of text.matchAll(HERE_NAMES)) yield { m, forName: false };
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
      if (words.length && cased && !outrightLead(m) && !/^\p{Lu}/u.test(w) && !NAME_PARTICLES.has(w) && w !== 'st')
        break;
      // ("Put Wayne Skinner's name on it": the possessive ends the name.)
      if (words.length && /['’]s$/u.test(w)) {
        words.push(w.slice(0, -2));
        break;
      }
      words.push(w);
    }
    const outright = outrightLead(m);
    if (!words.length || (cased && !outright && !/^\p{Lu}/u.test(words[0]))) continue;
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
function askedBlock(text: string): string {
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
function quotedRows(text: string): string {
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
/** A person's name said alone as a part of a chat line: "Min-jun Park", "Nadia El Amrani", "Hubert Vandermeer". */
const NAME_PART =
  /^\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)?(?:[ \t]+(?:(?:de|du|des|la|le|van|von|der|da|di|el|al)[ \t]+)*\p{Lu}[\p{Ll}'’]+(?:-\p{L}[\p{Ll}'’]+)?){1,3}$/u;

/** The name a chat's other party gives in answer to a question for it (the line after the question). */
function answeredName(lines: Line[]): { name: string; forName: boolean } | undefined {
  // (Messenger's speaker lines, a name alone over each message, are no answer: "Sophie Tremblay" twice.)
  let seen: Map<string, number> | undefined;
  const header = (t: string) => {
    seen ??= lines.reduce((m, l) => m.set(l.text.trim(), (m.get(l.text.trim()) ?? 0) + 1), new Map<string, number>());
    return (seen.get(t.trim()) ?? 0) >= 2 || /^(?:you|vous|moi|me|you sent)$/iu.test(t.trim());
  };
  for (let i = 0; i < lines.length - 1; i++) {
    if (lines[i].text.length > 160 || !ASKS_NAME.test(lines[i].text)) continue;
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

/** Chinese form labels run together without colons: 王小明电话4165550188地址… → one labelled line each. */
const ZH_LABEL =
  /(?<![:：\n])(收件人姓名|收件人|收货人|收貨人|联系人|聯絡人|姓名|联系电话|聯絡電話|电话号码|手机号码|手机号|电话|電話|手机|手機|收货地址|收貨地址|详细地址|詳細地址|地址|邮政编码|邮编|郵編|郵遞區號|邮箱|電郵|电子邮件)(?![:：])/gu;

function splitChineseLabels(input: string): string {
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

/** A phone's own label before it ("T:", "C:", "cell", "Fax:"), so it does not stay behind as a name. */
/** A nickname in brackets inside a name: "Dr. Katarzyna (Kasia) Nowak-Haldane", "Margaret (Peggy) Doucette". */
const BRACKETED_NICKNAME =
  /[ \t](?:\(\p{Lu}[\p{Ll}'’-]{1,20}\)|["“]\p{Lu}[\p{Ll}'’-]{1,20}["”])(?=[ \t]+\p{Lu}\p{Ll})/gu;
/** A short note in brackets ending a line: "604-555-0134（送貨請打這個）". */
const BRACKET_NOTE_END = /[(（][^()（）\n]{0,30}[)）][ \t]*$/u;

/** A short label with a colon right before a phone number: "Jasper receiving: ", "Site office: ". */
const PHONE_LEAD =
  /^[ \t]*\p{L}[\p{L}'’. -]{0,30}[:：][ \t]*(?=(?:\+?1[ \t.-]*)?\(?[2-9]\d{2}\)?[ \t.-]*\d{3}[ \t.-]*\d{4})/gmu;
/** What is left of "902-555-0135 (shop)" once the number is cut out. */
const PHONE_NOTE = /\n[ \t]*\((?:[\p{L}'’. -]{1,20})\)(?=[ \t]*(?:[·|,/•-][ \t]*)?(?:\n|$))/gu;
const PHONE_LABEL = compile(
  'giu',
  String.raw`(?<![\p{L}\p{N}])(?:`,
  PHONE_LABEL_WORDS,
  String.raw`)\.?[ \t:：]*(?=(?:\+?1[ \t.-]*)?\(?[2-9]\d{2}\)?[ \t.-]*\d{3}[ \t.-]*\d{4})`,
);

const GREETING = new RegExp(
  String.raw`^(?:${GREETING_WORDS})\b(?:[^,!\n]{0,30}[,!]\s*|\s+(?=\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+(?:\s+\d|\s*$)))`,
  'iu',
);

function stripGreeting(line: string): string {
  return line.replace(GREETING, '');
}

const FAX = /(?:fax|télécopieur|telecopieur|téléc|telec|f|传真|傳真)\)?\.?\s*[:：]?\s*$/i;
const CELL = /(?:cell(?:ular)?|mobile|mob|cel|cellulaire|portable|c|m|手机|手機|微信)\)?\.?\s*[:：#]?\s*$/i;
const DIRECT = /(?:direct|dir|d|ligne directe)\)?\.?\s*[:：]?\s*$/i;
const TOLL_FREE = /^(?:800|888|877|866|855|844|833)$/;

/** A name line without its title or credentials, to tell "Dr. Rebecca Saint-Amand" and "Rebecca Saint-Amand" apart from another person. */
const personKey = (t: string) =>
  t
    .slice(0, NAME_LINE_MAX)
    .replace(/^(?:dr|dre|mr|mrs|ms|mme|m|me)\.?[ \t]+/iu, '')
    .replace(CREDENTIALS, '')
    .trim()
    .toLowerCase();

/** Every phone of the text with how much it is wanted: in the chosen block, a cell, a direct line, an office line; never a fax. */
/** "attention Karen in receiving", "À l'attention de Sylvain Gagnon, commis", "address them to Gerard Kielly". */
const BODY_ATTENTION = compile(
  'giu',
  String.raw`(?:^|[\s,.;:(—–-])(?:attention|attn\.?|to the attention of|à l['’]attention de|a\/s(?: de)?|address(?:ed)? `,
  String.raw`(?:it|them|this|the (?:box|boxes|parcel|package|order|shipment)) to|adress(?:er|ez)(?: le colis| les boîtes|`,
  String.raw` la commande)? (?:à|au|aux)|care of|au nom de|mark(?:ed)? (?:it|them) (?:for|to))(?:[ \t]+(?:our|my|their|`,
  String.raw`notre|leur|the)[ \t]+[^,.;:\d\n]{2,40},)?[ \t]*[:,]?[ \t]+(?:(?:mr|mrs|ms|dr|mme)\.?[ \t]+|M\.[ \t]+|Me[ \t]+`,
  String.raw`(?=\p{Lu}))?([\p{L}'’-]+(?:[ \t]+[\p{L}'’-]+){0,2})`,
);
const NOT_ATTENTION = compile('iu', String.raw`^(?:`, NOT_ATTENTION_WORDS, String.raw`)$`);

/**
 * The person a message (not the address block) asks the parcel to be addressed to: capitalised words
 * after "attention", "À l'attention de", "address them to" in a sentence. With the line it is on.
 */
/** Heading words that name no place a phone could be labelled with. */
const PLACE_NOT = new Set([
  'address',
  'adresse',
  'ship',
  'shipping',
  'deliver',
  'delivery',
  'livraison',
  'send',
  'with',
  'your',
  'this',
  'please',
  'expédition',
  'details',
  'détails',
  'information',
  'informations',
]);

type Attention = { name: string; start: number; also?: number };

function bodyAttention(lines: Line[], block: Block | undefined): Attention | undefined {
  // (A block without a heading is the whole text: its sentences are searched too.)
  const inBlock = new Set(block?.heading || block?.placed ? block.lines.map((l) => l.start) : []);
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start) || l.text.split(/\s+/).length < 6) continue;
    for (const m of l.text.matchAll(BODY_ATTENTION)) {
      const words: string[] = [];
      for (const w of m[1].split(/[ \t]+/)) {
        if (!/^\p{Lu}[\p{Ll}'’-]/u.test(w) || NOT_ATTENTION.test(w) || NAME_STOPWORDS.has(w.toLowerCase())) break;
        words.push(w.replace(/['’]s$/u, ''));
      }
      if (words.length && !lookupCity(words.join(' '))) return { name: words.join(' '), start: l.start };
    }
  }
  // "Site contact: Jomar Villanueva, 780-555-0167" outside the block: the person who receives it there.
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start) || l.text.length > 120) continue;
    const m =
      /^(?:site|on-site|onsite|receiving|delivery|shipping|yard|warehouse|dock)[ \t]+contact[ \t]*[:：][ \t]*(\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,2})/iu.exec(
        l.text,
      );
    if (m) return { name: m[1], start: l.start };
  }
  // "收货人写仓库主管陈志强，电话 …": the name the message asks to write as the recipient.
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start)) continue;
    const m = ZH_WRITE_AS.exec(l.text.slice(0, 2000));
    if (!m) continue;
    const run = m[1];
    const name = [4, 3, 2]
      .map((n) => run.slice(-n))
      .find(
        (t, k) =>
          t.length === [4, 3, 2][k] &&
          (k === 0 ? COMPOUND_SURNAMES.has(t.slice(0, 2)) : isChineseNameStart(t)) &&
          !CHINESE_NOT_NAME.test(t),
      );
    // (Its number, split onto the next line as "电话：…", goes with it.)
    const next = lines[lines.indexOf(l) + 1];
    if (name)
      return {
        name,
        start: l.start,
        ...(next && /^(?:电话|電話|手机|手機)[:：]/u.test(next.text) && { also: next.start }),
      };
  }
  // "livrer l'enveloppe à Me Julie Bouchard", "signed for by our Registrar, Anika Sorensen": a whole
  // name (two or three capitalised words, none a place's, a company's or a department's) after the verb.
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start) || l.text.split(/\s+/).length < 6) continue;
    for (const m of l.text.slice(0, 2000).matchAll(DELIVER_TO)) {
      const words = m[1].split(/[ \t]+/);
      if (
        words.every(
          (w) => !NOT_ATTENTION.test(w) && !NAME_STOPWORDS.has(w.toLowerCase()) && !STREET_TYPES.has(w.toLowerCase()),
        ) &&
        !COMPANY_PATTERN.test(` ${m[1]} `) &&
        !SHIP_WORDS.test(m[1]) &&
        !OTHER_WORDS.test(m[1]) &&
        !lookupCity(m[1]) &&
        !words.some((w) => lookupCity(w))
      )
        return { name: m[1], start: l.start };
    }
  }
  return undefined;
}

/** "收货人写…", "收件人請寫成…", "收件人填…": the Chinese run up to the next comma or stop. */
const ZH_WRITE_AS =
  /(?:收货人|收貨人|收件人)(?:请|請)?(?:写|寫|填)(?:成|上|为|為)?[ \t:：]*([\u3400-\u9fff]{2,12})(?=[，,。;；\s(（]|$)/u;
/** Words a run may end in that are no name ("的", "自己"). */
const CHINESE_NOT_NAME = /的|自己|我|她|他|你/u;

/** A verb of handing over, then the person: "livrer … à Me Julie Bouchard", "signed for by our Registrar, Anika Sorensen". */
const DELIVER_TO = compile(
  'gu',
  String.raw`(?:\b(?:[Dd]eliver(?:ed)?|[Hh]and(?:ed)?|[Gg]iven?|[Ll]ivrer|[Ll]ivrez|[Ll]ivré|[Rr]emettre|[Rr]emettez|`,
  String.raw`[Rr]emis)\b[^.!?\n]{0,60}?(?:\bto|(?<![\p{L}])à)|\b(?:[Ss]igned for|[Rr]eceived|[Pp]icked up|[Ss]igné|`,
  String.raw`[Rr]eçu)[ \t]+(?:by|par))[ \t]+(?:(?:our|my|their|notre|leur|the|la|le)[ \t]+[^,.;:\d\n]{2,30},[ \t]*)?(?:`,
  String.raw`(?:[Mm]rs?|[Mm]s|[Dd]re?|[Mm]me|[Mm]e)\.?[ \t]+|M\.[ \t]+)?(\p{Lu}[\p{Ll}'’-]+`,
  String.raw`(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,2})(?![\p{L}'’-]|[ \t]+\p{Lu})`,
);

function findPhones(kindOf: LineKinds, lines: Line[], block: Block | undefined, attention?: Attention): Phone[] {
  // Phones of a billing or head-office block are not the recipient's; those of the chosen block win.
  const inBlock = new Set(block?.heading || block?.placed ? block.lines.map((l) => l.start) : []);
  const out: Phone[] = [];
  // The words of the chosen block's heading that name a place ("Warehouse", "Réception des marchandises").
  const placeWords = (block?.heading ?? '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 4 && !PLACE_NOT.has(w));
  // A billing block of the same person (its first line is the ship-to's name) may give the phone.
  const who = block?.lines.find((l) => l.text && kindOf(l.text) === 'keep')?.text;
  const samePerson = new Set<number>();
  if (who && block) {
    let open = false;
    for (const l of lines) {
      if (!block.excluded.has(l.start)) open = false;
      else if (personKey(l.text) === personKey(who)) open = true;
      if (open) samePerson.add(l.start);
    }
  }
  for (const line of lines) {
    if ((block?.excluded.has(line.start) && !samePerson.has(line.start)) || isIdLine(line.text)) continue;
    for (const m of line.text.matchAll(PHONE_RE)) {
      const [, a1, a2, b, c, ext] = m;
      const area = a1 ?? a2;
      const preceding = line.text.slice(Math.max(0, m.index - 24), m.index);
      // "416-555-0199 (fax)  416-555-0100": the label in brackets is the number's before it.
      const before = /\d[ \t]*\([^()\d]{1,14}\)[ \t]*$/.test(preceding) ? '' : preceding;
      // "Your order number is 3187726540": an order, invoice or tracking number, not a phone.
      if (
        /(?:order|commande|invoice|facture|tracking|suivi|confirmation|transaction|receipt|reçu|订单|訂單)[^0-9\n]{0,24}$/iu.test(
          before,
        )
      )
        continue;
      // A label after the number names it ("416-555-0199 (fax)"), unless it is the next number's
      // label ("Phone: 709-555-0124  Fax: 709-555-0125").
      const rest = line.text.slice(m.index + m[0].length, m.index + m[0].length + 40);
      const after = /^[\s,;|·-]*[\p{L}.]{1,14}[ \t]*[:：]?[ \t]*(?:\+?1[ \t.-]*)?\(?[2-9]\d{2}/u.test(rest)
        ? ''
        : rest.slice(0, 16);
      if (FAX.test(before) || /^\s*\(?(?:fax|téléc)/i.test(after)) continue;
      let rank = samePerson.has(line.start) ? 4 : 3;
      // The number the message gives with the person it names ("attention Karen …, her line is …").
      const named =
        attention &&
        (line.start === attention.start ||
          line.start === attention.also ||
          new RegExp(`(?<![\\p{L}])${attention.name.split(' ')[0]}(?![\\p{L}])`, 'u').test(line.text));
      // "Warehouse (303) 555-0138" when the parcel goes to the warehouse block for someone there other
      // than the writer ("attn: Luis (receiving)"): the number of that place over the writer's cell.
      // (Or its label after it: "250-555-0145 (yard)" under "Yard / deliveries:".)
      // "Her cell: 902 555 0158. Mine is …": the number the message gives as the recipient's.
      const theirs = compile(
        'iu',
        String.raw`(?<![\p{L}])(?:her|his|their|son|sa|leur)[ \t]+(?:cell|cell phone|phone|number|mobile|cellulaire|cell\.|`,
        String.raw`numéro|tel|tél\.?)[^\d\n]{0,12}$|(?:他|她)的(?:电话|電話|手机|手機|手提)(?:号码|號碼)?[^\d\n]{0,4}$`,
      ).test(line.text.slice(Math.max(0, m.index - 30), m.index));
      // (Or the number's own label, before it or in brackets after it, is a word of that heading or its
      // short form: "Labo : 418 555-0157" under "Laboratoire :", "418-555-0185 (atelier)" under
      // "Atelier de costumes :", "Warehouse (716) 555-0112" under "Warehouse:".)
      const labels = [
        ...(/([\p{L}][\p{L}'’.-]*(?:[ \t]+[\p{L}'’.-]+){0,2})[ \t]*[:：]?[ \t]*$/u.exec(before)?.[1] ?? '').split(
          /[ \t]+/,
        ),
        /^[ \t]*\(([\p{L}]{4,20})\)/u.exec(after)?.[1] ?? '',
      ]
        .map((w) => w.toLowerCase().replace(/\.$/, ''))
        .filter((w) => w.length >= 4);
      // (Ahead of the office line, not of a cell: "Plant 705-555-0134 | Cell 249-555-0111" is the writer's
      // cell when the writer is the one there.)
      const place =
        theirs ||
        (Boolean(attention && placeWords.length) && placeWords.some((w) => before.toLowerCase().includes(w))) ||
        placeWords.some(
          (w) => !/^(?:bureau|office|home|maison|work)$/.test(w) && new RegExp(`^\\s*\\(${w}\\)`, 'iu').test(after),
        );
      const labelled = placeWords.some(
        (w) =>
          !/^(?:bureau|office|home|maison|work)$/.test(w) && labels.some((l) => w.startsWith(l) || l.startsWith(w)),
      );
      if (place || labelled) rank = 1.5;
      else if (CELL.test(before) || /^\s*\(?(?:cell|mobile|cellulaire|手机|手機)/i.test(after)) rank = 1;
      else if (DIRECT.test(before) || /^\s*\(?direct/i.test(after)) rank = 2;
      if (TOLL_FREE.test(area)) rank = 5;
      const value = `${area}-${b}-${c}${ext ? ` ext. ${ext}` : ''}`;
      out.push({
        value,
        digits: `${area}${b}${c}`,
        index: line.start + m.index,
        rank,
        // (A sentence naming them, or a line opening with their name: "Natasha's direct line: …", "Jesse: …".)
        inBlock:
          inBlock.has(line.start) ||
          place ||
          Boolean(
            named &&
            (line.text.split(/\s+/).length >= 6 ||
              line.start === attention.also ||
              line.text.startsWith(attention.name.split(' ')[0]) ||
              line.text.startsWith(attention.name)),
          ),
      });
    }
  }
  return out;
}

/** A sentence naming the number to call: "call the lab line", "Use the field office number", "Shop line is the one to call". */
const PHONE_ASKED = [
  compile(
    'giu',
    String.raw`(?<![\p{L}])(?:call|use|ring|phone|try|dial|text)[ \t]+(?:the[ \t]+|our[ \t]+|my[ \t]+|his[ \t]+|her[ \t]+|`,
    String.raw`their[ \t]+)?((?:[\p{L}-]+[ \t]+){0,2}?[\p{L}-]+)[ \t]+(?:line|number|phone|no\.|#)(?![\p{L}])`,
  ),
  // (A word starts with a letter, after no letter or hyphen: a long run of hyphens is tried once.)
  /(?<![\p{L}-])(?:the[ \t]+|our[ \t]+|my[ \t]+)?((?:\p{L}[\p{L}-]*[ \t]+){0,2}?\p{L}[\p{L}-]*)[ \t]+(?:line|number|phone)[ \t]+is[ \t]+(?:the[ \t]+one|best|the[ \t]+best|better)(?![\p{L}])/giu,
  // "Call the yard office when you're 30 min out", "Ring the service desk when you arrive".
  /(?<![\p{L}])(?:call|ring|phone|text)[ \t]+the[ \t]+((?:[\p{L}-]+[ \t]+){0,2}?[\p{L}-]+)(?=[ \t]+(?:when|before|if|once|on|at|and|so|first|ahead)(?![\p{L}])|[ \t]*[,.;!—–])/giu,
  // "my cell is best", "Best reached on my cell".
  /(?<![\p{L}])(?:my|her|his|their|the)[ \t]+(cell|mobile|cellphone|cellulaire)[ \t]+is[ \t]+(?:best|the[ \t]+one|the[ \t]+best|better)(?![\p{L}])/giu,
  /(?<![\p{L}])(?:reach|reached|reachable|contact)[ \t]+(?:me[ \t]+|her[ \t]+|him[ \t]+)?(?:on|at|via)[ \t]+(?:my[ \t]+|her[ \t]+|his[ \t]+)?(cell|mobile|cellphone|cellulaire)(?![\p{L}])/giu,
  // "appelez l'usine à votre arrivée", "qu'il appelle la librairie", "appelez mon cellulaire".
  /(?<![\p{L}])(?:appeler|appelez|appelle|téléphoner|téléphonez|téléphone)[ \t]+(?:à[ \t]+)?(?:l['’]|la[ \t]+|le[ \t]+|au[ \t]+|mon[ \t]+|ma[ \t]+)([\p{L}-]+)/giu,
  // "到咗打舖頭電話", "请打仓库的电话".
  /(?:打|致电|致電|联系|聯繫|聯絡)([\u3400-\u9fff]{1,4}?)(?:的)?(?:电话|電話|手机|手機)/gu,
  compile(
    'giu',
    String.raw`(?<![\p{L}])(?:appeler|appelez|appelle|utiliser|utilisez|utilise|composer|composez)[ \t]+(?:le|au)[ \t]+`,
    String.raw`(?:numéro|téléphone|tél\.?|poste)[ \t]+(?:du|de[ \t]+la|de[ \t]+l['’]|des|de)[ \t]*([\p{L}-]+)`,
  ),
];
const PHONE_ASKED_STOP = new Set([
  'the',
  'our',
  'my',
  'his',
  'her',
  'their',
  'this',
  'that',
  'same',
  'main',
  'other',
  'right',
  'correct',
  'phone',
  'number',
  'line',
  'and',
  'or',
  'one',
]);

/**
 * The digits of the one number the message asks for by its label: the words of a sentence like
 * "call the lab line" matched against each number's label in the text ("Lab: 204-555-0164",
 * "Service Shop: 105-1889 Springfield Rd … · 250-555-0156", "418-555-0185 (atelier)").
 */
function namedPhone(text: string, phones: Phone[]): string | undefined {
  if (phones.length < 2) return undefined;
  const asked = new Set<string>();
  for (const re of PHONE_ASKED)
    for (const m of text.matchAll(re))
      for (const w of m[1].toLowerCase().split(/[ \t]+/))
        if ((w.length >= 3 || /^[\u3400-\u9fff]{2}$/u.test(w)) && !PHONE_ASKED_STOP.has(w)) asked.add(w);
  if (!asked.size) return undefined;
  // (A generic word weighs less: "call the yard office" names "Edmonton Yard 780-…" over "Office 403-…".)
  const score = (label: string) => {
    let total = 0;
    for (const w of asked) {
      const hit = label
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .some((l) => l === w || (Math.min(l.length, w.length) >= 4 && (l.startsWith(w) || w.startsWith(l))));
      if (hit) total += GENERIC_PLACE.has(w) ? 0.5 : 1;
    }
    return total;
  };
  const best = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.length > 400) continue;
    const head = /^[ \t]*([^:：\d@\n]{2,40})[:：]/u.exec(line)?.[1] ?? '';
    let k = 0;
    for (const m of line.matchAll(PHONE_RE)) {
      const digits = `${m[1] ?? m[2]}${m[3]}${m[4]}`;
      const first = k++ === 0;
      if (!phones.some((p) => p.digits === digits)) continue;
      // Its own label before it ("| Lab: "), or in brackets after it, or the line's heading when no other number comes first.
      const before =
        line
          .slice(Math.max(0, m.index - 20), m.index)
          .split(/[|·•,;]/u)
          .pop() ?? '';
      const after = /^[ \t]*\(([^()\d]{2,20})\)/u.exec(line.slice(m.index + m[0].length))?.[1] ?? '';
      const label = `${before} ${after} ${/\p{L}/u.test(before) ? '' : first ? head : ''}`;
      const points = score(label);
      if (points > (best.get(digits) ?? 0)) best.set(digits, points);
    }
  }
  const top = Math.max(0, ...best.values());
  const hits = [...best].filter(([, v]) => v === top);
  return top > 0 && hits.length === 1 ? hits[0][0] : undefined;
}
const GENERIC_PLACE = new Set(['office', 'desk', 'main', 'direct', 'reception', 'bureau', 'work', 'business']);

function choosePhone(phones: Phone[]): PasteReading['phone'] {
  if (!phones.length) return undefined;
  const best = [...phones].sort(
    (a, b) => Number(b.inBlock) - Number(a.inBlock) || a.rank - b.rank || a.index - b.index,
  )[0];
  const others = [...new Set(phones.filter((p) => p.digits !== best.digits).map((p) => p.value))];
  return { value: best.value, others };
}

const SHOP_EMAIL = compile(
  'i',
  String.raw`^(?:`,
  SHOP_EMAIL_WORDS,
  String.raw`)@|@(?:shopify|etsy|ebay|amazon|squareup|wix|paypal|mail\.shopify)\.`,
);

function findEmails(lines: Line[], block: Block | undefined): string[] {
  const collect = (ls: Line[]) => {
    const found: string[] = [];
    // (Not the user's own, in their own chat lines: "E-transfer to what email?" / "You sent" / "ryan.koh88@…".)
    for (const l of ls) if (!isOwn(l.speaker)) replaceEmails(l.text, (m) => (found.push(m.replace(/\.$/, '')), ''));
    return found;
  };
  // A shop's or a marketplace's own address (orders@, noreply@, @shopify.) is set aside when the text has others or is an order page.
  const everything = collect(lines);
  const notShop = (e: string) => !SHOP_EMAIL.test(e) || (!block?.heading && new Set(everything).size === 1);
  const own = block ? collect(block.lines).filter(notShop) : [];
  if (own.length) return [...new Set(own)];
  const all = collect(lines.filter((l) => !block?.excluded.has(l.start))).filter(notShop);
  // Outside a ship-to block an address is only the recipient's when it bears their name (checked by the
  // caller) — also in the billing block, which is often the recipient's own.
  const set = block?.heading ? collect(lines.filter((l) => block.excluded.has(l.start))).filter(notShop) : [];
  return [...new Set([...all, ...set])].map((e) => (block?.heading ? `?${e}` : e));
}

const CORRECTION_POSTAL = /\b([A-Za-z]\d[A-Za-z])\s?(\d[A-Za-z]\d)\b/;
const CORRECTION_UNIT =
  /\b(apt\.?|apartment|unit|suite|app\.?|appartement|room|#)\s*(?:(?:is|est|no\.?|:)\s*)?#?\s*([A-Za-z]?\d{1,5}[A-Za-z]?)\b/i;
const FRENCH_NOT_BUT =
  /\bc['’ ]?est pas (?:le |la |l['’]|au |à )?([\p{L}\d-]+)[^,.;!?\n]{0,30}?[\s,]+(?:c['’ ]?est|mais) (?:le |la |l['’]|au |à )?([\p{L}\d-]+)/iu;
const CORRECTION_SWAP = compile(
  'u',
  String.raw`(?<![\p{L}\d-])((?:\p{Lu}[\p{L}-]*[ \t]+)?[\p{L}\d-]+),?\s+(?:[Nn]ot|NOT|[Ii]nstead of|[Pp]as|PAS|`,
  String.raw`[Aa]u lieu de)\s+(?:[Tt]he\s+|[Ll]e\s+|[Ll]a\s+|[Ll]['’]|[Dd]u\s+)?([\p{L}\d-]+(?:[ \t]+\p{Lu}[\p{L}-]*)?)|`,
  String.raw`(?<![\dA-Za-z-])(\d[\dA-Za-z-]*)\s*(?:而不是|不是|唔係|唔系)\s*(\d[\dA-Za-z-]*)`,
);

function readCorrection(line: string, c: PasteReading['corrections']): void {
  // "电话写错了，应该是 514-555-0176", "oops my number is 416-555-0188": the phone, corrected (on a
  // line that corrects nothing of the address: "oh no sorry 1178 Kingsway, …, my number's 604 …" does).
  const phones = [...line.matchAll(PHONE_RE)];
  if (
    phones.length === 1 &&
    CORRECTED_PHONE.test(line) &&
    !hasStreet(line.replace(PHONE_RE, ' ')) &&
    !POSTAL_LINE.test(line)
  ) {
    const [, a1, a2, b, d] = phones[0];
    c.phone = `${a1 ?? a2}-${b}-${d}`;
    return;
  }
  // "sorry i just moved, new place is 3125 main st apt 402 vancouver v5t 3g6": a whole new address.
  const m = CORRECTION.exec(line);
  const after = m ? line.slice(m.index + m[0].length) : line;
  if (hasStreet(after) && /\p{L}{3,}/u.test(after.replace(/\b(?:not|pas)\b.*$/iu, ''))) {
    const moved =
      /(?:new (?:place|address|one)(?: is)?|moved to|(?:please )?(?:ship|send)(?: it)? to|envoie(?:z)?(?:-le)? (?:à|au)|nouvelle adresse(?: est| c['’]est)?|新地址(?:是)?)\s*[:：]?\s*/iu.exec(
        after,
      );
    if (moved) {
      c.address = after
        .slice(moved.index + moved[0].length)
        .replace(SAME_TOWN, ' ')
        .replace(
          /(?<![\p{L}])(?:postal code|code postal|postcode|zip(?: code)?)(?:[ \t]+(?:is|est))?[ \t:]*(?=[A-Za-z]\d[A-Za-z]|\d{5})/giu,
          '',
        );
      return;
    }
  }
  const postal = CORRECTION_POSTAL.exec(line);
  if (postal) c.postal = `${postal[1]} ${postal[2]}`.toUpperCase();
  // "c'est pas 4e avenue c'est 5e avenue": the wrong word first, the right one after.
  const french = FRENCH_NOT_BUT.exec(line);
  if (french) {
    c.swaps.push([french[1], french[2]]);
    return;
  }
  // "unit 5 not suite 5": a unit said again, not a word swapped for a number.
  const found = CORRECTION_SWAP.exec(line);
  // (Nor halves of a postal code already corrected: "postal code is T5K 1V9, not T5K 0L9".)
  const half = (x?: string) => Boolean(postal && x && /^(?:[A-Za-z]\d[A-Za-z]|\d[A-Za-z]\d)$/.test(x));
  const swap =
    found &&
    !/^(?:apt|apartment|unit|suite|app|appartement|#)\.?$/i.test(found[2] ?? '') &&
    !half(found[1]) &&
    !half(found[2])
      ? found
      : null;
  if (swap) c.swaps.push(swap[1] ? [swap[2], swap[1]] : [swap[4], swap[3]]);
  const unit = CORRECTION_UNIT.exec(line);
  if (unit && !swap) c.unit = `${unit[1]} ${unit[2]}`;
  // "哦不对 是1108房": the room in Chinese.
  const room = ROOM.exec(line);
  if (room && !unit && !swap) c.unit = `Unit ${room[1]}`;
  if (!unit && !room && BASEMENT_SAID.test(line)) c.unit = 'Bsmt';
  // "c'est le 3242 en fait", "係 1805 先啱": one number alone, and nothing else read from the line.
  if (!postal && !unit && !swap && !room && !french) {
    const numbers = line.replace(PHONE_RE, ' ').match(/(?<![\p{L}\p{N}-])\d{2,6}(?![\p{L}\p{N}-])/gu);
    if (numbers?.length === 1) c.number = numbers[0];
  }
}
