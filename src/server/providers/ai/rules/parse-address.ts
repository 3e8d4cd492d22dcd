/**
 * Rule-based reading of one address from free text, as Canadian shippers paste it.
 *
 * Conventions (the corpus in tests/fixtures/address-corpus.json follows them):
 * - address1 is the civic street line ("88 Harbour St"); the unit goes to address2 with a
 *   designator: Apt/Suite/Unit/App./Bureau/Room as written ("Apt 4B", "Suite 200", "App. 5");
 *   a bare unit ("1203-88 Harbour St", "#305 - 1333 Hornby St") becomes "Unit 1203".
 * - PO boxes, rural routes and general delivery: "PO Box 123" / "C.P. 456" (with "Stn X" /
 *   "Succ. X"), "Site 5 Comp 10 RR 2", "General Delivery". Without a civic street they are
 *   address1; next to one they go to address2 (after the unit).
 * - Street, city and name text keep the writer's spelling; all-lower or all-upper words are
 *   title-cased. Chinese city names become the English/official name (多伦多 → Toronto).
 * - name is the full name; firstName/lastName split at the first space (spec §3). For a Chinese
 *   name the surname comes first: 王小明 → lastName 王, firstName 小明 (two-character surnames
 *   such as 欧阳 are known).
 * - postalCode is 'A1A 1A1' or a ZIP ('12345' / '12345-6789'); province is a 2-letter code
 *   (a state code for the US); phone is 'AAA-BBB-CCCC' (with ' ext. N'); country is CA or US.
 * - Province is inferred from the postal code, else from a known city, when not written.
 */
import { PARSED_FIELD_NAMES } from '../../../../shared/contracts/ai';
import {
  normalizePostalCode,
  POSTAL_CODE_PATTERN_GLOBAL,
  provincesForPostalCode,
} from '../../../../shared/postal-code';
import { lookupCity } from './cities';
import type { ParsedAddress } from './types';
import type { Work } from './address-work';
import { companyText, streetText } from './address-case';
import { applyLabel, splitLabels } from './address-labels';
import { splitName } from './address-names';
import { resolve } from './address-resolve';
import { analyzeSegment, splitSegments } from './address-segments';
import { PHONE_RE, POSTAL_MARK, prepare, replaceEmails } from './address-text';
import { extractDeliveryParts, extractUnits, secondAddressAt } from './address-units';

export type { ParsedAddress };

/** The fields of an answer, in the contract's order. */
export const PARSED_FIELDS = PARSED_FIELD_NAMES;

export function parseAddressText(input: string): ParsedAddress {
  const w: Work = { out: {}, postals: [], units: [], rural: {} };
  // "温哥华市3333 W 4th Ave": an English street glued to the Chinese place before it.
  let text = prepare(input).replace(/([\u3400-\u9fff])(?=\d{1,6}[A-Za-z]?[ \t]+[A-Za-z])/gu, '$1 ');

  text = replaceEmails(text, (m) => {
    w.out.email ??= m.replace(/\.$/, '');
    return '\n';
  });
  text = text.replace(
    PHONE_RE,
    (_m, a1: string | undefined, a2: string | undefined, b: string, c: string, ext?: string) => {
      w.out.phone ??= `${a1 ?? a2}-${b}-${c}${ext ? ` ext. ${ext}` : ''}`;
      return '\n';
    },
  );
  text = text.replace(POSTAL_CODE_PATTERN_GLOBAL, (m) => {
    const code = normalizePostalCode(m);
    if (!code) return m;
    w.postals.push(code);
    return ` ${POSTAL_MARK}${w.postals.length - 1} `;
  });

  const { labels, free } = splitLabels(text);
  for (const label of labels) {
    const back = applyLabel(w, label);
    if (back) free.push(`\n${back}\n`);
  }

  let rest = extractDeliveryParts(w, free.join('\n'));
  // Two addresses, one under the other (a home address, then the office in a signature): the first
  // is read, and the second's unit is not its unit.
  // Two addresses, one under the other (a home address, then the office in a signature): the unit
  // of the one whose street is read, not the other's.
  const second = secondAddressAt(w, rest);
  const labelled = w.units.length;
  let split: { boundary: number; first: string[]; other: string[] } | undefined;
  if (second < 0) rest = extractUnits(w, rest);
  else {
    const first: Work = { ...w, units: [] };
    const other: Work = { ...w, units: [] };
    const head = extractUnits(first, rest.slice(0, second));
    rest = `${head}\n${extractUnits(other, rest.slice(second))}`;
    split = { boundary: head.length, first: first.units, other: other.units };
  }
  const segments = splitSegments(rest).map((s) => analyzeSegment(w, s));
  resolve(w, segments);
  if (split) {
    const key = w.street?.split(' ').slice(0, 2).join(' ');
    const inOther =
      Boolean(key) && !rest.slice(0, split.boundary).includes(key!) && rest.includes(key!, split.boundary);
    w.units.splice(labelled, 0, ...(inOther ? split.other : split.first));
  }
  return finish(w);
}

function finish(w: Work): ParsedAddress {
  const out = w.out;
  if (w.name) splitName(out, w.name);
  if (w.company) out.company = companyText(w.company);
  const deliveryParts = [
    ...(w.rural.rrFirst ? [w.rural.rr, w.rural.site] : [w.rural.site, w.rural.rr]),
    w.rural.box,
    w.rural.gd,
  ]
    .filter(Boolean)
    .join(' ');
  const unit = w.units[0];
  if (w.street) {
    out.address1 = streetText(w.street);
    const second = [unit, deliveryParts].filter(Boolean).join(' ');
    if (second) out.address2 = second;
  } else if (deliveryParts) {
    out.address1 = deliveryParts;
    if (unit) out.address2 = unit;
  } else if (unit) {
    out.address2 = unit;
  }
  if (w.city) out.city = w.city;

  const postal = w.postals[0];
  if (!w.zip && w.zipAlone && (w.state || w.country === 'US')) w.zip = w.zipAlone;
  const isUs = w.country === 'US' || (!postal && (w.state !== undefined || w.zip !== undefined) && !w.province);
  if (isUs) {
    if (w.state) out.province = w.state;
    if (w.zip) out.postalCode = w.zip;
    out.country = 'US';
  } else {
    let province = w.province;
    if (!province && postal) {
      const options = provincesForPostalCode(postal);
      if (options.length === 1) province = options[0];
    }
    if (!province && w.city && !w.country) province = lookupCity(w.city)?.province;
    else if (!province && w.city) province = lookupCity(w.city)?.province;
    if (province) out.province = province;
    if (postal) out.postalCode = postal;
    if (w.country) out.country = w.country;
    else if (postal || province) out.country = 'CA';
  }
  return out;
}
