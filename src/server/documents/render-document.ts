/**
 * One business document (receipt, credit note, top-up receipt, monthly statement) from a plain
 * model: the model is composed on the request thread from the database (cheap), the drawing runs
 * here on a worker thread (worker-tasks.ts `renderDocument`). Letter size, English, Latin text.
 */
import { DocWriter, pdfDate } from './pdf-doc';

export type DocColumn = { label: string; width: number; align?: 'left' | 'right' };

export type DocumentModel = {
  title: string;
  /** Big heading, top right (e.g. 'RECEIPT'). */
  heading: string;
  /** Under the heading, e.g. 'Not a tax invoice'. */
  subheading?: string;
  /** The issuer, top left: name, address lines, registration numbers. */
  issuer: string[];
  /** Label/value pairs under the heading (number, date, refers to). */
  meta: [string, string][];
  /** Blocks of lines with a bold title (billed to, shipment). */
  blocks: { title: string; lines: string[] }[];
  table: { columns: DocColumn[]; rows: { cells: string[]; bold?: boolean; rule?: boolean }[] };
  notes: string[];
  issuedAt: string;
  footer: string;
};

export function renderDocument(model: DocumentModel): Uint8Array {
  const w = new DocWriter(model.footer);
  drawDocument(w, model);
  return w.finish({ title: model.title, creationDate: pdfDate(model.issuedAt) });
}

/**
 * Draws the document's layout with `w` from where it stands (a customs invoice copy on its own
 * writer, decision 036); `model.title`, `issuedAt` and `footer` belong to whoever finishes the PDF.
 */
export function drawDocument(w: DocWriter, model: Omit<DocumentModel, 'title' | 'issuedAt' | 'footer'>): void {
  const { width: PAGE_WIDTH, margin: MARGIN } = w.size;
  const right = PAGE_WIDTH - MARGIN;

  // Issuer (left) and heading (right).
  w.text(right, model.heading, { font: 'Helvetica-Bold', size: 18, align: 'right' });
  model.issuer.forEach((line, i) => {
    w.text(MARGIN, line, { font: i === 0 ? 'Helvetica-Bold' : 'Helvetica', size: i === 0 ? 12 : 9 });
    w.down(i === 0 ? 14 : 11);
  });
  if (model.issuer.length === 0) w.down(14);
  if (model.subheading) {
    w.text(right, model.subheading, { font: 'Helvetica-Bold', size: 10, align: 'right' });
    w.down(14);
  }
  w.down(6);
  for (const [label, value] of model.meta) {
    w.text(right - 170, label, { size: 9 });
    w.text(right, value, { font: 'Helvetica-Bold', size: 9, align: 'right' });
    w.down(12);
  }
  w.down(8);

  for (const block of model.blocks) {
    w.ensure(14 + block.lines.length * 12);
    w.text(MARGIN, block.title, { font: 'Helvetica-Bold', size: 10 });
    w.down(13);
    for (const line of block.lines) {
      w.text(MARGIN, line, { size: 9 });
      w.down(11);
    }
    w.down(8);
  }

  // The table: columns laid left to right by their widths (fractions of the text width).
  const total = model.table.columns.reduce((s, c) => s + c.width, 0);
  const span = PAGE_WIDTH - 2 * MARGIN;
  const xs: number[] = [];
  let at = MARGIN;
  for (const c of model.table.columns) {
    xs.push(at);
    at += (c.width / total) * span;
  }
  const drawHeader = () => {
    model.table.columns.forEach((c, i) => {
      const x = c.align === 'right' ? xs[i]! + (c.width / total) * span - 2 : xs[i]!;
      w.text(x, c.label, { font: 'Helvetica-Bold', size: 8, align: c.align });
    });
    // The rule sits 4 pt above the writer's line: under the header, not through it.
    w.down(7);
    w.rule();
    w.down(7);
  };
  drawHeader();
  for (const row of model.table.rows) {
    const before = w.y;
    w.ensure(12);
    if (w.y < before) drawHeader();
    if (row.rule) {
      w.rule();
      w.down(4);
    }
    row.cells.forEach((cell, i) => {
      const c = model.table.columns[i]!;
      const width = (c.width / total) * span;
      const x = c.align === 'right' ? xs[i]! + width - 2 : xs[i]!;
      w.text(x, clip(cell, width), { font: row.bold ? 'Helvetica-Bold' : 'Helvetica', size: 8, align: c.align });
    });
    w.down(12);
  }
  w.down(10);
  for (const note of model.notes) {
    w.paragraph(MARGIN, span, note, { size: 9 });
    w.down(4);
  }
}

/** Cuts a cell to about the characters its column holds (8 pt Helvetica averages ~4.4 pt a character). */
function clip(text: string, width: number): string {
  const max = Math.max(4, Math.floor((width - 4) / 4.2));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
