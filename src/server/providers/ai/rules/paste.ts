/**
 * Reading a whole paste before the address parser sees it. People paste order pages, spreadsheet
 * rows, e-mail signatures and chats, not address labels: this step finds the part that is the
 * address (the shipping block, the ship-to of a signature, the CSV row), drops the lines around it
 * that are never part of an address (order numbers, dates, prices, greetings, job titles, notes),
 * and decides between competing values (several phones, a correction later in a chat). What it
 * could not decide for sure it reports, so the form can ask for a check.
 */
import { normalizeProvince, normalizeUsState } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import { escapeRegExp, LABEL_FIELDS, NAME_STOPWORDS } from './lexicon';
import { PHONE_RE, prepare, replaceEmails } from './parse-address';
import { chooseBlock, shipTargets } from './paste-block';
import { splitColumns } from './paste-columns';
import {
  bodyAttention,
  choosePhone,
  findEmails,
  findPhones,
  namedPhone,
  PHONE_LABEL,
  PHONE_LEAD,
  PHONE_NOTE,
  stripGreeting,
} from './paste-contacts';
import { readCorrection } from './paste-corrections';
import { readCsv } from './paste-csv';
import { CORRECTION, dropJobTitle, hasStreet, isJobTitle, lineKinds, otherCountryOf } from './paste-lines';
import {
  answeredName,
  askedBlock,
  BRACKETED_NICKNAME,
  BUYER,
  chatName,
  COUPLE,
  CREDENTIALS,
  cutLead,
  DEPARTMENT_ATTN,
  FAMILY_NAME,
  NAME_LINE_MAX,
  preferLatinName,
  PRONOUNS,
  quotedRows,
  readSignature,
  SELF_INTRO,
  turnReversedName,
  ZH_CLOSING_LINE,
} from './paste-names';
import {
  cutThread,
  dropEndEmoji,
  dropSuperseded,
  isOwn,
  joinFormFields,
  LISTING_TITLE,
  MAIL_HEADER_FIELD,
  POSTAL_LINE,
  SENDER_LINE,
  speakerFullName,
  splitChineseLabels,
  splitLines,
  stripSpeakers,
  UK_POSTCODE,
} from './paste-split';
import { type Block, type Line, type ParseRole, type PasteReading } from './types';
import { compile } from './vocabulary/compile';

/** "Attn: Receiving – Trevor Lindqvist": the department before the person. (Built once: a regexp literal inside the function was before.) */
const ATTN_DEPARTMENT_THEN_PERSON = compile(
  'iu',
  String.raw`^((?:attn|attention|à l['’]attention de|a\/s)(?:[ \t]*[:.])?[ \t]*)(?:the[ \t]+)?(?:receiving|shipping`,
  String.raw`(?:[ \t]*(?:&|and)[ \t]*receiving)?|warehouse|dock|r[ée]ception)[ \t]*[–—-][ \t]*(?=\p{Lu})`,
);

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
    t = t.replace(ATTN_DEPARTMENT_THEN_PERSON, '$1');
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
