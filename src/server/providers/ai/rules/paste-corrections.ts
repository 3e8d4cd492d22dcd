/**
 * Corrections said later in a chat ("sorry, postal code is …", "unit 5 not 4"), read into the fields
 * they change.
 */
import { PHONE_RE } from './address-text';
import { ROOM } from './address-units';
import { BASEMENT_SAID, CORRECTION, hasStreet } from './paste-lines';
import { CORRECTED_PHONE, POSTAL_LINE, SAME_TOWN } from './paste-split';
import { type PasteReading } from './types';
import { compile } from './vocabulary/compile';
import { allMatches } from './matches';

const CORRECTION_POSTAL = /\b([A-Za-z]\d[A-Za-z])\s?(\d[A-Za-z]\d)\b/;
const CORRECTION_UNIT =
  /\b(apt\.?|apartment|unit|suite|app\.?|appartement|room|#)\s*(?:(?:is|est|no\.?|:)\s*)?#?\s*([A-Za-z]?\d{1,5}[A-Za-z]?)\b/i;
const FRENCH_NOT_BUT =
  /\bc['’ ]?est pas (?:le |la |l['’]|au |à )?([\p{L}\d-]+)[^,.;!?\n]{0,30}?[\s,]+(?:c['’ ]?est|mais) (?:le |la |l['’]|au |à )?([\p{L}\d-]+)/iu;
const CORRECTION_SWAP = compile(
  'u',
  String.raw`(?<![\p{L}\d-])((?:\p{Lu}[\p{L}-]*[ \t]+)?[\p{L}\d-]+),?\s+(?:[Nn]ot|NOT|[Ii]nstead of|[Pp]as|PAS|`,
  String.raw`[Aa]u lieu de)\s+(?:[Tt]he\s+|[Ll]e\s+|[Ll]a\s+|[Ll]['’]|[Dd]u\s+)?([\p{L}\d-]+(?:[ \t]+\p{Lu}[\p{L}-]*)?)|`,
  String.raw`(?<![\dA-Za-z-])(\d[\dA-Za-z-]*)\s*(?:而不是|不是|唔係|唔系)\s*(\d[\dA-Za-z-]*)`,
);

export function readCorrection(line: string, c: PasteReading['corrections']): void {
  // "电话写错了，应该是 514-555-0176", "oops my number is 416-555-0188": the phone, corrected (on a
  // line that corrects nothing of the address: "oh no sorry 1178 Kingsway, …, my number's 604 …" does).
  const phones = allMatches(line, PHONE_RE);
  if (
    phones.length === 1 &&
    CORRECTED_PHONE.test(line) &&
    !hasStreet(line.replace(PHONE_RE, ' ')) &&
    !POSTAL_LINE.test(line)
  ) {
    const [, a1, a2, b, d] = phones[0];
    c.phone = `${a1 ?? a2}-${b}-${d}`;
    return;
  }
  // "sorry i just moved, new place is 3125 main st apt 402 vancouver v5t 3g6": a whole new address.
  const m = CORRECTION.exec(line);
  const after = m ? line.slice(m.index + m[0].length) : line;
  if (hasStreet(after) && /\p{L}{3,}/u.test(after.replace(/\b(?:not|pas)\b.*$/iu, ''))) {
    const moved =
      /(?:new (?:place|address|one)(?: is)?|moved to|(?:please )?(?:ship|send)(?: it)? to|envoie(?:z)?(?:-le)? (?:à|au)|nouvelle adresse(?: est| c['’]est)?|新地址(?:是)?)\s*[:：]?\s*/iu.exec(
        after,
      );
    if (moved) {
      c.address = after
        .slice(moved.index + moved[0].length)
        .replace(SAME_TOWN, ' ')
        .replace(
          /(?<![\p{L}])(?:postal code|code postal|postcode|zip(?: code)?)(?:[ \t]+(?:is|est))?[ \t:]*(?=[A-Za-z]\d[A-Za-z]|\d{5})/giu,
          '',
        );
      return;
    }
  }
  const postal = CORRECTION_POSTAL.exec(line);
  if (postal) c.postal = `${postal[1]} ${postal[2]}`.toUpperCase();
  // "c'est pas 4e avenue c'est 5e avenue": the wrong word first, the right one after.
  const french = FRENCH_NOT_BUT.exec(line);
  if (french) {
    c.swaps.push([french[1], french[2]]);
    return;
  }
  // "unit 5 not suite 5": a unit said again, not a word swapped for a number.
  const found = CORRECTION_SWAP.exec(line);
  // (Nor halves of a postal code already corrected: "postal code is T5K 1V9, not T5K 0L9".)
  const half = (x?: string) => Boolean(postal && x && /^(?:[A-Za-z]\d[A-Za-z]|\d[A-Za-z]\d)$/.test(x));
  const swap =
    found &&
    !/^(?:apt|apartment|unit|suite|app|appartement|#)\.?$/i.test(found[2] ?? '') &&
    !half(found[1]) &&
    !half(found[2])
      ? found
      : null;
  if (swap) c.swaps.push(swap[1] ? [swap[2], swap[1]] : [swap[4], swap[3]]);
  const unit = CORRECTION_UNIT.exec(line);
  if (unit && !swap) c.unit = `${unit[1]} ${unit[2]}`;
  // "哦不对 是1108房": the room in Chinese.
  const room = ROOM.exec(line);
  if (room && !unit && !swap) c.unit = `Unit ${room[1]}`;
  if (!unit && !room && BASEMENT_SAID.test(line)) c.unit = 'Bsmt';
  // "c'est le 3242 en fait", "係 1805 先啱": one number alone, and nothing else read from the line.
  if (!postal && !unit && !swap && !room && !french) {
    const numbers = line.replace(PHONE_RE, ' ').match(/(?<![\p{L}\p{N}-])\d{2,6}(?![\p{L}\p{N}-])/gu);
    if (numbers?.length === 1) c.number = numbers[0];
  }
}
