/**
 * Formula injection in CSV files we hand out (decision 028): the server's (statements, the tax
 * report, bulk-import results) and the browser's (the wallet CSV) alike: a spreadsheet runs a cell that starts
 * with = + - @ (or a tab or carriage return, which some strip first) as a formula. Such a cell gets a
 * leading apostrophe, which spreadsheets show as text. A plain negative number ('-12.50', '-3') is
 * kept as it is on purpose: it cannot run anything and a refund's amount must stay readable and
 * summable. '-2+3' or '-1e3' is not a plain number and is defused.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NEGATIVE = /^-\d+(?:\.\d+)?$/;

/** The value, with a leading apostrophe when a spreadsheet would read it as a formula (no quoting: the CSV writer does that). */
export function defuseCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NEGATIVE.test(value) ? `'${value}` : value;
}

/** One CSV cell as written: defused (defuseCsvCell), then quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvCell(value: string): string {
  const safe = defuseCsvCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
