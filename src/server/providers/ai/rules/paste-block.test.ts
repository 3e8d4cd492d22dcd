import { describe, expect, it } from 'vitest';
import { chooseBlock, shipTargets } from './paste-block';
import { lineKinds } from './paste-lines';
import { splitLines } from './paste-split';

const block = (text: string, role: 'address' | 'sender' = 'address') => {
  const lines = splitLines(text);
  return chooseBlock(lineKinds(), lines, role, shipTargets(lines));
};

describe("paste stage 3: the recipient's block", () => {
  const paste =
    'Billing address:\nJo Smith\n1 King St W\nToronto ON M5H 1A1\n\nShipping address:\nAnna Lee\n9 Elm Ave\nOttawa ON K1A 0B1';

  it('takes the ship-to block over the billing one', () => {
    const b = block(paste);
    expect(b?.heading).toMatch(/shipping address/i);
    expect(b?.lines.map((l) => l.text)).toContain('Anna Lee');
    expect(b?.lines.map((l) => l.text)).not.toContain('Jo Smith');
  });

  it('finds no block in a paste without headings', () => {
    expect(block('Anna Lee\n9 Elm Ave\nOttawa ON K1A 0B1')).toBeUndefined();
  });
});
