/**
 * The lines of the chosen block, kept for the address parser: noise, lead-ins, a quoted e-mail's header
 * and the sender's line of a form dropped, corrections read out, and each kept line cleaned of what is
 * no part of an address (a person's title, a note in brackets, the writer's own words, credentials).
 */
import { normalizeProvince, normalizeUsState } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import { escapeRegExp, LABEL_FIELDS } from './lexicon';
import { stripGreeting } from './paste-contacts';
import { readCorrection } from './paste-corrections';
import { CORRECTION, dropJobTitle, hasStreet, isJobTitle, type LineKinds, otherCountryOf } from './paste-lines';
import {
  BRACKETED_NICKNAME,
  COUPLE,
  CREDENTIALS,
  DEPARTMENT_ATTN,
  NAME_LINE_MAX,
  PRONOUNS,
  SELF_INTRO,
  turnReversedName,
  ZH_CLOSING_LINE,
} from './paste-names';
import { MAIL_HEADER_FIELD, POSTAL_LINE } from './paste-split';
import type { Line, ParseRole, PasteReading } from './types';
import { compile } from './vocabulary/compile';

/** "Attn: Receiving – Trevor Lindqvist": the department before the person. (Built once: a regexp literal inside the function was before.) */
const ATTN_DEPARTMENT_THEN_PERSON = compile(
  'iu',
  String.raw`^((?:attn|attention|à l['’]attention de|a\/s)(?:[ \t]*[:.])?[ \t]*)(?:the[ \t]+)?(?:receiving|shipping`,
  String.raw`(?:[ \t]*(?:&|and)[ \t]*receiving)?|warehouse|dock|r[ée]ception)[ \t]*[–—-][ \t]*(?=\p{Lu})`,
);

/** What keeping a block's lines needs from the reading. */
export type KeepContext = {
  kindOf: LineKinds;
  /** The whole text (a name said with "'s" in it picks one of a couple). */
  text: string;
  role: ParseRole;
  /** The lines that start with a sender's label ("Sender:", "From:"). */
  senderLines: Set<number>;
  blockLines: Line[];
  corrections: PasteReading['corrections'];
  /** The text came from a spreadsheet row. */
  csv: boolean;
};

/** The block's lines kept, cleaned, and the country outside Canada and the US one of them ends with. */
export function keepBlockLines(ctx: KeepContext): { kept: string[]; otherCountry?: string } {
  const kept: string[] = [];
  const state: { otherCountry?: string; keptText: boolean } = { keptText: false }; // keptText: a line with words is kept already
  for (const [at, line] of ctx.blockLines.entries()) {
    const t = keepLine(ctx, state, at, line);
    if (t !== undefined) kept.push(t);
  }
  return { kept, otherCountry: state.otherCountry };
}

/** One line of the block as kept, or undefined when it is dropped. */
function keepLine(
  ctx: KeepContext,
  state: { otherCountry?: string; keptText: boolean },
  at: number,
  line: Line,
): string | undefined {
  const { kindOf, blockLines, corrections } = ctx;
  let t = personLine(ctx, cutCorrection(ctx, line.text));
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
  if (kind === 'noise' || ZH_CLOSING_LINE.test(t)) return undefined;
  if (isLeadIn(t) || isOtherHeader(ctx, at, line, t)) return undefined;
  if (kind === 'correction') {
    readCorrection(t, corrections);
    return undefined;
  }
  // "Attn: Receiving – Trevor Lindqvist": the person after the department.
  t = t.replace(ATTN_DEPARTMENT_THEN_PERSON, '$1');
  if (DEPARTMENT_ATTN.test(t)) return undefined;
  t = dropNotes(t);
  // A form's empty field ("Street No.:" over "Street name:") holds nothing.
  const next = blockLines[at + 1]?.text ?? '';
  if (/^[^:：\d]{1,30}[:：]\s*$/u.test(t) && (!next.trim() || /^[^:：\d]{1,30}[:：]/u.test(next))) return undefined;
  t = dropJobTitle(t);
  t = tidyAddressLine(t);
  t = tidyNameLine(t);
  state.otherCountry ??= otherCountryOf(t);
  // "SMITH, JOHN" on the first line of a form, in a spreadsheet's cell or over a street: the name turned around.
  if (!state.keptText || ctx.csv || hasStreet(blockLines[at + 1]?.text ?? '')) t = turnReversedName(t);
  if (t.trim()) state.keptText = true;
  // "Yo c'est Max", "hey it's Jess": the writer says who they are (read by chatName), no name line.
  const plain = stripGreeting(t);
  // (A town said so stays, without its words: "c'est Laval".)
  const said = SELF_INTRO.test(plain) ? plain.slice(plain.search(/\s/)).trim() : undefined;
  return said === undefined ? plain : lookupCity(said) ? said : '';
}

/** A correction later in the same line: "… m5c1s1 sorry postal code is m5c 1s2" (read, and cut off). */
function cutCorrection({ kindOf, corrections }: KeepContext, text: string): string {
  let t = text;
  const fix = CORRECTION.exec(t);
  if (fix && fix.index > 0 && kindOf(t.slice(fix.index)) === 'correction') {
    readCorrection(t.slice(fix.index), corrections);
    t = t.slice(0, fix.index);
  }
  return t;
}

/** A person's line without a title after the name, and one of a couple when the message says which. */
function personLine({ text }: KeepContext, line: string): string {
  let t = line;
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
  return t;
}

/** "From our Calgary shop:", "Here are the details:": words leading to the address, no part of it. */
function isLeadIn(t: string): boolean {
  return (
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
  );
}

/** A quoted e-mail's header line, or the sender's line of a form that gives the recipient's address too. */
function isOtherHeader({ role, senderLines, blockLines }: KeepContext, at: number, line: Line, t: string): boolean {
  // "To: Tanya Moreau" between "Sent:" and "Subject:": the quoted e-mail's header, not the parcel's.
  if (
    /^(?:to|à|cc|de|from)[ \t]*:/iu.test(t) &&
    [blockLines[at - 1], blockLines[at + 1]].some((l) => l && MAIL_HEADER_FIELD.test(l.text))
  )
    return true;
  // "Sender: J. HART, 77 ELM ST, SUDBURY ON P3C 1T3" on one line of a form that gives the recipient's
  // address too: the sender's, not a part of it.
  if (
    role !== 'sender' &&
    senderLines.has(line.start) &&
    POSTAL_LINE.test(t) &&
    blockLines.some((o) => o !== line && POSTAL_LINE.test(o.text))
  )
    return true;
  return false;
}

/** Notes in brackets that are no part of an address, and a form's "PO Box:" label. */
function dropNotes(line: string): string {
  let t = line;
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
  return t;
}

/** An address line without the words around its parts (a preposition before the town, the writer's "im in"). */
function tidyAddressLine(line: string): string {
  let t = line;
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
  t = t.replace(/^[ \t]*(?:à|au|in|at)[ \t]+(?=[\p{L}'’. -]{2,30}?[ \t,]+[A-Za-z]\d[A-Za-z][ \t]?\d[A-Za-z]\d)/iu, '');
  return t;
}

/** A name line without a nickname, pronouns or credentials. */
function tidyNameLine(line: string): string {
  let t = line;
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
  return t;
}
