import type { TParseReview } from '../../../../shared/contracts/ai';
import { provincesForPostalCode } from '../../../../shared/postal-code';
import { companyText } from './address-case';
import { parseAddressText, type ParsedAddress } from './parse-address';
import { lookupCity } from './cities';
import { mayContain } from './literal';
import { COMPANY_PATTERN, escapeRegExp, STREET_TYPES } from './lexicon';
import { readPaste } from './paste';
import type { ParseRole, PasteReading } from './types';
import { compile } from './vocabulary/compile';
import { DESK_ATTENTION_WORDS, DESK_EMAIL_WORDS, DESK_LOCAL_PARTS, HOME_WORDS } from './vocabulary/role-words';
import { allMatches, wordThen } from './matches';

const FIELD_MAX = 120;
const LEGAL = /\b(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|incorporated|corporation|enr|s\.e\.n\.c)\b\.?/iu;
const MARKETPLACE = /\b(?:amazon|ebay|etsy|shopify|square|woocommerce|walmart|wish|aliexpress|facebook)\b/i;

export type { ParseRole };

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

/** An attention line naming a desk, not a person: "Attn: Receiving", "À l'attention du service de l'expédition". */
const DESK_ATTENTION = compile(
  'imu',
  String.raw`^[ \t]*(?:attn|attention|à l['’]attention d[eu]|a\/s)\b[ \t:.-]*(?:(?:the|le|la|l['’]|our|notre)[ \t]*)?(?:`,
  DESK_ATTENTION_WORDS,
  String.raw`)(?:[ \t]+(?:department|dept\.?|desk|team|dock|bay))?[ \t]*$`,
);

/** A whole paste read into one address: the block chosen, the parser on it, then phones, e-mails and corrections. */
export function readAddress(text: string, role: ParseRole): { address: ParsedAddress; review?: TParseReview } {
  const reading = readPaste(text, role);
  const address = parseBlock(reading);
  // "Ship to: … Attn: Receiving": a desk takes the parcel, and no one named around the block goes on it.
  const toDesk = !address.name && DESK_ATTENTION.test(reading.block?.text ?? '');
  // A block that names its person has its own company line when there is one: a company around
  // it is the shop's or the sender's ("Wildflour Pantry Co." over a packing slip's Ship to).
  const blockNamed = Boolean(address.name);
  const attention = settleName(address, reading, blockNamed);
  settleCompany(address, reading, { text, blockNamed });
  // Nothing else named anyone: who placed the order, or whom a sentence sends it to.
  if (!address.name && reading.buyer && !COMPANY_PATTERN.test(` ${reading.buyer} `))
    takeName(address, parseAddressText(`Name: ${reading.buyer}`));
  // "hey c'est Mélanie … mon nom de famille c'est Gallant": the surname said on its own.
  if (reading.familyName && address.firstName && !address.lastName && !/[\u3400-\u9fff]/u.test(address.firstName)) {
    address.lastName = reading.familyName;
    address.name = `${address.firstName} ${reading.familyName}`;
  }
  // "Graham W." or "Gurleen" where the text also writes "Graham Whitfield", "Gurleen Sidhu": the full name.
  fillSurname(address, text);
  if (toDesk) {
    delete address.name;
    delete address.firstName;
    delete address.lastName;
  }
  // The name written twice (a customer block and the ship-to block) is not a company.
  if (address.company && address.name && address.company.toLowerCase() === address.name.toLowerCase())
    delete address.company;
  const guessed: TParseReview['guessed'] = [];
  if (reading.phone) {
    // "Tomás's cell is 902-555-0132": the number the text gives as the recipient's own.
    const all = [reading.phone.value, ...reading.phone.others];
    const theirs = ownPhone(text, address.firstName, all) ?? besideAddress(text, address, reading.signature.name, all);
    address.phone = theirs ?? reading.phone.value;
    const others = all.filter((p) => p !== address.phone);
    if (others.length) guessed.push({ field: 'phone', others });
  }
  if (reading.email) chooseEmail(address, reading, { text, toDesk, attention, guessed });
  // No e-mail of the person: the recipient company's own desk ("orders@northerntrails.ca" for Northern
  // Trails Outfitters Ltd.), never a shop's or a sender's of another name.
  if (!address.email && address.company && reading.allEmails) {
    const company = fold(address.company).replace(/[^a-z0-9]/g, '');
    const own = reading.allEmails.find((e) => {
      const domain = fold(e.split('@')[1]?.split('.').slice(0, -1).pop() ?? '').replace(/[^a-z0-9]/g, '');
      return domain.length >= 6 && company.includes(domain) && !namesSomeone(e);
    });
    if (own) address.email = own;
  }
  applyCorrections(address, reading.corrections);
  // "Québec G1N 3Z6" names the province and its capital at once: with no other town, the town is Québec.
  if (
    !address.city &&
    address.province === 'QC' &&
    /^G[12]/.test(address.postalCode ?? '') &&
    /qu[ée]bec|(?<![\p{L}])qc(?![\p{L}])/iu.test(reading.text)
  )
    address.city = 'Québec';
  if (reading.otherBlocks.length && !reading.block?.heading) {
    guessed.push({ field: 'address1', others: reading.otherBlocks });
  }
  return withReview(address, reading, guessed);
}

/** The parser on the block; again without a one-word line that is the start of the full name under it. */
function parseBlock(reading: PasteReading): ParsedAddress {
  let address = parseAddressText(reading.text);
  // "Alicia" signed at the top, "Alicia Fontaine" over the address read as the company: the
  // one-word line goes and the full name is the person's.
  const short = address.name;
  if (
    short &&
    !short.includes(' ') &&
    (!reading.signature.name || reading.signature.name === address.company || reading.signature.name === short) &&
    address.company?.startsWith(`${short} `) &&
    !COMPANY_PATTERN.test(` ${address.company} `) &&
    /^(?:\p{Lu}[\p{L}'’.-]*[ \t]+){1,3}\p{Lu}[\p{L}'’-]+$/u.test(address.company)
  ) {
    address = parseAddressText(
      reading.text
        .split('\n')
        .filter((l) => l.trim() !== short)
        .join('\n'),
    );
  }
  return address;
}

/** The name from the chat, the e-mail's writer, the signer or an attention line, over none or one word; answers the attention line taken. */
function settleName(address: ParsedAddress, reading: PasteReading, blockNamed: boolean): string | undefined {
  const { signature } = reading;
  // (Not over a ship-to block that names its person: "on behalf of Dr. Khan … ship to: Sara Malik".)
  const namedFor =
    reading.forName && reading.chatName?.includes(' ') && address.name !== reading.chatName && !reading.headed;
  // (Also over one word the chat happened to hold: "Mike" over "Name on it should be Mikhail Petrenko".)
  const oneWordFirst = Boolean(address.name && !address.name.includes(' ') && !/[\u3400-\u9fff]/u.test(address.name));
  if ((!address.name || namedFor || (oneWordFirst && reading.chatName?.includes(' '))) && reading.chatName) {
    takeName(address, parseAddressText(`Name: ${reading.chatName}`));
    // The name line it replaces left the other person as a "company" ("Jonathan Roy" over his message).
    if (namedFor && address.company && !COMPANY_PATTERN.test(` ${address.company} `)) delete address.company;
  }
  // Nothing but an initial ("O.") under a message from "Oksana Petrenko <…>": the sender's name.
  if (reading.mailFrom && (!address.name || /^\p{Lu}\.?$/u.test(address.name)) && !signature.name?.includes(' ')) {
    const writer = parseAddressText(`Name: ${reading.mailFrom}`);
    if (!address.name || writer.name?.startsWith(address.name.charAt(0))) takeName(address, writer);
  }
  // (Also over a one-word name the chat happened to hold: "Vasyl" of "Vasyl | Craft Shop".)
  const oneWordName = address.name && !address.name.includes(' ') && !/[\u3400-\u9fff]/u.test(address.name);
  if ((!address.name || (oneWordName && !reading.speaker?.includes(address.name))) && reading.speaker) {
    takeName(address, parseAddressText(`Name: ${reading.speaker}`));
  }
  // The full name the chat's writer gives ("kayden whitebird"), over none or one word.
  const single = address.name && !address.name.includes(' ') && !/[\u3400-\u9fff]/u.test(address.name);
  if ((!address.name || single) && reading.speakerName && !reading.headed)
    takeName(address, parseAddressText(`Name: ${reading.speakerName}`));
  // The signer of an e-mail over a one-word "name" the message happened to hold.
  const oneWord = address.name && !address.name.includes(' ') && !/[\u3400-\u9fff]/u.test(address.name);
  if ((!address.name || (oneWord && signature.name?.includes(' '))) && signature.name) {
    takeName(address, parseAddressText(`Name: ${signature.name}`));
  }
  // "attention Karen in receiving" in the message: Karen receives it, not the one who signs.
  const attention =
    reading.attention && (!blockNamed || address.name === signature.name) ? reading.attention : undefined;
  if (attention) takeName(address, parseAddressText(`Name: ${attention}`));
  return attention;
}

/** The signer's company over none, the person's own; none when the parcel goes home; the company around the block. */
function settleCompany(
  address: ParsedAddress,
  reading: PasteReading,
  { text, blockNamed }: { text: string; blockNamed: boolean },
): void {
  const { signature } = reading;
  // "send the proofs to my place instead of the office": the parcel goes home, not to the company.
  // (Not "don't send to my house": a home the message says not to send to.)
  // (Not where the parcel is sent to work: "ship them to my work — mail to my house is unreliable".)
  const home =
    !sendsToWork(text.slice(0, 20_000)) &&
    allMatches(text.slice(0, 20_000), HOME_ALL).some(
      (m) =>
        !/\b(?:don['’]?t|do not|not|never|pas|jamais|ne)\b[^.!?\n]{0,25}$/iu.test(
          text.slice(Math.max(0, m.index - 40), m.index),
        ),
    );
  // (Not to the writer of a forwarded message: "From: Noor Al-Khatib" is the customer of the forwarder's shop.)
  // Their own company line above the forwarder's signature stays ("Kyle Monias / Intake Coordinator / Red River …").
  const forwardedWriter = Boolean(
    reading.mailFrom &&
    reading.mailFrom === address.name &&
    signature.name &&
    signature.name !== address.name &&
    signature.company &&
    text.includes(signature.name) &&
    text.indexOf(signature.company) > text.lastIndexOf(signature.name),
  );
  if (
    !home &&
    !forwardedWriter &&
    signature.company &&
    address.name &&
    (!address.company ||
      address.company === address.name ||
      address.company === signature.name ||
      (!LEGAL.test(address.company) && LEGAL.test(signature.company) && address.name === signature.name))
  ) {
    address.company = companyText(signature.company);
  }
  if (
    (home || forwardedWriter) &&
    address.company &&
    signature.company &&
    address.company === companyText(signature.company)
  )
    delete address.company;
  if (reading.context && (!address.name || !address.company)) {
    const around = parseAddressText(reading.context);
    if (!address.name && around.name) {
      address.name = around.name;
      if (around.firstName) address.firstName = around.firstName;
      if (around.lastName) address.lastName = around.lastName;
    }
    // Only a clear company from around the block (a legal suffix, a trade word), never a marketplace's name.
    if (
      !home &&
      !blockNamed &&
      !address.company &&
      around.company &&
      COMPANY_PATTERN.test(` ${around.company} `) &&
      !MARKETPLACE.test(around.company)
    ) {
      address.company = around.company;
    }
  }
}

/** The recipient's e-mail of those found: not someone else's (a signer, an assistant, a relative), not a desk's. */
function chooseEmail(
  address: ParsedAddress,
  reading: PasteReading,
  found: { text: string; toDesk: boolean; attention: string | undefined; guessed: TParseReview['guessed'] },
): void {
  const { text, toDesk, attention, guessed } = found;
  const { signature } = reading;
  const email = reading.email!;
  // "?" marks an address found outside the ship-to block: the buyer's, unless it bears the recipient's name.
  // Someone else's: the assistant who wrote for the recipient ("brianna.tso@" under "Leilani
  // Santos"), or a desk's ("reception@") when the parcel goes to a person.
  const [first, ...rest] = (signature.name ?? '').split(/\s+/);
  const signer = { firstName: first, lastName: rest.join(' ') } as ParsedAddress;
  // Only with a recipient surely named (first and last, written so in the text).
  const sure = Boolean(address.firstName && address.lastName && address.name && text.includes(address.name));
  // (Any person named alone on a line of the text counts: "Marie-Pier Bouchard" under "Adjointe".)
  const named = sure
    ? [signer, ...namesInText(text)].filter((p) => `${p.firstName} ${p.lastName}` !== address.name)
    : [];
  // A relative's e-mail shares the surname: "annie.bergeron@" is Annie's, not Gilles Bergeron's,
  // when Annie is named in the text (the buyer of a gift).
  const firstIn = (e: string, p: ParsedAddress) =>
    fold(p.firstName ?? '').length >= 3 && fold(e.split('@')[0]).includes(fold(p.firstName ?? ''));
  let firsts: string[] | undefined; // read once, when an e-mail asks
  const relative = (e: string) =>
    !firstIn(e, address) &&
    (firsts ??= firstNamesInText(text)).some(
      // ("Raj" is Rajesh's short name, not someone else.)
      (f) =>
        !(address.name ?? '').split(/[\s-]+/).includes(f) &&
        !fold(address.firstName ?? '').startsWith(fold(f)) &&
        firstIn(e, { firstName: f } as ParsedAddress),
    );
  // The signer's own, in their signature under their name, when the parcel goes to someone else
  // ("jr.pierrelouis@" under "Jean-Robert Pierre-Louis", who ships to his mother of the same surname).
  const signed = signature.name ? text.lastIndexOf(`\n${signature.name}\n`) : -1;
  // ("Jane" signing under "Jane Roy"'s block, "Chef Antoine Vézina" for "Antoine Vézina": the same person.)
  const signerIsRecipient = Boolean(
    signature.name &&
    address.name &&
    (signature.name.includes(address.name) ||
      address.name.includes(signature.name) ||
      signature.name.split(' ')[0] === address.firstName),
  );
  const inSignature = (e: string) => {
    const at = signed < 0 ? -1 : text.indexOf(e, signed);
    return at > signed && at - signed < 400 && !text.slice(signed + 1, at).includes('\n\n');
  };
  const otherPerson = (e: string) =>
    (sure && !signerIsRecipient && inSignature(e)) ||
    (sure &&
      ((!bearsName(e, address) && named.some((p) => p.firstName && p.lastName && bearsName(e, p))) || relative(e)));
  // (A desk's mailbox given as the form's own "Email:" field stays.)
  const labelled = (e: string) =>
    new RegExp(`(?:e-?mail|courriel|邮箱|電郵)[^\\n@]{0,12}[:：][ \\t]*${escapeRegExp(e)}`, 'i').test(text);
  // When the message names someone to receive the parcel, its e-mails are the writers' unless one bears that name.
  const signers = (e: string) => Boolean(attention) && !bearsName(e, address);
  const desk = (e: string) => Boolean(address.name) && DESK_EMAIL.test(e) && !bearsName(e, address) && !labelled(e);
  const emails = [email.value, ...email.others]
    .filter((e) => !e.startsWith('?') || (!toDesk && bearsName(e.slice(1), address)))
    .map((e) => e.replace(/^\?/, ''))
    .filter((e) => !otherPerson(e) && !desk(e) && !signers(e));
  // (Of several, the one bearing the recipient's name: "rdhaliwal@" for Raj Dhaliwal over "dmcallister@".)
  if (sure && emails.length > 1) emails.sort((a, b) => Number(bearsName(b, address)) - Number(bearsName(a, address)));
  if (emails.length) {
    address.email = emails[0];
    if (emails.length > 1) guessed.push({ field: 'email', others: emails.slice(1) });
  }
}

/** The review of what was guessed, the block read and a country the form cannot take; values too long left out. */
function withReview(
  address: ParsedAddress,
  reading: PasteReading,
  guessed: TParseReview['guessed'],
): { address: ParsedAddress; review?: TParseReview } {
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

/** An address of a person ("praghunathan@", "c.eze@") or of a desk that takes no parcels ("accounts@"), not a company's own desk. */
const DESK_LOCAL_PART = compile('', '^(?:', DESK_LOCAL_PARTS, ')$');

function namesSomeone(email: string): boolean {
  const local = fold(email.split('@')[0]).replace(/[^a-z]/g, '');
  // (Not the accounts, reception or admin desk: they pay and greet, a parcel goes to someone.)
  return !DESK_LOCAL_PART.test(local);
}

/** The name another reading found (a chat, a signer, a From: line) in place of the block's, when it has one. */
function takeName(address: ParsedAddress, found: ParsedAddress): void {
  if (!found.name) return;
  Object.assign(address, { name: found.name, firstName: found.firstName, lastName: found.lastName });
  if (!address.lastName) delete address.lastName;
}

/** A number said alone in a correction replaces the unit or civic number of as many digits it resembles. */
function fixNumber(address: ParsedAddress, said: string): void {
  const shared = (a: string) => [...a].filter((d, k) => said[k] === d).length;
  const unit = /(\d+)(?!.*\d)/.exec(address.address2 ?? '');
  const civic = /^(\d+)/.exec(address.address1 ?? '');
  const options = [
    unit && { field: 'address2' as const, value: unit[1], at: unit.index },
    civic && { field: 'address1' as const, value: civic[1], at: 0 },
  ].filter((o): o is { field: 'address1' | 'address2'; value: string; at: number } =>
    Boolean(
      o &&
      o.value.length === said.length &&
      o.value !== said &&
      (shared(o.value) >= said.length / 2 || [...o.value].sort().join('') === [...said].sort().join('')),
    ),
  );
  if (options.length !== 1) return;
  const { field, value, at } = options[0];
  const v = address[field]!;
  address[field] = `${v.slice(0, at)}${said}${v.slice(at + value.length)}`;
}

/** The phone a sentence gives as the person's own: "Tomás's cell is …", "Marie's number: …". */
function ownPhone(text: string, first: string | undefined, phones: string[]): string | undefined {
  if (!first || phones.length < 2 || !/^\p{Lu}[\p{L}'’-]+$/u.test(first)) return undefined;
  // (Only a text that says "Tomás's" or "Tomás’s" is worth the regexp: building one costs more than most readings.)
  if (!text.includes(`${first}'s`) && !text.includes(`${first}’s`)) return undefined;
  const said = new RegExp(
    `(?<![\\p{L}])${escapeRegExp(first)}['’]s[ \\t]+(?:cell|cell phone|phone|number|mobile|line|direct line)(?:[ \\t]+(?:number|#))?[ \\t]*(?:is|:)?[ \\t]*(\\+?[\\d(][\\d ().-]{8,16}\\d)`,
    'u',
  ).exec(text.slice(0, 20_000));
  if (!said) return undefined;
  const digits = said[1].replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return phones.find((p) => p.replace(/\D/g, '').startsWith(digits));
}

/** Words that end a name line without being a surname ("Dana Kim Receiving"). */
const NOT_SURNAME =
  /^(?:receiving|shipping|office|manager|director|reception|warehouse|dock|sales|admin|accounts|team|desk|dept|department)$/iu;

/** After a first name, its surname (two words where the name ends its line or its "From:" header: "c/o Liz Weasel Head"). */
const SURNAMES_AFTER = /[ \t]+(\p{Lu}[\p{L}'’-]+)(?:[ \t]+(\p{Lu}[\p{L}'’-]+)(?=[ \t]*(?:<|\n|$)))?(?![\p{L}.])/uy;

/** A first name alone or with an initial ("Graham W.") completed from the same first name written in full. */
function fillSurname(address: ParsedAddress, text: string): void {
  const first = address.firstName;
  if (!first || !/^\p{Lu}[\p{L}'’-]+$/u.test(first) || (address.lastName && !/^\p{Lu}\.?$/u.test(address.lastName)))
    return;
  const initial = address.lastName?.charAt(0);
  for (const m of wordThen(text.slice(0, 20_000), first, SURNAMES_AFTER)) {
    const second = m[2] && !STREET_TYPES.has(m[2].toLowerCase()) && !lookupCity(m[2]) && !NOT_SURNAME.test(m[2]);
    const last = second ? `${m[1]} ${m[2]}` : m[1];
    if (initial && !last.startsWith(initial)) continue;
    if (STREET_TYPES.has(last.toLowerCase()) || lookupCity(last) || last === last.toUpperCase()) continue;
    address.lastName = last;
    address.name = `${first} ${last}`;
    return;
  }
}

/** The message sends the parcel home rather than to work. */
const HOME = compile(
  'iu',
  String.raw`(?<![\p{L}])(?:to (?:my|his|her|their) (?:place|home|house|apartment|apt|condo|flat|residence)\b|(?:at|`,
  String.raw`to) home\b|my home address|à la maison|chez moi|à mon domicile|à mon appart|寄到家|寄家里|送到家|(?:寄|送|发|發)给?(?:她|他|`,
  String.raw`我)?(?:`,
  HOME_WORDS,
  String.raw`))`,
);

const HOME_ALL = new RegExp(HOME.source, 'giu');
/** The message sends the parcel to work: "ship them to my work", "envoie-le à ma job", "au bureau". */
const TO_WORK = compile(
  'iu',
  String.raw`\b(?:ship|send|mail|deliver|courier)\b[^.!?\n]{0,30}?(?<!\b(?:not|instead of|rather than|than)[ \t]+)\bto `,
  String.raw`(?:my|our) (?:work|office|workplace|job|shop|store|clinic)\b|(?:envoie|envoyez|envoyer|livre|livrez|livrer|`,
  String.raw`expédie|expédiez|expédier)[^.!?\n]{0,60}?(?<!(?:plutôt qu['’]|pas |non |qu['’]))(?:à ma job|à mon travail|`,
  String.raw`à mon bureau|au bureau)`,
);

/** What TO_WORK's every match ends with ("to my ", "to our ", "à mon bureau"…): a text without any is not searched. */
const MAY_SEND_TO_WORK = /to (?:my|our) |à ma job|à mon travail|à mon bureau|au bureau/iu;
const sendsToWork = (text: string) => MAY_SEND_TO_WORK.test(text) && TO_WORK.test(text);

/** A person's name alone on a line: "Marie-Pier Bouchard", "Me Julien Paradis". */
const NAME_ALONE =
  /^[ \t>]*(?:(?:M|Me|Mme|Dr|Dre|Mr|Mrs|Ms)\.?[ \t]+)?(\p{Lu}[\p{L}'’-]+)[ \t]+(\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+)?)[ \t]*,?[ \t]*$/u;

/** People named alone on a line ("Marie-Pier Bouchard", "Me Julien Paradis"), at most 20. */
function namesInText(text: string): ParsedAddress[] {
  const out: ParsedAddress[] = [];
  for (const line of text.split('\n')) {
    const m = NAME_ALONE.exec(line.length <= 60 ? line : '');
    if (m) out.push({ firstName: m[1], lastName: m[2] } as ParsedAddress);
    if (out.length >= 20) break;
  }
  return out;
}

/** The first words of the capitalised pairs of the text ("Kenji Nakamura, 3410 Portage Ave" → Kenji, Portage), at most 40. */
function firstNamesInText(text: string): string[] {
  const out = new Set<string>();
  for (const m of allMatches(text.slice(0, 20_000), /(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}{2,})[ \t]+\p{Lu}[\p{L}'’-]+/gu)) {
    out.add(m[1]);
    if (out.size >= 40) break;
  }
  return [...out];
}

/** A desk's or a department's mailbox, not a person's. */
const DESK_EMAIL = compile('i', String.raw`^(?:`, DESK_EMAIL_WORDS, String.raw`)@`);

const MARK = /\p{M}/gu;

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(MARK, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function bearsName(email: string, address: ParsedAddress): boolean {
  const local = fold(email.split('@')[0]);
  const parts = [address.firstName, address.lastName].map((p) => fold(p ?? '')).filter((p) => p.length >= 2);
  if (!parts.length || parts.some((p) => local.includes(p))) return true;
  const each = `${address.firstName ?? ''} ${address.lastName ?? ''}`.split(/[\s-]+/).map(fold);
  if (each.some((w) => w.length >= 3 && local.includes(w))) return true;
  // A short form of the first name: "jas@…" for Jaspreet.
  if (local.length >= 3 && /^\p{L}+$/u.test(local) && fold(address.firstName ?? '').startsWith(local)) return true;
  // Initials: "vgl@…" for Véronique Gagné-Lévesque, "jf.tremblay", "mroy".
  const words = `${address.firstName ?? ''} ${address.lastName ?? ''}`
    .split(/[\s-]+/)
    .map(fold)
    .filter(Boolean);
  const initials = words.map((w) => w[0]).join('');
  return initials.length >= 2 && local.startsWith(initials.slice(0, 2));
}

/**
 * The parcel goes to someone other than the one who signs ("adressé à ma collègue Véronique" over
 * "Véronique Lalonde … Tél. entrepôt : 450 555-0124", signed "Martin Cossette … Cell. : 514 …"): the
 * number under the recipient's address, before the signer's name, over the signer's own.
 */
function besideAddress(
  text: string,
  address: ParsedAddress,
  signer: string | undefined,
  phones: string[],
): string | undefined {
  if (!signer || !address.name || !address.postalCode || signer.includes(address.name) || address.name.includes(signer))
    return undefined;
  const signed = text.lastIndexOf(signer);
  const postal = text.toUpperCase().indexOf(address.postalCode.toUpperCase());
  if (signed < 0 || postal < 0 || postal > signed) return undefined;
  const at = (p: string) => {
    const d = p.replace(/\D/g, '').slice(0, 10);
    const m = new RegExp(`${d.slice(0, 3)}\\)?[\\s.-]*${d.slice(3, 6)}[\\s.-]*${d.slice(6)}`).exec(text);
    return m ? m.index : -1;
  };
  const near = phones.filter((p) => {
    const i = at(p);
    return i > postal && i < signed && !text.slice(postal, i).includes('\n\n');
  });
  return near.length === 1 ? near[0] : undefined;
}

function applyCorrections(address: ParsedAddress, c: PasteReading['corrections']): void {
  if (c.phone) address.phone = c.phone;
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
  // A number said alone: the unit or civic number of as many digits that shares most of them.
  if (c.number) fixNumber(address, c.number);
  for (const [from, to] of c.swaps) {
    // "its Lakeshore Rd W not E": the words said before the right one stand before the wrong one too.
    const lead = / /.test(to) && !/ /.test(from) ? `${escapeRegExp(to.slice(0, to.lastIndexOf(' ')))}\\s+` : '';
    // (Built only for a field that holds the word: building one costs more than most readings.)
    let word: RegExp | undefined;
    for (const field of ['address1', 'address2', 'city', 'postalCode'] as const) {
      const v = address[field];
      if (!v || !mayContain(v, from, true)) continue;
      word ??= new RegExp(`(?<![\\p{L}\\p{N}])(?:${lead})?${escapeRegExp(from)}(?![\\p{L}\\p{N}])`, 'iu');
      if (word.test(v)) address[field] = v.replace(word, to);
    }
  }
}
