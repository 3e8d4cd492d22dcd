import { describe, expect, it } from 'vitest';
import { choosePhone, findEmails, findPhones } from './paste-contacts';
import { lineKinds } from './paste-lines';
import { splitLines } from './paste-split';

describe('paste stage 5: phones and e-mails', () => {
  it('ranks a cell over an office line and never takes a fax', () => {
    const lines = splitLines('Office: 416-555-0100\nFax: 416-555-0199\nCell: 647-555-0134');
    const phones = findPhones(lineKinds(), lines, undefined);
    expect(phones.map((p) => p.digits)).not.toContain('4165550199');
    expect(choosePhone(phones)?.value).toBe('647-555-0134');
  });

  it('finds the e-mails of the text', () => {
    expect(findEmails(splitLines('Anna Lee\nanna.lee@example.com'), undefined)).toEqual(['anna.lee@example.com']);
  });
});
