/**
 * Which row of a table the paste is about, when it has several: the one the note around the table
 * names (by a person, a number, a city, a quoted status, a month or its place), not one it sets
 * aside; and, of numbered groups of columns ("Guardian 1" / "Guardian 2"), the one the note asks for.
 */
import { escapeRegExp } from './lexicon';
import { mayContain } from './literal';
import { ORDINAL_WORDS, ROW_WORDS, SET_ASIDE_WORDS } from './vocabulary/changes';
import { compile } from './vocabulary/compile';
import { NAMES, type Column } from './csv-headers';
import type { CsvRecord } from './csv-records';
import { allMatches } from './matches';

/** A word that sets a row aside in the note around a table: "Kristen cancelled so ignore her row". */
const SET_ASIDE = compile(
  'iu',
  String.raw`\b(?:`,
  SET_ASIDE_WORDS,
  String.raw`)\b|取消|不要|除了|已经|已經|下周|下週|下星期|再说|再說`,
);

/** A status cell saying the row's parcel is not to go: cancelled, shipped already, refunded. */
export const CLOSED_STATUS =
  /^(?:cancel+ed|annulée?|shipped|fulfilled|expédiée?|delivered|livrée?|refunded|remboursée?|picked up|ramassée?|已取消|取消|已发货|已發貨|已寄出|已出貨|已出货|已完成|已退款)$/iu;

/** A cell that retires its row's address: "MOVED Aug 2024 – do not use", "ancienne adresse", "旧地址". */
export const RETIRED =
  /(?<![\p{L}])(?:do not use|don['’]t use|moved|no longer|old address|inactive|ne pas utiliser|ancienne adresse|déménagée?)(?![\p{L}])|旧地址|舊地址|不要用|已搬/iu;

/** Month names, January to December, in English and French (and "10月"). */
const MONTHS = [
  'january|janvier|jan',
  'february|février|fevrier|feb|fév',
  'march|mars',
  'april|avril|apr',
  // (Not "may": a word of any sentence.)
  'mai',
  'june|juin|jun',
  'july|juillet|jul',
  'august|août|aout|aug',
  'september|septembre|sept|sep',
  'october|octobre|oct',
  'november|novembre|nov',
  'december|décembre|decembre|dec|déc',
].map((names, i) => new RegExp(`(?<![\\p{L}])(?:${names})(?![\\p{L}])|(?<!\\d)${i + 1}月`, 'iu'));

/** Everyone picks the parcel up but one: "everyone picks up at the meeting except the one going by mail". */
const PICKUP_EXCEPT =
  /(?:pick(?:s|ing)?[ \t-]?up|pickup|cueillette|ramasse|自取)[^.!?\n]{0,60}(?<![\p{L}])(?:except|but|sauf|à part)(?![\p{L}])/iu;

/** A column that says whether (or when) a row's parcel went out. */
const SHIPPED_COLUMN =
  /^(?:date shipped|shipped|shipped (?:date|on|at)|ship(?:ped)? status|fulfil+ment status|fulfil+ed(?: at| on)?|date d['’]expédition|expédiée? le|statut d['’]expédition|发货日期|發貨日期|发货状态|發貨狀態)$/iu;
/** A note asking for the row not shipped yet. */
const NOT_YET = compile(
  'iu',
  String.raw`(?:hasn['’]t|has not|haven['’]t|have not|not|isn['’]t)[ \t]+(?:yet[ \t]+)?(?:gone out|shipped|been shipped|`,
  String.raw`been sent|sent|gone)|not yet shipped|unshipped|unfulfilled|pas encore (?:été )?(?:expédiée?|partie?|envoyée?)|`,
  String.raw`(?:还没|還沒|未)(?:寄|发|發)`,
);
const PENDING = /^(?:unfulfilled|pending|not shipped|en attente|non expédiée?|à expédier|未发货|未發貨)$/iu;

/** A row whose parcel went already ("Aaron's went out yesterday") — not one that "hasn't shipped yet". */
const DONE = /\b(?:went out|shipped|mailed|is gone|was sent|expédiée?s?|envoyée?s?|partie?s?)\b/iu;
const NOT_DONE =
  /(?:n['’]t|\bnot|\bpas|\bnever|\byet to|\bjamais)\s+(?:been\s+|été\s+|yet\s+)?(?:went out|shipped|mailed|gone|sent|expédiée?s?|envoyée?s?|partie?s?)\b/iu;
/** A clause that keeps its row whatever else it says: "only row 14 still needs the kit shipped". */
const ONLY = /\b(?:only|just|still|seulement|juste|encore|reste)\b|只|还没|還沒/iu;

/**
 * A test for a whole word of a clause ("Noémie" in "le costume de Noémie", not in "Noémiez"). The
 * regexp is built only for a clause that holds the word (building it costs more than most readings).
 */
const wordIn = (word: string, flags: 'u' | 'iu') => {
  let re: RegExp | undefined;
  return (clause: string) => {
    if (!mayContain(clause, word, flags === 'iu')) return false;
    re ??= new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, flags);
    return re.test(clause);
  };
};

/** A row named by its place: "the 2nd one", "third row", "la deuxième ligne". (Built once: a regexp literal inside the function was before.) */
const ROW_PLACE = compile(
  'iu',
  String.raw`\b(?:the\s+|la\s+|le\s+)?(\d)(?:st|nd|rd|th|e|er|re|ème)\s+(?:`,
  ROW_WORDS,
  String.raw`)\b|\b(`,
  ORDINAL_WORDS,
  String.raw`)\s+(?:`,
  ROW_WORDS,
  String.raw`)\b`,
);

/**
 * Of several rows, the one the note around the table names ("can you ship the kit to Rahul? Kristen
 * cancelled so ignore her row", "only row 14 still needs it", "the one still marked 'To ship'"): a row
 * named by its person, its number or a quoted cell, and not in a clause that sets it aside.
 */
export function namedRow(
  columns: (Column | undefined)[],
  rows: CsvRecord[],
  note: string,
  header: string[] = [],
): CsvRecord | undefined {
  if (rows.length < 2 || !note.trim()) return undefined;
  const table = tableNote(columns, rows, note);
  const named = rows.map((r, index) => rowState(table, r, index));
  const chosen = rows.filter((_, i) => named[i] === 'named');
  if (chosen.length === 1) return chosen[0];
  // "ship the one that hasn't gone out yet": the one row without a date under "Date Shipped".
  const shipped = header.findIndex((h) => SHIPPED_COLUMN.test(h.trim()));
  if (!chosen.length && shipped >= 0 && NOT_YET.test(note.slice(0, 4000))) {
    const pending = rows.filter((r) => !(r.cells[shipped] ?? '').trim() || PENDING.test(r.cells[shipped]));
    if (pending.length === 1) return pending[0];
  }
  if (!chosen.length && named.includes('aside')) {
    const left = rows.filter((_, i) => named[i] !== 'aside');
    return left.find((r) => complete(columns, r.cells)) ?? left[0];
  }
  return undefined;
}

/** The table and what its note says, as every row's reading needs them. */
type TableNote = {
  columns: (Column | undefined)[];
  rows: CsvRecord[];
  /** The note's clauses, each read alone. */
  clauses: string[];
  /** Quoted words of the note ("To ship", « À expédier »): a status a row's cell may hold. */
  quoted: string[];
  /** How many rows have a date cell in each month. */
  monthRows: Map<number, number>;
};

function tableNote(columns: (Column | undefined)[], rows: CsvRecord[], note: string): TableNote {
  const clauses = note.slice(0, 4000).split(/[.!?;,\n。！？；，]+/u);
  const quoted = allMatches(note.slice(0, 4000), /["“«]\s*([^"”»\n]{2,30}?)\s*["”»]/gu).map((m) => m[1].toLowerCase());
  const monthRows = new Map<number, number>();
  for (const r of rows) for (const mo of new Set(monthOf(r))) monthRows.set(mo, (monthRows.get(mo) ?? 0) + 1);
  return { columns, rows, clauses, quoted, monthRows };
}

/** Whether the note names the row (in a clause that keeps it) or sets it aside. */
function rowState(table: TableNote, r: CsvRecord, index: number): 'none' | 'named' | 'aside' {
  const mentions = rowMention(table, r, index);
  let state: 'none' | 'named' | 'aside' = 'none';
  for (const clause of table.clauses) {
    if (!mentions(clause)) continue;
    // ("everyone picks up at the meeting except the one going by mail": the exception ships.)
    const exception = PICKUP_EXCEPT.test(clause);
    if ((SET_ASIDE.test(clause) || (DONE.test(clause) && !NOT_DONE.test(clause))) && !ONLY.test(clause) && !exception)
      return 'aside';
    state = 'named';
  }
  return state;
}

/** Whether a clause of the note names the row: by a name, its id, a quoted status, its city, a cell of its own, a month or its place. */
function rowMention(table: TableNote, r: CsvRecord, index: number): (clause: string) => boolean {
  const { rows, quoted, monthRows } = table;
  const words = nameWords(table, r);
  const id = idMention(r);
  // "the victoria one hasn't shipped yet", "高貴林那位": a row named by its city.
  // (A town every row shares names none: "Club de patinage de Rouyn-Noranda" over the sheet.)
  const cityName = cityOf(table.columns, r);
  const city =
    cityName === undefined || rows.filter((o) => cityOf(table.columns, o) === cityName).length > 1
      ? undefined
      : /^[\u3400-\u9fff]+$/u.test(cityName)
        ? (c: string) => c.includes(cityName)
        : wordIn(cityName, 'iu');
  const status = r.cells.some((c) => quoted.includes(c.trim().toLowerCase()));
  const cellWords = ownWords(table, r);
  const months = monthOf(r).filter((mo) => monthRows.get(mo) === 1);
  return (clause) =>
    words.some((w) => w(clause)) ||
    (id !== undefined && id.test(clause)) ||
    (status && quoted.some((q) => clause.toLowerCase().includes(q))) ||
    (city !== undefined && city(clause)) ||
    cellWords.some((w) => w(clause)) ||
    (months.length > 0 && months.some((mo) => MONTHS[mo - 1].test(clause))) ||
    placeOf(clause, rows.length) === index + 1;
}

/**
 * A name's words: "Noémie", "郭淑芬", and in any case from five letters ("only oksana's please"
 * names "oksana kolomiets"; "will" in a sentence does not name "Will Chen").
 */
function nameWords({ columns }: TableNote, r: CsvRecord): ((clause: string) => boolean)[] {
  return columns
    .flatMap((c, i) => (c && NAMES.has(c.field) ? (r.cells[i] ?? '').split(/[\s,()（）]+/u) : []))
    .filter((w) => /^\p{Lu}\p{L}{2,}$/u.test(w) || /^\p{L}{5,}$/u.test(w) || /^[\u3400-\u9fff]{2,4}$/u.test(w))
    .map((w) => (/^[\u3400-\u9fff]+$/u.test(w) ? (c: string) => c.includes(w) : wordIn(w, w.length >= 5 ? 'iu' : 'u')));
}

/** An order number in the first column: "A1022", or "10483" (four digits and more need no "row" before them). */
function idMention(r: CsvRecord): RegExp | undefined {
  const id = /^#?[A-Za-z]{0,4}-?\d{1,10}$/.test(r.cells[0]?.trim() ?? '')
    ? r.cells[0].trim().replace(/^#/, '')
    : undefined;
  if (id === undefined) return undefined;
  const bareId = /[A-Za-z]/.test(id) || /\d{4}/.test(id);
  return bareId
    ? new RegExp(`(?<![\\p{L}\\p{N}])#?${id}(?![\\p{N}])`, 'iu')
    : new RegExp(`(?:\\b(?:row|line|ligne|id|no\\.?)|#)\\s*${id}(?!\\d)`, 'iu');
}

/** A word of a column no field takes, one row's own ("Treasurer" under "Role", "Ship home" under "Delivery"). */
function ownWords({ columns, rows }: TableNote, r: CsvRecord): ((clause: string) => boolean)[] {
  return columns.flatMap((c, i) => {
    const v = (r.cells[i] ?? '').trim();
    if (c || !/^\p{L}[\p{L} '’-]{3,30}$/u.test(v)) return [];
    const same = rows.filter((o) => (o.cells[i] ?? '').trim().toLowerCase() === v.toLowerCase()).length;
    return same === 1 ? [wordIn(v, 'iu')] : [];
  });
}

/** "only the 2nd one still needs a label", "la deuxième ligne": a row by its place in the table. */
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  premier: 1,
  première: 1,
  deuxième: 2,
  troisième: 3,
  quatrième: 4,
};
/** "第二个人", "第2行", "最后一位": in Chinese. */
const ZH_ORDINALS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const ZH_PLACE =
  /第\s*([一二两兩三四五六七八九]|\d{1,2})\s*(?:个|個|位|行|条|條|单|單|笔|筆|张|張|家|人)|(最后|最後)\s*(?:一)?\s*(?:个|個|位|行|条|條|单|單|笔|筆|张|張|家)/u;

/** The place in the table (from 1) a clause names, the last being `rowCount`. */
function placeOf(clause: string, rowCount: number): number | undefined {
  const zh = ZH_PLACE.exec(clause);
  if (zh) return zh[2] ? rowCount : (ZH_ORDINALS[zh[1]] ?? Number(zh[1]));
  const m = ROW_PLACE.exec(clause);
  if (!m) return undefined;
  if (m[1]) return Number(m[1]);
  const word = m[2].toLowerCase();
  return /^(?:last|dernière|dernier)$/.test(word) ? rowCount : ORDINALS[word];
}

/** "just the new member (joined in October)": the months of a row's date cells, to name it by. */
function monthOf(r: CsvRecord): number[] {
  return r.cells.flatMap((c) => {
    const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(c.trim());
    return m ? [Number(m[2])] : [];
  });
}

function cityOf(columns: (Column | undefined)[], r: CsvRecord): string | undefined {
  return columns
    .map((c, i) => (c?.field === 'city' ? (r.cells[i] ?? '').trim() : ''))
    .find((v) => /^\p{L}[\p{L} '’.-]{3,30}$/u.test(v) || /^[\u3400-\u9fff]{2,8}$/u.test(v));
}

/** The number of a group of columns: "Address 2 - Street", "Guardian 2", "G2 Address", "Parent 1 phone". */
function groupOf(header: string): number | undefined {
  const m =
    /^(?:address|adresse|guardian|parent|contact|tuteur|tutrice|g|p)[ \t]*(\d)(?!\d)/iu.exec(header.trim()) ??
    /^(?=.*(?:parent|tuteur|tutrice|guardian|contact))[^\d]{2,40}?[ \t](\d)$/iu.exec(header.trim());
  return m ? Number(m[1]) : undefined;
}

/** "Parent/tuteur 1 … Adresse 1 … Téléphone 1 / Parent/tuteur 2 … Adresse 2 … Téléphone 2": each digit a person's columns. */
export function numberedGroups(header: string[]): (number | undefined)[] {
  const named = header.map(groupOf);
  if (!named.some((g) => g !== undefined)) return named;
  // With a person's group named so, the other headers ending in that digit are that person's too.
  const digits = new Set(named.filter((g): g is number => g !== undefined));
  return header.map((h, i) => {
    if (named[i] !== undefined) return named[i];
    const m = /[ \t](\d)$/u.exec(h.trim());
    return m && digits.has(Number(m[1])) ? Number(m[1]) : undefined;
  });
}

/**
 * The group the note asks for: by its number ("mail it to Guardian 2", "G2"), or by the kind its
 * "Type" column gives ("send it to her work address" → the group typed "Work").
 */
export function chosenGroup(
  header: string[],
  numbered: (number | undefined)[],
  columns: (Column | undefined)[],
  cells: string[],
  note: string,
): number | undefined {
  const groups = new Set(numbered.filter((g): g is number => g !== undefined));
  if (groups.size < 2) return undefined;
  const text = note.slice(0, 4000);
  const byNumber =
    /(?<![\p{L}])(?:guardian|parent|address|adresse|contact|tuteur|tutrice|g|p)[ \t]*#?[ \t]*(\d)(?!\d)/iu.exec(text);
  if (byNumber && groups.has(Number(byNumber[1]))) return Number(byNumber[1]);
  // "c'est Mme Aubin (la mère de Félix) qui le reçoit": the group whose person the note names.
  const named = [...groups].filter((g) =>
    cells.some(
      (c, i) =>
        numbered[i] === g &&
        columns[i] &&
        NAMES.has(columns[i]!.field) &&
        c
          .split(/[\s,]+/)
          .filter((w) => /^\p{Lu}\p{L}{3,}$/u.test(w))
          .some((w) => wordIn(w, 'u')(text)),
    ),
  );
  if (named.length === 1) return named[0];
  const dest =
    /(?<![\p{L}])(?:to|at|à|au)[ \t]+(?:(?:her|his|my|their|our|the|son|sa|mon|ma|le|la)[ \t]+)?(work|office|business|job|bureau|travail|home|house|maison|domicile)(?![\p{L}])/iu.exec(
      text,
    );
  if (!dest) return undefined;
  const work = /^(?:work|office|business|job|bureau|travail)$/iu.test(dest[1]);
  for (const g of groups) {
    const typeAt = header.findIndex((h, i) => numbered[i] === g && /type\W*$/iu.test(h));
    const type = typeAt >= 0 ? (cells[typeAt] ?? '') : '';
    if ((work ? /work|business|office|travail|bureau/iu : /home|maison|personal|domicile/iu).test(type)) return g;
  }
  return undefined;
}

/** Of several rows, the first with its street, city and postal code (of the shipping columns when there are). */
export function complete(columns: (Column | undefined)[], cells: string[]): boolean {
  const hasShipping = columns.some((c) => c?.shipping);
  return columns.every(
    (c, i) =>
      !c ||
      !['address1', 'street', 'city', 'postal'].includes(c.field) ||
      // Only the columns the parcel is read from count: the shipping ones, or all but billing.
      (hasShipping ? !c.shipping : c.billing) ||
      Boolean(cells[i]?.trim()),
  );
}
