/**
 * Side-by-side blocks: invoices, packing slips and waybills print "BILL TO" and "SHIP TO" next to
 * each other, and a copy as text keeps them on the same lines, apart by a run of spaces. Read
 * line by line, every line would mix the two addresses. This step finds a line of two or more
 * headings apart by such runs and turns the lines under it (up to the next blank line) into one
 * block per column, each under its own heading, so the block chooser sees them as written.
 */
import { SECTION } from './paste-lines';
import { allMatches } from './matches';

/** A gap between columns: a tab, or three spaces or more (two inside a column are common). */
const GAP = /\t+|[ ]{3,}/g;

type Cell = { text: string; at: number };

function cells(line: string): Cell[] {
  const out: Cell[] = [];
  let from = 0;
  for (const m of allMatches(line, GAP)) {
    if (m.index > from) out.push({ text: line.slice(from, m.index), at: from });
    from = m.index + m[0].length;
  }
  if (from < line.length) out.push({ text: line.slice(from), at: from });
  return out.filter((c) => c.text.trim());
}

/** The whole of `cell` is a heading: "SHIP TO", "Ship to:". */
function isHeading(cell: string): RegExpExecArray | undefined {
  const t = cell.trim();
  const m = SECTION.exec(t);
  return m && m[0].trim().length >= t.replace(/[:：]\s*$/, '').length ? m : undefined;
}

/**
 * A heading in two languages, "RECEIVER / DESTINATAIRE", "To / Destinataire:", as the first of its
 * halves that is a heading, so the block chooser knows it; anything else as it is.
 */
function oneHeading(cell: string): string {
  if (cell.length > 60 || /\d/.test(cell) || !/\S\s*\/\s*\S/.test(cell) || isHeading(cell)) return cell;
  const colon = /[:：]\s*$/.test(cell) ? ':' : '';
  const halves = cell.replace(/[:：]\s*$/, '').split('/');
  if (halves.length !== 2 || halves.some((h) => !h.trim() || h.trim().split(/\s+/).length > 4)) return cell;
  const found = halves.map((h) => isHeading(h));
  if (!found[0] && !found[1]) return cell;
  // "Bill to / Ship to": one block for both, the parcel's.
  const ship = found.findIndex((m) => m?.groups?.ship);
  return `${(ship >= 0 ? halves[ship] : found[0] ? halves[0] : halves[1]).trim()}${colon}`;
}

/** "WAREHOUSE & RECEIVING", "Entrepôt / Réception": a heading joined to a ship-to word, as that heading. */
function joinedHeading(cell: string): RegExpExecArray | undefined {
  if (cell.length > 60) return undefined;
  const parts = cell.replace(/[:：]\s*$/, '').split(/\s*(?:&|\/|\+|\band\b|\bet\b)\s*/iu);
  if (parts.length < 2 || parts.some((p) => !p.trim())) return undefined;
  const found = parts.map((p) => isHeading(p));
  const plain = (p: string) =>
    /^(?:receiving|shipping|deliveries|delivery|livraison|réception|expédition|dock)$/iu.test(p.trim());
  if (!found.some(Boolean) || !parts.every((p, k) => found[k] || plain(p))) return undefined;
  return found.find(Boolean);
}

/** The columns' starts when `line` is only headings (two or more), at least one a ship-to or a bill-to. */
function headingColumns(line: string): Cell[] | undefined {
  if (line.length > 300 || !/[ ]{3}|\t/.test(line)) return undefined;
  const found = cells(line);
  if (found.length < 2 || found.length > 4) return undefined;
  let addressHeading = false;
  for (const c of found) {
    c.text = oneHeading(c.text.trim());
    const m = isHeading(c.text) ?? joinedHeading(c.text);
    if (!m) return undefined;
    if (m.groups?.ship || m.groups?.other || m.groups?.from || m.groups?.to) addressHeading = true;
  }
  return addressHeading ? found : undefined;
}

/** "City: Halifax      Prov: N.S.      Postal code: B3H 1R2": a form's fields side by side, one per line. */
function labelCells(line: string): string {
  if (line.length > 300 || !/[ ]{3}|\t/.test(line)) return line;
  const found = cells(line);
  return found.length >= 2 && found.every((c) => /^[^:：\d]{1,24}[:：]/u.test(c.text.trim()))
    ? found.map((c) => c.text.trim()).join('\n')
    : line;
}

/** The column a cell starting at `at` belongs to: the last whose start it reaches (give or take two). */
function columnOf(starts: number[], at: number): number {
  let k = 0;
  for (let i = 1; i < starts.length; i++) if (at >= starts[i] - 2) k = i;
  return k;
}

/**
 * `text` with every side-by-side block after a heading line laid out one column after the other,
 * and headings in two languages as one.
 */
export function splitColumns(text: string): string {
  if (!/[ ]{3}|\t|\//.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const heads = headingColumns(lines[i]);
    if (!heads) {
      out.push(labelCells(oneHeading(lines[i])));
      continue;
    }
    const starts = heads.map((h) => h.at);
    const tabbed = lines[i].includes('\t');
    const columns: string[][] = heads.map((h) => [h.text.trim()]);
    let j = i + 1;
    for (; j < lines.length && lines[j].trim(); j++) {
      const row = cells(lines[j]);
      // Tab-separated rows carry no positions: a row of as many cells as headings is one cell each.
      if (tabbed && row.length === heads.length) row.forEach((c, k) => columns[k].push(c.text.trim()));
      else for (const c of row) columns[columnOf(starts, c.at)].push(c.text.trim());
    }
    out.push(columns.map((c) => c.join('\n')).join('\n\n'));
    i = j - 1;
  }
  return out.join('\n');
}
