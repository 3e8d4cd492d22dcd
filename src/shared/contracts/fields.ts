import { z } from 'zod';

/**
 * Control characters (C0 incl. tab, CR and LF; DEL; C1), the Unicode line and paragraph separators,
 * bidirectional marks, embeddings, overrides and isolates, zero-width space, word joiner and invisible
 * operators, and the byte-order mark. A name, company or street is one line of visible text: these only
 * serve to forge mail headers or message lines, or to disguise what a text says. (Zero-width joiner and
 * non-joiner stay allowed: Persian and Indic names need them.)
 */
const INVISIBLE = '\\u061c\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff';
// Built from a string: the characters are the point of this pattern (eslint no-control-regex).
const CONTROL_CHARACTERS = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${INVISIBLE}]`);
/** The same, but line breaks allowed (multi-line fields such as an organization's address). */
const CONTROL_BUT_LINE_BREAKS = new RegExp(`[\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${INVISIBLE}]`);

export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value);
export const hasControlCharactersBesidesLineBreaks = (value: string) => CONTROL_BUT_LINE_BREAKS.test(value);

/** The text with each run of control characters turned into one space (for names from elsewhere). */
export const toOneLine = (value: string) => value.replace(new RegExp(CONTROL_CHARACTERS.source + '+', 'g'), ' ');

export const controlCharactersMessage = (label: string) =>
  `${label} must not contain line breaks or control characters`;

/**
 * Absent (or null) is 'X is required'; any other value that is not a string (a JSON number, say) is
 * 'X must be text'. Numbers are not read as their digits: a phone, postal code or code written as a
 * number has already lost its leading zeros and '+'.
 */
export const textTypeMessage = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

/** One line of text: refused (not trimmed away) when it holds a control character anywhere. */
export const singleLine = (label: string) =>
  z.string({ error: textTypeMessage(label) }).refine((v) => !hasControlCharacters(v), controlCharactersMessage(label));

/** A required text field: one line, trimmed, not blank, at most `max` characters; messages name the field. */
export const requiredText = (label: string, max: number) =>
  singleLine(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** Optional one-line text: null, undefined and blank all become ''. */
export const optionalText = (label: string, max: number) =>
  singleLine(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
