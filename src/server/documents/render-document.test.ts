import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderDocument, type DocumentModel } from './render-document';

function text(pdf: Uint8Array): string {
  const file = path.join(os.tmpdir(), `voyageur-doc-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const model = (rows: number): DocumentModel => ({
  title: 'Statement 2026-03',
  heading: 'STATEMENT',
  issuer: ['Voyageur Inc.', '1 King St W'],
  meta: [['Period', '2026-03-01 to 2026-03-31']],
  blocks: [{ title: 'Account', lines: ['Zoë Łukasz (Montréal)', '李雷'] }],
  table: {
    columns: [
      { label: 'Description', width: 6 },
      { label: 'Amount', width: 2, align: 'right' },
    ],
    rows: Array.from({ length: rows }, (_, i) => ({ cells: [`Entry ${i + 1} (a), b \\ c`, `${i + 1}.00`] })),
  },
  notes: ['A note long enough to wrap over more than one line of the page, '.repeat(4)],
  issuedAt: '2026-03-31T12:00:00Z',
  footer: 'Voyageur - statement 2026-03',
});

describe('renderDocument', () => {
  it('writes text a reader extracts, Latin accents kept, other scripts as ?', () => {
    const out = text(renderDocument(model(3)));
    expect(out).toContain('STATEMENT');
    expect(out).toContain('Zoë Lukasz (Montréal)');
    expect(out).toContain('Entry 3 (a), b \\ c');
    expect(out).toContain('page 1');
    expect(out).not.toContain('李');
  });

  it('runs over pages, repeating the table header', () => {
    const out = text(renderDocument(model(120)));
    expect(out).toContain('Entry 120');
    expect(out).toContain('page 3');
    expect(out.match(/Description/g)!.length).toBeGreaterThanOrEqual(3);
  });
});
