import { describe, expect, it } from 'vitest';
import { lineKinds } from './paste-lines';
import { chatName, readSignature, turnReversedName } from './paste-names';
import { splitLines } from './paste-split';

describe('paste stage 5: names', () => {
  it('reads the signer of a message', () => {
    const lines = splitLines(
      'Hi, please send the samples.\n\nThanks,\nGordon Silva\nProject Engineer\nSaltchuck Architecture Ltd.',
    );
    expect(readSignature(lineKinds(), lines).name).toBe('Gordon Silva');
  });

  it('reads a name said in a chat, and one said as the one the parcel is for', () => {
    expect(chatName('this is Dave Morin')?.name).toBe('Dave Morin');
    expect(chatName('send it to my sister Anna Kowalski')).toMatchObject({ name: 'Anna Kowalski', forName: true });
  });

  it("writes a list's 'SURNAME, Given' as the person writes it", () => {
    expect(turnReversedName('HNATYSHYN, Olga')).toBe('Olga Hnatyshyn');
  });
});
