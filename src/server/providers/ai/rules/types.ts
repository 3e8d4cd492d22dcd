/**
 * Types the stages of the reading share (the role asked for, lines, blocks, phones, the reading's
 * result), kept apart so that no two stages import each other.
 */

/** One address as the rules read it (the answer's fields; see parse-address.ts for the conventions). */
export type ParsedAddress = {
  firstName?: string;
  lastName?: string;
  name?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: 'CA' | 'US';
  phone?: string;
  email?: string;
};

/** Which object the answer goes in: the sender's, the receiver's, or the address form's. */
export type ParseRole = 'sender' | 'receiver' | 'address';

export type Phone = { value: string; digits: string; index: number; rank: number; inBlock: boolean };

export type PasteReading = {
  /** What the address parser reads: the chosen block (or the whole text) without its noise lines and phones. */
  text: string;
  block?: { heading?: string; text: string };
  /** The phone chosen among those in the text, and the others (a fax never counts). */
  phone?: { value: string; others: string[] };
  email?: { value: string; others: string[] };
  /** Every e-mail of the text, a desk's and a shop's too ("orders@northerntrails.ca"), for the recipient company's own. */
  allEmails?: string[];
  /** Later corrections in a chat: "sorry, postal code is …", "unit 5 not 4". */
  corrections: {
    postal?: string;
    unit?: string;
    address?: string;
    swaps: [from: string, to: string][];
    /** A number said alone in a correction ("c'est le 3242 en fait"): the civic number or unit it resembles. */
    number?: string;
    /** A phone said again ("不好意思，电话写错了，应该是 514-555-0176", "sorry my cell is 416-…"). */
    phone?: string;
  };
  /** Another address block (billing, head office) the text also held: its lines, for the review. */
  otherBlocks: string[];
  /** The rest of the text when a block was chosen by its heading: where a name or company missing from the block is looked for. */
  context?: string;
  /** The person who signed an e-mail and the company under the name: the recipient when the block names none. */
  signature: { name?: string; company?: string };
  /** A name given in a sentence of a chat ("its jess btw", "to my sister anna kowalski"). */
  chatName?: string;
  /**
   * The person a message asks to address the parcel to ("attention Karen in receiving", "À l'attention de
   * Sylvain Gagnon", "address them to Gerard Kielly"): not the writer who signs it.
   */
  attention?: string;
  /** Who placed the order or is sent the parcel in a sentence ("Order placed by Natasha Leclair", "send a monitor to Owen Richards"): a name when nothing else gives one. */
  buyer?: string;
  /** The block was chosen by a heading ("Ship to:", "Please ship to our lab manager:"). */
  headed?: boolean;
  /** The chat name was said as the one the parcel is for ("for my sister …"): it wins over a name line. */
  forName?: boolean;
  /** The name on the first "From:" line of an e-mail: the recipient only when nothing else names one. */
  mailFrom?: string;
  /** A surname said on its own ("mon nom de famille c'est Gallant"). */
  familyName?: string;
  /** Who wrote the address in a chat ("Nadia Farah 9:11 AM" over it): the recipient when nothing else names one. */
  speaker?: string;
  /** The full name the writer of the address gives in their own lines ("kayden whitebird" under "Kayden 🏒"). */
  speakerName?: string;
  /** A country outside Canada and the US the address ends with (ISO code). */
  otherCountry?: string;
};

export type Line = {
  text: string;
  start: number;
  indent?: number;
  speaker?: string;
  /** An e-mail header's field ("Sent:", "Subject:"), before its label was cut off. */
  mailHeader?: boolean;
};

/** `placed`: chosen by the place the message names (placeBlock); its phone wins as a heading's block's does. */
export type Block = { heading?: string; lines: Line[]; others: string[]; excluded: Set<number>; placed?: boolean };

/**
 * Places the message asks to send to and says not to; `strong`: those asked for "instead" ("please
 * ship to head office instead"), which win over any heading's own words.
 */
export type Targets = {
  ship: Set<string>;
  not: Set<string>;
  strong?: Set<string>;
  zhShip?: string[];
  zhNot?: string[];
};

export type Attention = { name: string; start: number; also?: number };
