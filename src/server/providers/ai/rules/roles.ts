import type { TParseReview } from '../../../../shared/contracts/ai';
import { parseAddressText, type ParsedAddress } from './parse-address';

export type ParseRole = 'sender' | 'receiver' | 'address';

export type ParseResult = {
  sender?: ParsedAddress;
  receiver?: ParsedAddress;
  address?: ParsedAddress;
  review?: TParseReview;
};

// `\s*(?:word\s*)?` rather than `\s*(?:word)?\s*`: two optional runs of spaces in a row try every split of a long run.
const ROLE_PREFIX =
  /^\s*(sender|receiver|recipient|from|to|寄件人|发件人|收件人|收货人)\s*(?:(?:information|info|details|信息)\s*)?:\s*/i;
/** The address form's instruction, e.g. "Extract the address fields from this text: …". */
const INSTRUCTION_PREFIX = /^\s*[^:\n]{0,160}?\b(?:extract|parse|fill|read)\b[^:\n]{0,160}:\s*/i;

/** Which object the answer goes in, from the prefix the web puts before the user's text; and the text without it. */
export function splitRole(description: string): { role: ParseRole; text: string } {
  const m = ROLE_PREFIX.exec(description);
  if (m && /information|info|details|信息/i.test(m[0])) {
    const word = m[1].toLowerCase();
    const role: ParseRole = /^(sender|from|寄件人|发件人)$/.test(word) ? 'sender' : 'receiver';
    return { role, text: description.slice(m[0].length) };
  }
  const i = INSTRUCTION_PREFIX.exec(description);
  if (i) return { role: 'address', text: description.slice(i[0].length) };
  return { role: 'address', text: description };
}

export function isEmptyAddress(a: ParsedAddress | undefined): boolean {
  return !a || Object.keys(a).length === 0;
}

/** The rule-based parse of a description, placed under its role. */
export function parseShipmentDescription(description: string): ParseResult {
  const { role, text } = splitRole(description);
  return { [role]: parseAddressText(text) };
}
