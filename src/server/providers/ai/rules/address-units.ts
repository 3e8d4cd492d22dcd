/** Units, floors and delivery parts (PO boxes, rural routes, general delivery) taken out of the text before the street is read. */
import { compile } from './vocabulary/compile';
import { UNIT_DESIGNATORS, UNIT_WORDS, FRENCH_STREET_TYPES_AFTER_UNIT } from './vocabulary/addresses';
import type { Work } from './address-work';
import { POSTAL_MARK, titleCase } from './address-text';

const UNIT_CIVIC_RE = compile(
  'u',
  String.raw`(?<![\p{L}\p{N}-])(?<!(?:^|[^\p{L}])(?:PO|P\.O\.|[Oo]rder|[Ii]nvoice|[Rr]ef|[Qq]uote|RMA|[Cc]ommande|`,
  String.raw`[Ff]acture)[ \t.#:]{0,3})#?[ \t]?([A-Za-z]?\d{1,5}[A-Za-z]?)[ \t]*-[ \t]*([1-9]\d{0,5}[A-Za-z]?)(?=\s+[\p{L}]|`,
  String.raw`\s+\d{1,3}(?:st|nd|rd|th)?\s+\p{L})`,
);

const UNIT_FIRST_RE = compile(
  'iu',
  String.raw`(?<![\p{L}\p{N}])(`,
  UNIT_WORDS,
  String.raw`)[ \t]*(?:#[ \t]*)?([A-Za-z]?\d{1,6}[A-Za-z]?)(?:[ \t]+-[ \t]*|-[ \t]+)(?=\d{1,6}[A-Za-z]?(?:[ \t]+[\p{L}\d]|`,
  String.raw`,[ \t]*(?:`,
  FRENCH_STREET_TYPES_AFTER_UNIT,
  String.raw`)\b))`,
);

export const UNIT_RE = compile(
  'iu',
  String.raw`(?<![\p{L}\p{N}])(`,
  UNIT_DESIGNATORS,
  String.raw`)\s*(?:no\.?\s*)?(?:#\s*)?(\d{1,4}[A-Za-z]\d{1,4}|[A-Za-z]-\d{1,5}(?![\p{L}\p{N}])|[A-Za-z]?\d{1,6}[A-Za-z]?`,
  String.raw`(?:-\d{1,6}(?![\p{L}\p{N}]))?|[A-Za-z](?![\p{L}]))(?![\p{L}\p{N}])`,
);

const PO_BOX_RE = compile(
  'iu',
  String.raw`(?<![\p{L}\p{N}])(?:p\.?\s?o\.?\s?box|post\s+office\s+box|pob|box|(c\.?\s?p\.?|case\s+postale))\s*(?:#\s*)?`,
  String.raw`(\d{1,6})(?:\s*(?:,\s*)?(stn\.?|station|succ\.?|succursale)\s+([\p{L}\d][\p{L}\d'-]*))?`,
);
const RR_RE = /(?<![\p{L}\p{N}])(?:r\.?\s?r\.?|rural\s+route)\s*(?:#\s*)?(\d{1,3})(?![\p{L}\p{N}])/iu;
const SITE_COMP_RE =
  /(?<![\p{L}\p{N}])site\s*(\d{1,4})\s*(?:,\s*)?(comp(?:artment)?\.?|box)\s*(\d{1,4})(?![\p{L}\p{N}])/iu;
const GD_RE = /(?<![\p{L}\p{N}])(?:(general\s+delivery)|(poste\s+restante))(?![\p{L}])|\bGD\b/iu;

const UNIT_NAMES: Record<string, string> = {
  apt: 'Apt',
  apartment: 'Apt',
  suite: 'Suite',
  ste: 'Ste',
  unit: 'Unit',
  app: 'App.',
  appt: 'App.',
  appartement: 'App.',
  bureau: 'Bureau',
  room: 'Room',
  rm: 'Room',
  local: 'Local',
  pmb: 'PMB',
  bay: 'Bay',
  fl: 'Floor',
  floor: 'Floor',
  '#': 'Unit',
};

export function extractDeliveryParts(w: Work, text: string): string {
  let t = text;
  const siteAt = t.search(SITE_COMP_RE);
  const rrAt = t.search(RR_RE);
  if (siteAt >= 0 && rrAt >= 0 && !w.rural.site && !w.rural.rr) w.rural.rrFirst = rrAt < siteAt;
  // "Site 5 Comp 10", and Alberta's "Site 14 Box 22": the box of a site, not a post-office box.
  t = t.replace(SITE_COMP_RE, (_m, site: string, kind: string, comp: string) => {
    w.rural.site ??= `Site ${site} ${/^box$/i.test(kind) ? 'Box' : 'Comp'} ${comp}`;
    return '\n';
  });
  t = t.replace(RR_RE, (_m, n: string) => {
    w.rural.rr ??= `RR ${n}`;
    return '\n';
  });
  t = t.replace(PO_BOX_RE, (_m, cp: string | undefined, n: string, stn?: string, stnName?: string) => {
    // "STN TERMINAL" on a label in capitals is "Stn Terminal"; "Stn A" stays.
    const name =
      stnName && stnName.length > 2 && stnName === stnName.toUpperCase() ? titleCase(stnName.toLowerCase()) : stnName;
    const station = stn ? ` ${/^succ/i.test(stn) ? 'Succ.' : 'Stn'} ${name}` : '';
    w.rural.box ??= `${cp ? 'C.P.' : 'PO Box'} ${n}${station}`;
    return '\n';
  });
  t = t.replace(GD_RE, (_m, _en?: string, fr?: string) => {
    w.rural.gd ??= fr ? 'Poste restante' : 'General Delivery';
    return '\n';
  });
  return t;
}

/** A Chinese room number: 1203室, 1106房. */
export const ROOM = /(?<![\p{N}])(\d{1,5}[A-Za-z]?)[ \t]*[室房]/u;
const ROOM_ALL = new RegExp(ROOM.source, 'gu');

const ORDINAL_FLOOR =
  /(?<![\p{L}\p{N}])(\d{1,3})(?:st|nd|rd|th|e|er|re|ème|eme)[ \t]+(?:floor|fl\.?|étage|etage)(?![\p{L}])/giu;

export function extractUnits(w: Work, text: string): string {
  // A basement apartment: "Bsmt, 45 Oak St", "45 Oak St (Basement)", "sous-sol".
  let t = text.replace(
    /\(?(?<![\p{L}])(?:bsmt|basement|sous-sol)(?![\p{L}])\.?(?:\s+(?:apt|unit|suite))?\)?/giu,
    () => {
      w.units.push('Bsmt');
      return '\n';
    },
  );
  // 單位係 1508, 单位：1203 (Chinese: the unit is 1508).
  t = t.replace(
    /(?:單位|单位)[ \t]*(?:係|系|是|:|：|号|號)?[ \t]*#?[ \t]*([A-Za-z]?\d{1,5}[A-Za-z]?)(?![\p{N}])/gu,
    (_m, unit: string) => {
      w.units.push(`Unit ${unit.toUpperCase()}`);
      return ' ';
    },
  );
  // 1203室, 1106房 (Chinese: room 1203).
  t = t.replace(ROOM_ALL, (_m, unit: string) => {
    w.units.push(`Unit ${unit.toUpperCase()}`);
    return ' ';
  });
  // "Suite 201 - 4133 4th Ave", "app. 3 - 45, rue Church": the unit named first, then the civic number.
  t = t.replace(UNIT_FIRST_RE, (_m, designator: string, unit: string) => {
    w.units.push(unitText(designator, unit));
    return '';
  });
  t = t.replace(UNIT_CIVIC_RE, (m, unit: string, civic: string) => {
    // A ZIP+4 ("10110-0002") is not a unit and a civic number.
    if (/^\d{5}$/.test(unit) && /^\d{4}$/.test(civic)) return m;
    w.units.push(`Unit ${unit}`);
    return civic;
  });
  for (let i = 0; i < 3; i++) {
    const m = UNIT_RE.exec(t);
    if (!m) break;
    w.units.push(unitText(m[1], m[2]));
    t = `${t.slice(0, m.index)}\n${t.slice(m.index + m[0].length)}`;
  }
  // "2nd Floor", "12th floor", "6e étage": the floor by its ordinal (after any unit: a unit says more).
  return t.replace(ORDINAL_FLOOR, (_m, floor: string) => {
    w.units.push(`Floor ${floor}`);
    return '\n';
  });
}

/**
 * Where a second address starts: a line opening with a civic number after the line of the first
 * postal code, with another postal code after it. -1 when there is none.
 */
export function secondAddressAt(w: Work, text: string): number {
  if (new Set(w.postals).size < 2) return -1;
  const first = text.indexOf(`${POSTAL_MARK}0`);
  if (first < 0) return -1;
  const lineEnd = text.indexOf('\n', first);
  if (lineEnd < 0) return -1;
  const street = /^[ \t]*\d{1,6}[A-Za-z]?,?[ \t]+\p{L}/mu;
  const after = text.slice(lineEnd + 1);
  const m = street.exec(after);
  if (!m) return -1;
  const other = w.postals.findIndex((p) => p !== w.postals[0]);
  return after.indexOf(`${POSTAL_MARK}${other}`, m.index) >= 0 ? lineEnd + 1 + m.index : -1;
}

export function unitText(designator: string, id: string): string {
  const key = designator.toLowerCase().replace(/\.$/, '');
  return `${UNIT_NAMES[key] ?? 'Unit'} ${id.toUpperCase()}`;
}
