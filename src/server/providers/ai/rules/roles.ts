import type { TParseReview } from '../../../../shared/contracts/ai';
import { provincesForPostalCode } from '../../../../shared/postal-code';
import { parseAddressText, type ParsedAddress } from './parse-address';
import { COMPANY_PATTERN } from './lexicon';
import { readPaste, type PasteReading } from './paste';

const FIELD_MAX = 120;
const LEGAL = /\b(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|incorporated|corporation|enr|s\.e\.n\.c)\b\.?/iu;
const MARKETPLACE = /\b(?:amazon|ebay|etsy|shopify|square|woocommerce|walmart|wish|aliexpress|facebook)\b/i;

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

/** The rule-based parse of a description, placed under its role, with what the user should check. */
export function parseShipmentDescription(description: string): ParseResult {
  const { role, text } = splitRole(description);
  const { address, review } = readAddress(text, role);
  return { [role]: address, ...(review && { review }) };
}

/** A whole paste read into one address: the block chosen, the parser on it, then phones, e-mails and corrections. */
export function readAddress(text: string, role: ParseRole): { address: ParsedAddress; review?: TParseReview } {
  const reading = readPaste(text, role);
  const address = parseAddressText(reading.text);
  const { signature } = reading;
  if (!address.name && reading.chatName) {
    const spoken = parseAddressText(`Name: ${reading.chatName}`);
    if (spoken.name)
      Object.assign(address, { name: spoken.name, firstName: spoken.firstName, lastName: spoken.lastName });
    if (!address.lastName) delete address.lastName;
  }
  // The signer of an e-mail over a one-word "name" the message happened to hold.
  const oneWord = address.name && !address.name.includes(' ') && !/[\u3400-\u9fff]/u.test(address.name);
  if ((!address.name || (oneWord && signature.name?.includes(' '))) && signature.name) {
    const signer = parseAddressText(`Name: ${signature.name}`);
    Object.assign(address, { name: signer.name, firstName: signer.firstName, lastName: signer.lastName });
    if (!address.lastName) delete address.lastName;
  }
  if (
    signature.company &&
    address.name &&
    (!address.company ||
      address.company === address.name ||
      address.company === signature.name ||
      (!LEGAL.test(address.company) && LEGAL.test(signature.company)))
  ) {
    address.company = signature.company;
  }
  if (reading.context && (!address.name || !address.company)) {
    const around = parseAddressText(reading.context);
    if (!address.name && around.name) {
      address.name = around.name;
      if (around.firstName) address.firstName = around.firstName;
      if (around.lastName) address.lastName = around.lastName;
    }
    // Only a clear company from around the block (a legal suffix, a trade word), never a marketplace's name.
    if (
      !address.company &&
      around.company &&
      COMPANY_PATTERN.test(` ${around.company} `) &&
      !MARKETPLACE.test(around.company)
    ) {
      address.company = around.company;
    }
  }
  const guessed: TParseReview['guessed'] = [];
  if (reading.phone) {
    address.phone = reading.phone.value;
    if (reading.phone.others.length) guessed.push({ field: 'phone', others: reading.phone.others });
  }
  if (reading.email) {
    // "?" marks an address found outside the ship-to block: the buyer's, unless it bears the recipient's name.
    const emails = [reading.email.value, ...reading.email.others]
      .filter((e) => !e.startsWith('?') || bearsName(e.slice(1), address))
      .map((e) => e.replace(/^\?/, ''));
    if (emails.length) {
      address.email = emails[0];
      if (emails.length > 1) guessed.push({ field: 'email', others: emails.slice(1) });
    }
  }
  applyCorrections(address, reading.corrections);
  if (reading.otherBlocks.length && !reading.block?.heading) {
    guessed.push({ field: 'address1', others: reading.otherBlocks });
  }
  const review: TParseReview = { guessed };
  if (reading.block) review.block = reading.block;
  if (reading.otherCountry && !address.postalCode?.match(/^[A-Z]\d[A-Z]/)) {
    review.otherCountry = reading.otherCountry;
    delete address.country;
  }
  // No form field takes a novel: a value longer than any real one is a misreading, left out.
  for (const [field, value] of Object.entries(address)) {
    if (typeof value === 'string' && value.length > FIELD_MAX) delete address[field as keyof ParsedAddress];
  }
  const empty = !guessed.length && !review.block && !review.otherCountry;
  return empty ? { address } : { address, review };
}

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function bearsName(email: string, address: ParsedAddress): boolean {
  const local = fold(email.split('@')[0]);
  const parts = [address.firstName, address.lastName].map((p) => fold(p ?? '')).filter((p) => p.length >= 2);
  if (!parts.length || parts.some((p) => local.includes(p))) return true;
  const each = `${address.firstName ?? ''} ${address.lastName ?? ''}`.split(/[\s-]+/).map(fold);
  if (each.some((w) => w.length >= 3 && local.includes(w))) return true;
  // Initials: "vgl@…" for Véronique Gagné-Lévesque, "jf.tremblay", "mroy".
  const words = `${address.firstName ?? ''} ${address.lastName ?? ''}`
    .split(/[\s-]+/)
    .map(fold)
    .filter(Boolean);
  const initials = words.map((w) => w[0]).join('');
  return initials.length >= 2 && local.startsWith(initials.slice(0, 2));
}

function applyCorrections(address: ParsedAddress, c: PasteReading['corrections']): void {
  if (c.address) {
    const moved = parseAddressText(c.address);
    if (moved.address1) {
      for (const f of ['address1', 'address2', 'city', 'province', 'postalCode', 'country'] as const) {
        if (moved[f]) address[f] = moved[f] as never;
        else if (f === 'address2') delete address.address2;
      }
    }
  }
  if (c.postal) {
    address.postalCode = c.postal;
    const options = provincesForPostalCode(c.postal);
    if (options.length === 1) address.province = options[0];
    address.country ??= 'CA';
  }
  if (c.unit) {
    const unit = parseAddressText(c.unit).address2;
    if (unit) address.address2 = unit;
  }
  for (const [from, to] of c.swaps) {
    const word = new RegExp(
      `(?<![\\p{L}\\p{N}])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
      'iu',
    );
    for (const field of ['address1', 'address2', 'city', 'postalCode'] as const) {
      const v = address[field];
      if (v && word.test(v)) address[field] = v.replace(word, to);
    }
  }
}
