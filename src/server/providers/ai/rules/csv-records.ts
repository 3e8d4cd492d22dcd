/** The records of a CSV or spreadsheet paste: cells by a separator, with double-quoted cells that may span lines. */

export type CsvRecord = { cells: string[]; raw: string; from: number; to: number };

/** Up to `limit` non-empty records of `text`, by `sep`; a double-quoted cell may span lines. */
export function readRecords(text: string, sep: string, limit: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  // Whether the cell holds more than blanks so far: asking cell.trim() at each quote would make a
  // line of quotes quadratic.
  let blank = true;
  let quoted = false;
  let from = 0;
  let i = 0;
  const end = () => {
    cells.push(cell.trim());
    if (cells.some(Boolean)) records.push({ cells, raw: text.slice(from, i).trim(), from, to: i });
    cells = [];
    cell = '';
    blank = true;
    from = i + 1;
  };
  for (; i < text.length && records.length < limit; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && blank) {
      quoted = true;
      cell = '';
      blank = false;
    } else if (ch === sep) {
      cells.push(cell.trim());
      cell = '';
      blank = true;
    } else if (ch === '\n') end();
    else {
      cell += ch;
      if (blank && ch !== ' ' && ch !== '\t') blank = false;
    }
  }
  if (records.length < limit) end();
  return records;
}

/** The cells of one line, by `sep`, with double-quoted fields ("a, b" and "" inside quotes). */
export function splitCells(line: string, sep: string): string[] {
  return readRecords(line.replace(/\n/g, ' '), sep, 1)[0]?.cells ?? [''];
}

export function separatorOf(line: string): string | undefined {
  // (Split only where the character occurs often enough at all: most lines of a paste hold none.)
  const count = (sep: string) => {
    let raw = 0;
    for (let i = line.indexOf(sep); i >= 0 && raw < 3; i = line.indexOf(sep, i + 1)) raw++;
    return raw < (sep === '\t' ? 2 : 3) ? raw : splitCells(line, sep).length - 1;
  };
  if (count('\t') >= 2) return '\t';
  if (count('|') >= 3) return '|';
  if (count(';') >= 3) return ';';
  if (count(',') >= 3) return ',';
  return undefined;
}

/** 'Tremblay, Marie' in a name cell → 'Marie Tremblay'. */
export function turnName(value: string): string {
  const m = /^([\p{L}'’ .-]+),\s*([\p{L}'’ .-]+)$/u.exec(value);
  return m ? `${m[2].trim()} ${m[1].trim()}` : value;
}
