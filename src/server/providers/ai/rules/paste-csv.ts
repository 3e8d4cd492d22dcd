/**
 * A spreadsheet or CSV paste: a header with a row under it (comma, tab or semicolon, quoted
 * fields), or a row alone. The row becomes labelled lines ("City: Toronto") the address parser
 * reads like a form, with the shipping columns of a Shopify-style export preferred over billing.
 */

import { LETTER } from './address-text';
import { columnsOf, isHeader, isHeaderRow, LABEL, mergeHeaders, NAMES, type Column, type Field } from './csv-headers';
import { readRecords, separatorOf, splitCells, turnName, type CsvRecord } from './csv-records';
import { chosenGroup, CLOSED_STATUS, complete, namedRow, numberedGroups, RETIRED } from './csv-row-choice';

export type CsvReading = { text: string; row?: string };

/** A markdown table's rule under its header ("|---|:---:|"). */
const isRule = (cells: string[]) => cells.every((c) => /^[\s:=-]*$/.test(c));

/** "Label: value" lines around a table ("Phone: …" under it) are part of the paste too. */
const LABELLED_LINE = /^[^:\n]{1,40}:[ \t]*\S/;

/** The table whose header is the line at `start`…`end` of `text`, or null when that line is none. */
function tableAt(text: string, start: number, end: number): CsvReading | null {
  const line = text.slice(start, end);
  // A line with a postal code or a civic number is data, no header ("Priya Shah, 88 Lansdowne Ave, …").
  if (/[A-Za-z]\d[A-Za-z][ \t]?\d[A-Za-z]\d|\d{3}/.test(line)) return null;
  const sep = separatorOf(line);
  if (!sep) return null;
  const top = splitCells(line, sep);
  let columns = columnsOf(top);
  let dataStart = end + 1;
  // A second header row: the next non-empty line, all words.
  let at = dataStart;
  while (at < text.length && text[at] === '\n') at++;
  if (at < text.length) {
    const nl = text.indexOf('\n', at);
    const nextEnd = nl < 0 ? text.length : nl;
    // Its leading empty cells count: they are the columns under the first upper words.
    const low = splitCells(text.slice(at, nextEnd), sep);
    if (low.length >= 2 && !isRule(low) && isHeaderRow(low)) {
      const merged = mergeHeaders(top, low);
      if (merged.filter(Boolean).length >= columns.filter(Boolean).length) {
        columns = merged;
        dataStart = nextEnd + 1;
      }
    }
  }
  if (!isHeader(columns)) return null;
  const after = text.slice(Math.min(dataStart, text.length));
  const rows: CsvRecord[] = [];
  let rest = '';
  for (const record of readRecords(after, sep, 50)) {
    if (isRule(record.cells)) continue;
    // The table ends at the first line that is no row of it ("Phone: …" or a note under it).
    if (record.cells.length < Math.max(2, columns.length - 2) || record.cells.filter(Boolean).length < 2) {
      rest = after.slice(record.from);
      break;
    }
    rows.push(record);
  }
  if (!rows.length) return null;
  // "Ship to" over "78 Lorne Ave": a name's header over streets is the street's column.
  columns = columns.map((c, i) => {
    if (!c || !NAMES.has(c.field)) return c;
    const values = rows.map((r) => (r.cells[i] ?? '').trim()).filter(Boolean);
    const streets = values.filter((v) => /^\d+[A-Za-z]?(?:-\d+)?,?[ \t]+\p{L}/u.test(v)).length;
    return values.length && streets * 2 > values.length ? { ...c, field: 'address1' as Field } : c;
  });
  const note = `${text.slice(0, start)}\n${rest}`;
  // (Without a word of the note, not a row marked cancelled or shipped: "已取消" beside "待出貨".)
  const open = rows.filter((r) => !r.cells.some((c) => CLOSED_STATUS.test(c.trim()) || RETIRED.test(c)));
  const picked =
    namedRow(columns, rows, note, top) ??
    (open.length ? open : rows).find((r) => complete(columns, r.cells)) ??
    open[0] ??
    rows[0];
  // Of numbered groups of columns ("Address 1 - …" / "Address 2 - …", "Guardian 1" / "G2 Address"), the one the note asks for.
  const groups = numberedGroups(top);
  const group = chosenGroup(top, groups, columns, picked.cells, note);
  let row = picked;
  if (group !== undefined) {
    row = { ...picked, cells: picked.cells.map((c, i) => ((groups[i] ?? group) === group ? c : '')) };
    // A later group's column reads as its twin of another group: "Adresse 2" is the second parent's "Adresse 1".
    const base = (h: string) =>
      h
        .trim()
        .replace(/[ \t]*\d$/u, '')
        .replace(/^(?:g|p)\d[ \t]*/iu, '')
        .toLowerCase();
    columns = columns.map((c, i) => {
      if (groups[i] !== group) return c;
      const twin = columns.findIndex(
        (_, j) => groups[j] !== undefined && groups[j] !== group && base(top[j]) === base(top[i]),
      );
      return twin >= 0 && columns[twin] ? { ...columns[twin] } : c;
    });
  }
  const around = [
    ...text
      .slice(0, start)
      .split('\n')
      .filter((l) => LABELLED_LINE.test(l.trim())),
    ...rest.split('\n'),
  ]
    .map((l) => l.trim())
    .filter(Boolean);
  return { text: [labelled(columns, row.cells), ...around].filter(Boolean).join('\n'), row: row.raw };
}

/** How many lines above the header a title may take ("Orders – March", "Here's the sheet:"). */
const TITLE_LINES = 5;

export function readCsv(text: string): CsvReading | null {
  const lines = text.split('\n').filter((l) => l.trim());
  if (!lines.length || lines.length > 400) return null;
  for (let start = 0, seen = 0; start < text.length && seen <= TITLE_LINES;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (text.slice(start, end).trim()) {
      const table = tableAt(text, start, end);
      if (table) return table;
      seen++;
    }
    start = end + 1;
  }
  const sep = separatorOf(lines[0]);
  if (!sep) return null;
  // A row alone: only when it cannot be an ordinary comma-separated address (quotes or tabs).
  if (lines.length > 3 || (sep === ',' && !lines[0].includes('"'))) return null;
  // A cell wholly in brackets is a note about the person ("(Arjun's mom)").
  let cells = splitCells(lines[0], sep).filter((c) => c && !/^\(.*\)$/.test(c));
  if (cells.length < 3) return null;
  // "Singh, Manjit" is the name, turned around; the cells before it are a class, a date or an id.
  const turned = cells.findIndex((c) => turnName(c) !== c && !/\d/.test(c));
  if (turned > 0 && turned < cells.length - 2) cells = cells.slice(turned);
  const out = cells.map((c, i) => (i === 0 ? turnName(c) : c));
  // First and last name in two cells ("Linh<TAB>Nguyen<TAB>2201-155 Yonge St…"), after an id or a date maybe: one name.
  const street = out.findIndex((c) => LETTER.test(c) && /\d/.test(c));
  const single = (c: string) => /^\p{Lu}[\p{L}'’-]+$/u.test(c);
  const pair = out.findIndex((c, i) => i + 1 < street && single(c) && single(out[i + 1]));
  if (out.length > 3 && pair >= 0 && out.slice(0, pair).every((c) => !LETTER.test(c)))
    out.splice(pair, 2, `${out[pair]} ${out[pair + 1]}`);
  return { text: [...out, ...lines.slice(1)].join('\n'), row: lines[0].trim() };
}

/** The buyer's and the recipient's names, to tell a gift from an order to oneself. */
function nameKey(columns: (Column | undefined)[], row: string[], pick: (c: Column) => boolean): string {
  const parts = columns
    .map((c, i) => (c && !c.minor && NAMES.has(c.field) && pick(c) ? (row[i] ?? '') : ''))
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  return [...new Set(parts)].sort().join(' ');
}

const CONTACT = new Set<Field>(['email', 'phone']);

/** What a Google Contacts "Type" cell says of a number: a mobile first, a work line last, a fax never. */
function typeRank(type: string): number | undefined {
  if (/fax/i.test(type)) return undefined;
  return /mobile|cell/i.test(type) ? 0 : /work|business|office/i.test(type) ? 2 : 1;
}

/** A post-office box, a rural route or general delivery. */
const POST_OFFICE = /^(?:p\.?\s?o\.?\s?box|box|case postale|c\.p\.|cp|rr|r\.r\.|general delivery|poste restante)\b/iu;

function labelled(columns: (Column | undefined)[], row: string[]): string {
  const hasShipping = columns.some((c) => c?.shipping);
  // A gift: the buyer (billing, or the plain customer columns of an export with shipping ones) is not
  // the recipient, and the buyer's e-mail and phone are not the recipient's.
  const recipient = hasShipping ? nameKey(columns, row, (c) => c.shipping) : '';
  const buyer = hasShipping
    ? nameKey(columns, row, (c) => c.billing) || nameKey(columns, row, (c) => !c.shipping && c.field !== 'latin')
    : '';
  const gift = Boolean(recipient && buyer && recipient !== buyer);
  const hasAdult = columns.some((c) => c && !c.minor && NAMES.has(c.field));
  const filled = (pick: (c: Column) => boolean) => columns.some((c, i) => c && pick(c) && (row[i] ?? '').trim());
  let phoneRank = 9;
  const values = new Map<Field, string>();
  columns.forEach((col, i) => {
    let v = (row[i] ?? '').trim();
    if (!col || !v) return;
    // Shopify writes a zip or a phone as text with a leading quote ("'02134", "'+1 416…").
    if (col.field === 'postal' || col.field === 'phone' || /^'[\d+(]/.test(v)) v = v.replace(/^'/, '').trim();
    if (!v) return;
    if (col.minor && hasAdult) return;
    // Under "E-mail 1 - Type" is a word ("Work"), not an address.
    if (col.field === 'email' && !v.includes('@')) return;
    const contact = CONTACT.has(col.field);
    if (col.billing && (hasShipping || columns.some((c) => c && !c.billing && c.field === col.field))) {
      // The buyer's e-mail and phone do for an order to oneself when no other column gives them.
      if (!contact || gift || filled((c) => !c.billing && c.field === col.field)) return;
    }
    if (contact && gift && !col.shipping && !col.billing) return;
    if (
      hasShipping &&
      !col.shipping &&
      ['address1', 'address2', 'city', 'province', 'postal', 'country', 'name'].includes(col.field)
    ) {
      if (columns.some((c) => c?.shipping && c.field === col.field)) return;
    }
    if (col.field === 'phone') {
      const rank = col.typeAt === undefined ? col.rank : typeRank(row[col.typeAt] ?? '');
      if (rank === undefined || !/\d{3}/.test(v) || (phoneRank <= rank && values.has('phone'))) return;
      phoneRank = rank;
    }
    // A bare number under "App." or "#" is the unit with its word.
    if (col.field === 'address2' && col.unitWord && /^\d+[A-Za-z]?$|^[A-Za-z]$/.test(v)) v = `${col.unitWord} ${v}`;
    // A courier cannot take a PO box: a street beside it ("Mailing Address" / "Street Address (couriers)") wins.
    const boxOnly = (x?: string) => Boolean(x && POST_OFFICE.test(x) && !/^\d/.test(x));
    const street = col.field === 'address1' && boxOnly(values.get('address1')) && /^\d+[A-Za-z]?[ ,]+\p{L}/u.test(v);
    if (!values.has(col.field) || col.shipping || col.field === 'phone' || street) values.set(col.field, v);
  });
  const first = values.get('first');
  const last = values.get('last');
  const cjk = (v?: string) => Boolean(v && /^[\u3400-\u9fff]+$/u.test(v));
  const reversed = values.get('reversed');
  // "Nom" alone holding "Bouchard, Marie-Ève".
  const name =
    values.get('latin') ??
    (last && !first && last.includes(',')
      ? turnName(last)
      : first || last
        ? cjk(first) && cjk(last)
          ? `${last}${first}`
          : [first, last].filter(Boolean).join(' ')
        : reversed
          ? turnName(reversed)
          : values.get('name') && turnName(values.get('name')!));
  // The civic number in its own column goes before the street name; "245, 2e Rang" is French for "245 2e Rang".
  const number = values.get('number');
  let street = values.get('address1')?.replace(/^(\d+[A-Za-z]?),\s*(?=\S)/, '$1 ');
  if (number && street && !/^\d/.test(street)) street = `${number} ${street}`;
  if (street) values.set('address1', street);
  const out: string[] = [];
  if (name) out.push(`${LABEL.name}: ${name}`);
  for (const f of [
    'attn',
    'company',
    'address1',
    'address2',
    'street',
    'city',
    'province',
    'postal',
    'country',
    'phone',
    'email',
  ] as Field[]) {
    const v = values.get(f);
    // "Toronto, ON" under "City/Prov" is free text for the parser; everything else is labelled.
    if (v) out.push(f === 'street' ? v : `${LABEL[f]}: ${v}`);
  }
  return out.join('\n');
}
