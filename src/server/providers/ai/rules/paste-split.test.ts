import { describe, expect, it } from 'vitest';
import { lineKinds } from './paste-lines';
import { cutThread, splitChineseLabels, splitLines, stripSpeakers } from './paste-split';

describe('paste stage 1: lines and blocks', () => {
  it('splits a paste into lines with their offsets', () => {
    const lines = splitLines('Ship to:\nAnna Kowalski\n12 Main St');
    expect(lines.map((l) => l.text)).toEqual(['Ship to:', 'Anna Kowalski', '12 Main St']);
    expect(lines[1].start).toBe(9);
  });

  it('reads the newest message of a reply when it gives an address, the quoted one when it does not', () => {
    const quoted = '\n\nOn Mon, Jan 5, 2026 at 9:14 AM Anna <a@b.ca> wrote:\nold text';
    expect(cutThread(`Please ship to 9 Elm Ave, Ottawa ON K1A 0B1${quoted}`).text).not.toContain('old text');
    expect(cutThread(`Her details are in the message below, thanks${quoted}`).text).toContain('old text');
  });

  it('puts Chinese labels run together on lines of their own', () => {
    expect(splitChineseLabels('王小明电话4165550188地址100 Queen St W').split('\n')).toEqual([
      '王小明',
      '电话：4165550188',
      '地址：100 Queen St W',
    ]);
  });

  it("takes a chat's speaker off the lines they wrote", () => {
    const lines = stripSpeakers(lineKinds(), splitLines('Nadia Farah 9:11 AM\n12 Main St, Toronto ON M5V 3L9'));
    expect(lines.some((l) => l.speaker === 'Nadia Farah')).toBe(true);
  });
});
