/**
 * Stage 3 of the paste reading (after paste-lines.ts classifies lines): the recipient's block.
 * Section headings found and weighed (ship-to over billing and head office, the sender form's From),
 * places the message names, the envelope of a letter, where a block ends.
 */
import { CJK } from './address-text';
import { lookupCity } from './cities';
import { COMPANY_PATTERN, escapeRegExp, LABEL_FIELDS } from './lexicon';
import { hasStreet, isIdLine, type LineKinds, SECTION, type SectionKind } from './paste-lines';
import { LABELLED, POSTAL_LINE, sectionKind } from './paste-split';
import { type Block, type Line, type ParseRole, type Targets } from './types';
import { compile } from './vocabulary/compile';
import { ASKS_WORDS, PLACE_ASKED_WORDS, TARGET_VERB_WORDS } from './vocabulary/paste-words';
import { allMatches } from './matches';

/**
 * The lines that hold the address: after a ship-to heading ("Shipping address", "Ship to:",
 * "Adresse de livraison", "收货地址", "Warehouse:") up to the next heading; without one, the text
 * without its billing/head-office blocks. For the sender form, a From/Sender block wins.
 */
export function chooseBlock(kindOf: LineKinds, lines: Line[], role: ParseRole, targets: Targets): Block | undefined {
  const sections = findSections(lines, targets);
  if (!sections.length) return envelope(lines) ?? placeBlock(lines, targets);
  for (const s of sections) {
    // "Head office: 200 Front St W, Toronto, ON M5V 3K2" — a whole address on the heading's line is the whole block.
    const first = lines[s.from]?.text ?? '';
    if (s.to > s.from + 1 && POSTAL_LINE.test(first) && hasStreet(first)) s.to = s.from + 1;
    s.to = endOfBlock(kindOf, lines, s.from, s.to);
  }
  settleAsked(lines, sections, role, targets);
  const chosen = pickSection(kindOf, lines, sections, role);
  return blockOf(kindOf, lines, sections, { chosen, role });
}

type Section = { kind: SectionKind; heading: string; from: number; to: number };
type Heading = { kind: SectionKind; m: RegExpExecArray; tail?: string };

/** The sections the headings open, each to the next (`lines` lose the heading words the parser should not read). */
function findSections(lines: Line[], targets: Targets): Section[] {
  const sections: Section[] = [];
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
    const found = line.text ? sectionHeading(lines, i, { sections, targets: useTargets, plain }) : null;
    if (!found) {
      if (!line.text) paragraph = i + 1;
      return;
    }
    paragraph = openSection(lines, i, found, { sections, paragraph });
  });
  for (let k = 0; k + 1 < sections.length; k++) sections[k].to = Math.min(sections[k].to, sections[k + 1].from);
  return sections;
}

/** The heading line `i` is, if any, once the headings that open no block are told apart. */
function sectionHeading(
  lines: Line[],
  i: number,
  { sections, targets, plain }: { sections: Section[]; targets: Targets; plain: boolean },
): Heading | null {
  const line = lines[i];
  let found = findHeading(line.text, lines[i + 1]?.text ?? '', targets, plain);
  // "FROM:\nNORTHERN BOOKS DISTRIBUTION\n2-1155 KING ST W": a line guessed a heading from its words
  // right under a heading is that block's company, not a new block.
  const last = sections[sections.length - 1];
  if (found && last && last.from === i && !SECTION.test(line.text) && !/[:：]/.test(found.m[0])) found = null;
  // A known ship-to heading the message turns down ("Warehouse:" after "do not send it to the warehouse").
  if (found?.kind === 'ship' && !found.tail && rejectedHeading(found.m[0].replace(/[:：]\s*$/u, ''), targets))
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
  return found;
}

/** Opens the section of a heading at line `i` (closing the one before); answers the next paragraph's start. */
function openSection(
  lines: Line[],
  i: number,
  found: Heading,
  { sections, paragraph }: { sections: Section[]; paragraph: number },
): number {
  const line = lines[i];
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
  return i + 1;
}

/** "please ship to head office instead", or a heading the message's sentences name: that block is the ship-to. */
function settleAsked(lines: Line[], sections: Section[], role: ParseRole, targets: Targets): void {
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
        // (The regexp built only when the sentences hold the heading: building one costs more than most readings.)
        prose.includes(s.heading.toLowerCase()) &&
        new RegExp(
          `(?<![\\p{L}])(?:to|at|out of|in|into|à|au|dans|chez)[ \\t]+(?:the[ \\t]+|our[ \\t]+|my[ \\t]+|notre[ \\t]+|le[ \\t]+|la[ \\t]+|l['’])?${escapeRegExp(s.heading.toLowerCase())}(?![\\p{L}])`,
          'u',
        ).test(prose),
    );
    if (said.length === 1 && sections.filter((s) => s.kind === 'ship' || s.kind === 'other').length >= 2)
      for (const s of sections) if (s.kind === 'ship' || s.kind === 'other') s.kind = s === said[0] ? 'ship' : 'other';
  }
}

/** The ship-to block (the From block for the sender): one headed "new"/"instead" over one "on file"/"old", else the last. */
function pickSection(kindOf: LineKinds, lines: Line[], sections: Section[], role: ParseRole): Section | undefined {
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
  return chosen;
}

/** The block chosen, with the other blocks set aside; without one, the text without its billing and head-office blocks. */
function blockOf(
  kindOf: LineKinds,
  lines: Line[],
  sections: Section[],
  { chosen, role }: { chosen: Section | undefined; role: ParseRole },
): Block | undefined {
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

const ZH_SEND_PHRASE = /(不要|唔好|別|别|不用|勿)?(?:直接)?(?:送|寄|发|發)(?:到|去|至|往)([\u3400-\u9fff]{1,10})/gu;
/** The characters that name a place by themselves in a phrase ("個倉", "間舖"). */
const ZH_PLACE_CHAR = /[舖铺店倉仓厂廠]/u;

/** "舖頭 Store" in "我哋列治文間舖"; "办公室 Office" in "北约克的办公室". */
function zhPlaceIn(heading: string, phrases: string[] | undefined): boolean {
  const zh = /[\u3400-\u9fff]{1,6}/u.exec(heading)?.[0];
  if (!zh || !phrases) return false;
  return phrases.some((p) => p.includes(zh) || (zh.length >= 2 && ZH_PLACE_CHAR.test(zh[0]) && p.includes(zh[0])));
}

export const SHIP_WORDS = compile(
  'iu',
  String.raw`warehouse|ship(?:ping)?\b|ship-to|receiving|deliver(?:y|ies)|livraison|entrep[ôo]t|r[ée]ception|\bdock\b|`,
  String.raw`distribution|\blab\b|laborato|courier|physical|plant|factory|usine|depot|dépôt|fulfil+ment|收货|收貨|仓库|倉庫|收件`,
);
export const OTHER_WORDS =
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

/** A line whose one colon ends a sentence asking to send the parcel ("Please ship to my work address …:"). (Built once: a regexp literal inside the function was before.) */
const ASKS = compile(
  'iu',
  String.raw`^[^:：]*\b(?:`,
  ASKS_WORDS,
  String.raw`)\b[^:：]*[:：]\s*$|^[^:：]*(?:寄到|寄去|发到|發到|送到)[^:：]*[:：]\s*$`,
);

/**
 * A heading: one of the known ones, or a short line ("Warehouse / Ship-to:", "Lab / Shipping &
 * Receiving:", "Head Office / Siège social") whose words say ship-to or office — or name the place
 * the message asked to send to ("please send it to our garage" → "Garage: 85 rue …").
 */
export function findHeading(text: string, next: string, targets: Targets, plain = false): Heading | null {
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
  const known = sectionWordsHeading(text);
  if (known !== undefined) return known;
  const tail = trailingHeading(text, targets, plain);
  if (tail) return tail;
  // "Please ship to my work address instead of home since nobody's there during the day:"
  // (Only on a line whose one colon ends it: elsewhere the search would backtrack over every verb.)
  const colon = text.search(/[:：]/);
  const asks = colon >= 0 && colon >= text.trimEnd().length - 1 && ASKS.exec(text);
  if (asks) {
    // (The street test on the asking sentence only: "… the 2 cases of the 750 mL bottles. Send it to:".)
    const asking = text.slice(Math.max(text.lastIndexOf('. '), text.lastIndexOf('! '), text.lastIndexOf('? ')) + 1);
    if (!hasStreet(asking) && !POSTAL_LINE.test(text)) return { kind: 'ship', m: asks };
  }
  return lineHeading(text, next, targets, plain);
}

/** A heading of the section words ("Ship to", "Billing address"): null when the line only starts like one, undefined without them. */
function sectionWordsHeading(text: string): Heading | null | undefined {
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
  return undefined;
}

/** "55 Industrial Pkwy, Aurora ON L4G 3V6 (warehouse)": an address line labelled at its end. */
function trailingHeading(text: string, targets: Targets, plain: boolean): Heading | undefined {
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
  return undefined;
}

/** A short line ending in a colon ("Our warehouse:", "新店：") or over a street, judged by its words and the message's. */
function lineHeading(text: string, next: string, targets: Targets, plain: boolean): Heading | null {
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
export function shipTargets(lines: Line[]): Targets {
  const targets: Targets = { ship: new Set(), not: new Set() };
  for (const l of lines) {
    // (Both Chinese patterns need a Chinese character: most lines have none and are not searched.)
    if (CJK.test(l.text)) {
      // "订的餐具请送到新店": the place in Chinese after the verb of sending (a sentence without spaces).
      for (const m of allMatches(l.text, /(?:送到|寄到|发到|發到|送去|寄去|送至|寄至)([\u3400-\u9fff]{2,4})/gu))
        targets.ship.add(m[1]);
      // The whole phrase of the place too, to be matched with a heading ("寄去我哋列治文間舖" names "舖頭 Store";
      // "唔好寄去本拿比個倉", "不要寄到北约克的办公室" turn "倉庫 Warehouse", "办公室 Office" down).
      for (const m of allMatches(l.text, ZH_SEND_PHRASE))
        (m[1] ? (targets.zhNot ??= []) : (targets.zhShip ??= [])).push(m[2]);
    }
    // (A form's question and its answer is no request: "Refund instead of replacement? No".)
    if (!l.text || !isProseLike(l.text) || /\?[ \t]*(?:no|non|yes|oui|n\/a|none)\.?[ \t]*$/iu.test(l.text)) continue;
    for (const m of allMatches(l.text, TARGET_VERB)) {
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
    for (const m of allMatches(l.text, USE_TARGET))
      for (const w of (m[1] ?? m[2]).toLowerCase().split(/\s+/))
        if (w.length >= 3 && !TARGET_STOP.has(w)) {
          targets.ship.add(w);
          (targets.strong ??= new Set()).add(w);
        }
    for (const m of allMatches(l.text, NOT_TARGET)) {
      for (const w of m[1].toLowerCase().split(/\s+/)) if (w.length >= 3 && !TARGET_STOP.has(w)) targets.not.add(w);
    }
  }
  for (const w of targets.not) targets.ship.delete(w);
  return targets;
}

const isProseLike = (t: string) => t.split(/\s+/).length >= 5;

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

const BRACKET_NOTE_END = /[(（][^()（）\n]{0,30}[)）][ \t]*$/u;
