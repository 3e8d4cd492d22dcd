/**
 * How a person's name is written wherever we show it (sidebar, admin tables, mails). Names written in
 * Chinese, Japanese or Korean characters put the family name first with no space between the parts
 * ("王" + "小明" → "王小明"); every other name is "first last". A name with a part in Latin letters and a
 * part in CJK is written the Western way, since that is how the person typed it.
 */

export type PersonNameParts = { firstName?: string | null; lastName?: string | null };

/** Han (incl. extensions and compatibility ideographs), kana, Hangul, and the marks used inside such names. */
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}々〆ー・·\s]+$/u;
const HAS_CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** True for a non-empty name part written only in CJK characters (a middle dot or inner space allowed). */
export function isCjkName(part: string | null | undefined): boolean {
  const p = (part ?? '').trim();
  return p.length > 0 && CJK_NAME.test(p) && HAS_CJK.test(p);
}

const clean = (part: string | null | undefined) => (part ?? '').replace(/\s+/g, ' ').trim();

/** True when the name is written family name first: every part given is CJK (at least one is given). */
export function isFamilyNameFirst(name: PersonNameParts): boolean {
  const parts = [clean(name.firstName), clean(name.lastName)].filter(Boolean);
  return parts.length > 0 && parts.every(isCjkName);
}

/** "Ada Lovelace", "王小明"; one part alone when the other is empty; '' when both are. */
export function personDisplayName(name: PersonNameParts): string {
  const first = clean(name.firstName);
  const last = clean(name.lastName);
  if (isFamilyNameFirst(name)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}

/** The name as displayed, else the email (admin lists, pickers). */
export function personNameOrEmail(name: PersonNameParts & { email?: string | null }): string {
  return personDisplayName(name) || (name.email ?? '');
}

const firstChar = (s: string) => Array.from(s)[0] ?? '';

/**
 * The avatar's letters: "AL" for Ada Lovelace; for a CJK name its first character as displayed, the
 * family name ("王" for 王小明), since two characters cut from a Chinese name read as a different word;
 * the email's first letter when there is no name.
 */
export function personInitials(name: PersonNameParts & { email?: string | null }): string {
  const first = clean(name.firstName);
  const last = clean(name.lastName);
  if (isFamilyNameFirst(name)) return firstChar(last || first);
  const letters = `${firstChar(first)}${firstChar(last)}`;
  return (letters || firstChar(clean(name.email))).toUpperCase();
}
