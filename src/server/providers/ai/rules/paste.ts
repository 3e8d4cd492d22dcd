/**
 * Reading a whole paste before the address parser sees it. People paste order pages, spreadsheet
 * rows, e-mail signatures and chats, not address labels: this step finds the part that is the
 * address (the shipping block, the ship-to of a signature, the CSV row), drops the lines around it
 * that are never part of an address (order numbers, dates, prices, greetings, job titles, notes),
 * and decides between competing values (several phones, a correction later in a chat). What it
 * could not decide for sure it reports, so the form can ask for a check.
 */
import { lookupCity } from './cities';
import { NAME_STOPWORDS } from './lexicon';
import { PHONE_RE, prepare, replaceEmails } from './address-text';
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
import { CORRECTION, dropJobTitle, hasStreet, lineKinds, type LineKinds } from './paste-lines';
import {
  answeredName,
  askedBlock,
  BUYER,
  chatName,
  CREDENTIALS,
  cutLead,
  FAMILY_NAME,
  NAME_LINE_MAX,
  preferLatinName,
  quotedRows,
  readSignature,
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
import { keepBlockLines } from './paste-keep';
import { type Attention, type Block, type Line, type ParseRole, type PasteReading, type Phone } from './types';

/** The reading of `input` for `role` (the sender form prefers a From/Sender block, the others the ship-to). */
export function readPaste(input: string, role: ParseRole): PasteReading {
  // Each distinct line is classified once in this reading (block, context and signature ask again).
  const kindOf = lineKinds();
  const paste = splitPaste(kindOf, input);
  const { thread, text, csv, whole, lines } = paste;
  const senderLines = new Set(whole.filter((l) => SENDER_LINE.test(l.text)).map((l) => l.start));
  const signature = readSignature(kindOf, lines);
  dropSuperseded(lines);

  const block = chooseBlock(kindOf, lines, role, shipTargets(lines));
  const corrections: PasteReading['corrections'] = { swaps: [] };
  // The newest message over a forwarded address may correct it.
  for (const line of (thread.top ?? '').split('\n'))
    if (line.length <= 300 && kindOf(line) === 'correction') readCorrection(line, corrections);
  const blockLines = block ? block.lines : lines;
  const keep = { kindOf, text, role, senderLines, blockLines, corrections, csv: Boolean(csv) };
  const { kept, otherCountry: lineCountry } = keepBlockLines(keep);
  if (block) readLaterCorrections(kindOf, lines, block, corrections);
  // (Read on the sentences whole: "…, attention Karen in receiving. Do NOT send it to …" loses its
  // start where the address is cut out of a chat line.)
  const attention = bodyAttention(whole, block);
  const phones = findPhones(kindOf, lines, block, attention);
  const emails = findEmails(lines, block);
  const body = bodyText(kept);
  let otherCountry = lineCountry;
  // A UK postcode ("M20 3FH") and no Canadian postal code or US ZIP: a British address, even unnamed.
  if (!otherCountry && UK_POSTCODE.test(body) && !POSTAL_LINE.test(body)) otherCountry = 'GB';
  const reading: PasteReading = { text: body, corrections, otherBlocks: block?.others ?? [], signature };
  addPeople(reading, { kindOf, paste, block, attention });
  addBlock(reading, { kindOf, paste, block, otherCountry });
  addContacts(reading, text, phones, emails);
  return reading;
}

/** The paste split into lines: a thread's own message, columns laid out, a spreadsheet row read, labels and speakers apart. */
type SplitPaste = {
  thread: ReturnType<typeof cutThread>;
  text: string;
  csv: ReturnType<typeof readCsv>;
  source: string;
  whole: Line[];
  lines: Line[];
};

function splitPaste(kindOf: LineKinds, input: string): SplitPaste {
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
  return { thread, text, csv, source, whole, lines };
}

/** A correction later in the thread, outside the block ("sorry, I put my OLD address. Please ship to …"). */
function readLaterCorrections(
  kindOf: LineKinds,
  lines: Line[],
  block: Block,
  corrections: PasteReading['corrections'],
): void {
  const inside = new Set(block.lines.map((l) => l.start));
  for (const l of lines) {
    if (inside.has(l.start) || block.excluded.has(l.start) || !l.text) continue;
    const fix = CORRECTION.exec(l.text);
    if (fix && kindOf(l.text.slice(fix.index)) === 'correction') readCorrection(l.text.slice(fix.index), corrections);
  }
}

/** The kept lines as the address parser reads them: without phones, e-mails and what labels them. */
function bodyText(kept: string[]): string {
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
  return body;
}

type Found = { kindOf: LineKinds; paste: SplitPaste; block: Block | undefined };

/** The people the text names beside the block: in a chat, an e-mail's From line, an attention line, a buyer. */
function addPeople(reading: PasteReading, found: Found & { attention: Attention | undefined }): void {
  const { kindOf, paste, block, attention } = found;
  const { source, text, whole, lines } = paste;
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
}

/** The block read (its heading, the text around it) and the country outside Canada and the US. */
function addBlock(reading: PasteReading, found: Found & { otherCountry: string | undefined }): void {
  const { kindOf, paste, block, otherCountry } = found;
  const { csv, lines } = paste;
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
}

/** The phone and e-mail chosen, and every e-mail of the text. */
function addContacts(reading: PasteReading, text: string, phones: Phone[], emails: string[]): void {
  // "have the driver call the lab line", "the cottage phone is the one to use": the number the message names.
  const named = namedPhone(text.slice(0, 20_000), phones);
  if (named) for (const p of phones) if (p.digits === named) Object.assign(p, { inBlock: true, rank: 0 });
  const phone = choosePhone(phones);
  if (phone) reading.phone = phone;
  if (emails.length) reading.email = { value: emails[0], others: emails.slice(1) };
  const every: string[] = [];
  replaceEmails(text.slice(0, 20_000), (m) => (every.push(m.replace(/\.$/, '')), ''));
  if (every.length) reading.allEmails = [...new Set(every)].slice(0, 20);
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
