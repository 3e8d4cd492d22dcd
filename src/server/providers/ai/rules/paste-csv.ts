/**
 * A spreadsheet or CSV paste: a header with a row under it (comma, tab or semicolon, quoted
 * fields), or a row alone. The row becomes labelled lines ("City: Toronto") the address parser
 * reads like a form, with the shipping columns of a Shopify-style export preferred over billing.
 */

import { escapeRegExp } from './lexicon';
import { ORDINAL_WORDS, ROW_WORDS, SET_ASIDE_WORDS } from './vocabulary/changes';
import { compile } from './vocabulary/compile';

type Field =
  | 'name'
  | 'latin'
  | 'reversed'
  | 'first'
  | 'last'
  | 'company'
  | 'number'
  | 'address1'
  | 'address2'
  | 'street'
  | 'city'
  | 'province'
  | 'postal'
  | 'country'
  | 'phone'
  | 'email'
  | 'attn';

const HEADERS: Record<Field, string[]> = {
  // The person at a company row ("SHIP-TO NAME: KOOTENAY LAKE MARINE LTD", "ATTN: DARREN HOLUBOWICH").
  attn: [
    'attn',
    'attention',
    'attn.',
    'to the attention of',
    "à l'attention de",
    'contact person',
    'personne-ressource',
  ],
  name: [
    'teacher',
    'enseignant',
    'enseignante',
    'invitee',
    'guest name',
    'name',
    'full name',
    'recipient',
    'recipient name',
    'customer',
    'customer name',
    'contact',
    'contact name',
    'ship to name',
    'shipping name',
    'buyer name',
    'nom complet',
    'nom et prénom',
    'destinataire',
    'guest',
    'attendee',
    'member',
    'client',
    'nom du client',
    'nom client',
    'ship to',
    'shipto',
    '姓名',
    '收件人',
    '收货人',
    '收貨人',
    '联系人',
    '聯絡人',
    '名字',
  ],
  // The name in Latin letters beside a Chinese one: the one a Canadian label carries.
  latin: ['english name', 'name (english)', 'name in english', '英文名', '英文名字', '英文姓名'],
  reversed: [
    'last, first',
    'last,first',
    'name (last, first)',
    'full name (last, first)',
    'nom, prénom',
    'nom complet (nom, prénom)',
    'nom (nom, prénom)',
    '姓, 名',
  ],
  first: ['first name', 'firstname', 'first', 'given name', 'prénom', 'prenom', '名'],
  last: ['last name', 'lastname', 'last', 'surname', 'family name', 'nom de famille', 'nom', '姓'],
  company: [
    'company',
    'company name',
    'account',
    'account name',
    'business',
    'organization',
    'organisation',
    'entreprise',
    'société',
    'societe',
    'compagnie',
    '公司',
    '公司名称',
    'school',
    'école',
    'ecole',
    'institution',
    'employer',
    'org',
    'organization name',
    'organisme',
  ],
  // A civic number in its own column, joined to the street name beside it.
  number: [
    'street no',
    'street no.',
    'street number',
    'street #',
    'st no',
    'st #',
    'civic number',
    'civic no',
    'civic #',
    'house number',
    'house no',
    'building number',
    'no civique',
    'numéro civique',
    'n° civique',
    'numéro de rue',
    'no de rue',
    'house #',
    'house',
    'civic',
    'numéro',
    'numero',
    'no.',
    '门牌号',
    '門牌號',
    '门牌',
    '門牌',
  ],
  address1: [
    'address',
    'street name',
    'nom de rue',
    'address 1',
    'address1',
    'address line 1',
    'street address',
    'street',
    'addr1',
    'adresse',
    'adresse 1',
    'adresse ligne 1',
    'rue',
    'street address 1',
    'street 1',
    'street1',
    'address line1',
    'adresse civique',
    '地址',
    '详细地址',
    '詳細地址',
    '街道地址',
    '街道',
    '地址1',
    'addr',
    'mailing address',
    'adresse postale',
  ],
  address2: [
    'address 2',
    'address2',
    'address line 2',
    'addr2',
    'apt',
    'unit',
    'suite',
    'apt/suite',
    'apartment',
    'adresse 2',
    'adresse ligne 2',
    'app',
    'appartement',
    'street address 2',
    'street 2',
    'street2',
    'address line2',
    'bureau',
    'unité',
    'unite',
    'suite/unit',
    'unit/suite',
    'apt/unit',
    // Google Contacts ("Address 1 - Extended Address"): the unit.
    'extended address',
    // Next to the street only (see columnsOf): elsewhere a "#" column counts the rows.
    '#',
    '单元',
    '單元',
    '单位',
    '單位',
    '公寓号',
    '地址2',
  ],
  street: [
    'city/prov',
    'city/province',
    'city, prov',
    'city, province',
    'city/state',
    'city, state',
    'city/prov/postal',
    'city, province, postal code',
    'city/state/zip',
    'ville/province',
    'ville, province',
  ],
  city: [
    'city',
    'town',
    'municipality',
    'ville',
    'municipalité',
    'localité',
    'localite',
    // BigCommerce and Australian-made stores call the city a suburb.
    'suburb',
    'locality',
    'town/city',
    'city/town',
    '城市',
    '市',
    'community',
    'communauté',
    'communaute',
    'village',
    'hamlet',
  ],
  province: [
    'province',
    'prov',
    'prov.',
    'state',
    'state/prov',
    'prov/state',
    'province/state',
    'state/province',
    'province code',
    'region',
    'région',
    '省份',
    '省',
    '州',
    'terr',
    'territory',
    'prov/terr',
    'province/territory',
    'province/territoire',
    'territoire',
  ],
  postal: [
    'postal code',
    'postal',
    'postcode',
    'zipcode',
    'zip/postal',
    'postal code/zip',
    'pc',
    'p.c.',
    'zip',
    'zip code',
    'postal/zip',
    'postal/zip code',
    'zip/postal code',
    'code postal',
    'cp',
    '邮编',
    '邮政编码',
    '郵遞區號',
    '郵編',
  ],
  country: ['country', 'country code', 'pays', '国家', '國家'],
  phone: [
    'contact #',
    'contact no',
    'contact no.',
    'contact number',
    'phone #',
    'tel #',
    'tel.',
    'cell #',
    'no de téléphone',
    'numéro de téléphone',
    'phone',
    'phone number',
    'telephone',
    'tel',
    'mobile',
    'cell',
    'contact phone',
    'téléphone',
    'telephone number',
    'cellulaire',
    'office',
    'office phone',
    'work phone',
    'home phone',
    'cell phone',
    'mobile phone',
    'tél',
    'tél.',
    '电话',
    '電話',
    '手机',
    '手機',
    '联系电话',
    '手机号',
    '联系方式',
    '聯絡電話',
  ],
  email: ['email', 'e-mail', 'email address', 'courriel', 'adresse courriel', '邮箱', '電郵', '电子邮件', '邮件'],
};

const HEADER_INDEX = new Map<string, Field>();
for (const [field, words] of Object.entries(HEADERS)) for (const w of words) HEADER_INDEX.set(w, field as Field);

const LABEL: Record<Field, string> = {
  attn: 'Attn',
  name: 'Name',
  latin: 'Name',
  reversed: 'Name',
  first: 'Name',
  last: 'Name',
  company: 'Company',
  number: 'Address',
  address1: 'Address',
  address2: 'Address 2',
  street: 'Address',
  city: 'City',
  province: 'Province',
  postal: 'Postal code',
  country: 'Country',
  phone: 'Phone',
  email: 'Email',
};

type Column = {
  field: Field;
  shipping: boolean;
  billing: boolean;
  rank: number;
  /** A pupil's or a child's name: the parent in another column receives the parcel. */
  minor?: boolean;
  /** A parent's or a guardian's name: beside it, the sheet's other name columns are the children's. */
  parent?: boolean;
  /** Google Contacts: the column before ("Phone 1 - Type") says whether the number is a mobile. */
  typeAt?: number;
  /** What a bare number under this unit column is ("App." → "App. 3"). */
  unitWord?: string;
};

/** The header word for a column: "Shipping City" → city (shipping), "Billing Zip" → postal (billing). */
function headerField(cell: string): Column | undefined {
  // A cell with an e-mail or a number in it is data, never a header; nor is a sentence of a message.
  // (A note in brackets after the header's words: "Shipping address (street, unit, city, province, postal code)".)
  const words = cell.replace(/(?<=\S)[ \t]*\([^()]{1,80}\)[ \t]*$/u, '');
  // (An abbreviation's dot is no sentence's end: "Tél. cellulaire", "No. civique".)
  if (/@|\d{3}|[!?]\s|(?<!(?:^|[^\p{L}])(?:t[ée]l|app|apt|prov|no|ste?|n[o°]?))\.\s/iu.test(words)) return undefined;
  if (words.trim().split(/\s+/).length > 6) return undefined;
  // (The note goes only from a long header: "Adresse (livraison)" keeps what its brackets say.)
  let h = (cell.trim().split(/\s+/).length > 6 ? words : cell)
    .trim()
    // Camel-case headers of shipping tools ("ProvinceCode", "ShipToName") are words run together.
    .replace(/(?<=\p{Ll})(?=\p{Lu})/gu, ' ')
    .toLowerCase()
    // "E-mail Address" is an e-mail address, not an address.
    .replace(/(?<![\p{L}])e[- ]mail(?![\p{L}])/gu, 'email')
    .replace(/[_]+|(?<=\p{L})-(?=\p{L}|\d)/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[:*]$/, '')
    .trim();
  const whole = h;
  let office = false;
  let shipping = false;
  let billing = false;
  const ship =
    /^(?:shipping|ship to|ship-to|shipto|ship(?= )|recipient|delivery|livraison|收货|收件)\s*|\s*(?:\((?:shipping|livraison|expédition|delivery)\)|de livraison)$/;
  const bill =
    /^(?:billing|bill to|bill-to|buyer|purchaser|facturation|账单|帳單)\s*|\s*(?:\((?:billing|facturation)\)|de facturation)$/;
  // Shopify in French: "Adresse d'expédition 2", "Ville d'expédition" (the shipping columns).
  // (A shop's own export: "Nom livraison", "Adresse livraison 1", "Tél. livraison".)
  if (/[ \t](?:d['’]expédition|de livraison|d['’]expedition|livraison)(?=[ \t]|$)/u.test(h)) {
    shipping = true;
    h = h
      .replace(/[ \t](?:d['’]expédition|de livraison|d['’]expedition|livraison)(?=[ \t]|$)/u, '')
      .replace(/\s+/g, ' ')
      .trim();
  } else if (ship.test(h)) {
    shipping = true;
    // ("Delivery" or "Shipping" alone is how the parcel goes — "Ship home", "Pick up at school" — not a name.)
    h = h.replace(ship, '').trim() || (/^(?:delivery|shipping|livraison)$/.test(h) ? h : 'name');
  } else if (bill.test(h)) {
    billing = true;
    h = h.replace(bill, '').trim() || 'name';
  }
  // Google Contacts ("Address 1 - Street", "Phone 1 - Value") and Outlook ("Business Street", "Home City").
  h = h
    .replace(/^(?:address|adresse)\s*\d*\s*-\s*/, '')
    .replace(/^(phone|email)\s*\d*\s*-\s*value$/, '$1')
    .replace(
      /^(?:business|home|work|other|primary|mailing|personal)\s+(?=street|city|state|province|postal|zip|country|address|phone)/,
      (m) => {
        office = /business|work/.test(m);
        return '';
      },
    );
  // "App.", "Tél." and "Prov." are the words without their dot.
  const field =
    HEADER_INDEX.get(h) ?? HEADER_INDEX.get(h.replace(/\.$/, '')) ?? fieldByWords(h) ?? HEADER_INDEX.get(whole);
  if (!field) return undefined;
  // Of several phone columns the cell wins, then a plain phone, then an office line.
  const rank = /cell|mobile|手机|手機/.test(h) ? 0 : office || /office|work|bureau/.test(h) ? 2 : 1;
  const column: Column = { field, shipping, billing, rank };
  if (NAMES.has(field) && MINOR.test(h)) column.minor = true;
  if (NAMES.has(field) && PARENT.test(h)) column.parent = true;
  if (field === 'address2') column.unitWord = unitWord(h);
  return column;
}

/**
 * The word a bare unit number takes from a header of one word: "Apt" → "Apt 3", "App." → "App. 3".
 * Under "Apt/Unit", "Address 2" or "#" the parser's "Unit 3" stays.
 */
function unitWord(h: string): string | undefined {
  const word = h.replace(/\.$/, '');
  if (word === 'app' || word === 'appartement') return 'App.';
  if (word === 'apt' || word === 'apartment') return 'Apt';
  if (word === 'suite') return 'Suite';
  if (word === 'bureau') return 'Bureau';
  return undefined;
}

/** Whole words only (\b knows no accents: "société" ends in one). */
const words = (alternatives: string, cjk = '') =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])${cjk && `|${cjk}`}`, 'u');

/** Columns that are never the address, whatever else their header says ("Product name", "Email consent"). */
const NOT_ADDRESS = words(
  'product|item|sku|order|store|shop|seller|vendor|date|time|total|price|qty|quantity|notes?|size|consent|marketing|subscribe|accepts|opt|produit|article|commande|quantité|prix|taille|' +
    // A shipping tool's parcel columns ("weight_unit", "PackageContents", "value_currency").
    'weight|length|width|height|dimensions?|package|parcel|contents?|description|value|currency|insured|insurance|poids|colis|valeur|devise',
  '商品|订单|訂單|数量|數量|备注|備註',
);

const NAMES = new Set<Field>(['name', 'latin', 'reversed', 'first', 'last']);

/** Whose name a school or club sheet lists beside the parent's ("Nom de l'élève", "Student name"). */
const MINOR = words(
  'élève|eleve|student|pupil|child|children|kid|kids|camper|player|participant|enfant|joueur|athlete|athlète',
  '学生|孩子|小朋友',
);

/** A parent's or a guardian's column ("Parent/Guardian", "Nom du parent", "家长"). */
const PARENT = words('parents?|guardians?|tut(?:eur|rice)s?|mother|father|mère|père', '家长|家長');

/** Header words in the order they decide: "Phone number (for courier)" is a phone, "City / Town" a city. */
const FIELD_WORDS: [RegExp, Field][] = [
  // (Microsoft Forms in French calls the e-mail "Adresse de messagerie".)
  [words('e-?mail|courriel|messagerie|adresse électronique', '邮箱|電郵|邮件'), 'email'],
  [words('phone|tel|tél|téléphone|telephone|mobile|cell|cellulaire', '电话|電話|手机|手機'), 'phone'],
  [words('postal|zip|postcode|code postal', '邮编|郵遞區號|郵編'), 'postal'],
  [words('province|state|prov', '省'), 'province'],
  [words('city|town|ville|municipality|municipalité', '城市'), 'city'],
  [words('country|pays', '国家|國家'), 'country'],
  [words('apt|apartment|unit|suite|appartement|(?:address|adresse) (?:line )?2'), 'address2'],
  [words('address|street|adresse|rue', '地址'), 'address1'],
  [words('company|business|organization|organisation|entreprise|société|compagnie', '公司'), 'company'],
  [words('first name|given name|prénom|prenom'), 'first'],
  [words('last name|surname|family name|nom de famille'), 'last'],
  [words('name|nom|recipient|destinataire', '收件人|收货人|姓名'), 'name'],
  // A club's sheet: "Athlete" and "Parent/Guardian" are the child's and the parent's names.
  [PARENT, 'name'],
  [MINOR, 'name'],
];

/** A header no list holds, by the words in it (its parenthesised hints and "/" alternatives included). */
function fieldByWords(h: string): Field | undefined {
  if (h.length > 60 || NOT_ADDRESS.test(h)) return undefined;
  const plain = h.replace(/\s*\([^()]*\)/g, '').trim();
  for (const part of [plain, ...plain.split(/\s*\/\s*/)]) {
    const known = HEADER_INDEX.get(part);
    if (known) return known;
  }
  return FIELD_WORDS.find(([re]) => re.test(plain))?.[1];
}

type CsvRecord = { cells: string[]; raw: string; from: number; to: number };

/** Up to `limit` non-empty records of `text`, by `sep`; a double-quoted cell may span lines. */
function readRecords(text: string, sep: string, limit: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  // Whether the cell holds more than blanks so far: asking cell.trim() at each quote would make a
  // line of quotes quadratic.
  let blank = true;
  let quoted = false;
  let from = 0;
  let i = 0;
  const end = () => {
    cells.push(cell.trim());
    if (cells.some(Boolean)) records.push({ cells, raw: text.slice(from, i).trim(), from, to: i });
    cells = [];
    cell = '';
    blank = true;
    from = i + 1;
  };
  for (; i < text.length && records.length < limit; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && blank) {
      quoted = true;
      cell = '';
      blank = false;
    } else if (ch === sep) {
      cells.push(cell.trim());
      cell = '';
      blank = true;
    } else if (ch === '\n') end();
    else {
      cell += ch;
      if (blank && ch !== ' ' && ch !== '\t') blank = false;
    }
  }
  if (records.length < limit) end();
  return records;
}

/** The cells of one line, by `sep`, with double-quoted fields ("a, b" and "" inside quotes). */
export function splitCells(line: string, sep: string): string[] {
  return readRecords(line.replace(/\n/g, ' '), sep, 1)[0]?.cells ?? [''];
}

function separatorOf(line: string): string | undefined {
  // (Split only where the character occurs often enough at all: most lines of a paste hold none.)
  const count = (sep: string) => {
    let raw = 0;
    for (let i = line.indexOf(sep); i >= 0 && raw < 3; i = line.indexOf(sep, i + 1)) raw++;
    return raw < (sep === '\t' ? 2 : 3) ? raw : splitCells(line, sep).length - 1;
  };
  if (count('\t') >= 2) return '\t';
  if (count('|') >= 3) return '|';
  if (count(';') >= 3) return ';';
  if (count(',') >= 3) return ',';
  return undefined;
}

/** 'Tremblay, Marie' in a name cell → 'Marie Tremblay'. */
function turnName(value: string): string {
  const m = /^([\p{L}'’ .-]+),\s*([\p{L}'’ .-]+)$/u.exec(value);
  return m ? `${m[2].trim()} ${m[1].trim()}` : value;
}

export type CsvReading = { text: string; row?: string };

/** A header has enough columns the address knows (three, or two of a short one). */
function isHeader(columns: (Column | undefined)[]): boolean {
  const known = columns.filter(Boolean).length;
  return known >= 3 || (known >= 2 && known >= columns.length / 2);
}

/** The columns a header names; a "#" counts as the unit only beside the street. */
function columnsOf(header: string[]): (Column | undefined)[] {
  const columns = header.map(headerField);
  columns.forEach((col, i) => {
    if (col?.field === 'address2' && header[i].trim() === '#') {
      const before = columns[i - 1]?.field;
      if (before !== 'address1' && before !== 'number') columns[i] = undefined;
    }
    // Google Contacts: "Phone 1 - Type" (Mobile, Work, Home) sits before "Phone 1 - Value".
    if (col?.field === 'phone' && /value\W*$/i.test(header[i]) && /type\W*$/i.test(header[i - 1] ?? ''))
      col.typeAt = i - 1;
  });
  // "Nom complet, …, Parent": beside a parent's column, the other names are the children's.
  if (columns.some((c) => c?.parent))
    for (const c of columns) if (c && NAMES.has(c.field) && !c.parent && !c.shipping) c.minor = true;
  return columns;
}

/**
 * A second header row under the first, whose words sit under merged group cells
 * ("Customer" over "Last | First", "Address" over "Street | City | Prov | Postal"): each column
 * takes the lower word, or the upper one where the lower is empty.
 */
function mergeHeaders(top: string[], low: string[]): (Column | undefined)[] {
  let group = '';
  const columns: (Column | undefined)[] = [];
  for (let i = 0; i < Math.max(top.length, low.length); i++) {
    if (top[i]) group = top[i];
    const word = low[i] ?? '';
    if (!word) {
      columns.push(top[i] ? headerField(top[i]) : undefined);
      continue;
    }
    const own = headerField(word);
    // "Shipping" over "City" is the shipping city.
    const grouped = group ? headerField(`${group} ${word}`) : undefined;
    if (own && grouped?.field === own.field) {
      own.shipping = grouped.shipping;
      own.billing = grouped.billing;
    }
    columns.push(own);
  }
  return columns;
}

/** A row of header words: no e-mail, no number, and mostly words a header list holds. */
function isHeaderRow(cells: string[]): boolean {
  const filled = cells.filter(Boolean);
  if (filled.some((c) => /@|\d{3}/.test(c))) return false;
  const known = filled.filter((c) => headerField(c)).length;
  return known >= 2 && known >= filled.length / 2;
}

/** A markdown table's rule under its header ("|---|:---:|"). */
const isRule = (cells: string[]) => cells.every((c) => /^[\s:=-]*$/.test(c));

/** "Label: value" lines around a table ("Phone: …" under it) are part of the paste too. */
const LABELLED_LINE = /^[^:\n]{1,40}:[ \t]*\S/;

/** The table whose header is the line at `start`…`end` of `text`, or null when that line is none. */
function tableAt(text: string, start: number, end: number): CsvReading | null {
  const line = text.slice(start, end);
  // A line with a postal code or a civic number is data, no header ("Priya Shah, 88 Lansdowne Ave, …").
  if (/[A-Za-z]\d[A-Za-z][ \t]?\d[A-Za-z]\d|\d{3}/.test(line)) return null;
  const sep = separatorOf(line);
  if (!sep) return null;
  const top = splitCells(line, sep);
  let columns = columnsOf(top);
  let dataStart = end + 1;
  // A second header row: the next non-empty line, all words.
  let at = dataStart;
  while (at < text.length && text[at] === '\n') at++;
  if (at < text.length) {
    const nl = text.indexOf('\n', at);
    const nextEnd = nl < 0 ? text.length : nl;
    // Its leading empty cells count: they are the columns under the first upper words.
    const low = splitCells(text.slice(at, nextEnd), sep);
    if (low.length >= 2 && !isRule(low) && isHeaderRow(low)) {
      const merged = mergeHeaders(top, low);
      if (merged.filter(Boolean).length >= columns.filter(Boolean).length) {
        columns = merged;
        dataStart = nextEnd + 1;
      }
    }
  }
  if (!isHeader(columns)) return null;
  const after = text.slice(Math.min(dataStart, text.length));
  const rows: CsvRecord[] = [];
  let rest = '';
  for (const record of readRecords(after, sep, 50)) {
    if (isRule(record.cells)) continue;
    // The table ends at the first line that is no row of it ("Phone: …" or a note under it).
    if (record.cells.length < Math.max(2, columns.length - 2) || record.cells.filter(Boolean).length < 2) {
      rest = after.slice(record.from);
      break;
    }
    rows.push(record);
  }
  if (!rows.length) return null;
  // "Ship to" over "78 Lorne Ave": a name's header over streets is the street's column.
  columns = columns.map((c, i) => {
    if (!c || !NAMES.has(c.field)) return c;
    const values = rows.map((r) => (r.cells[i] ?? '').trim()).filter(Boolean);
    const streets = values.filter((v) => /^\d+[A-Za-z]?(?:-\d+)?,?[ \t]+\p{L}/u.test(v)).length;
    return values.length && streets * 2 > values.length ? { ...c, field: 'address1' as Field } : c;
  });
  const note = `${text.slice(0, start)}\n${rest}`;
  // (Without a word of the note, not a row marked cancelled or shipped: "已取消" beside "待出貨".)
  const open = rows.filter((r) => !r.cells.some((c) => CLOSED_STATUS.test(c.trim()) || RETIRED.test(c)));
  const picked =
    namedRow(columns, rows, note, top) ??
    (open.length ? open : rows).find((r) => complete(columns, r.cells)) ??
    open[0] ??
    rows[0];
  // Of numbered groups of columns ("Address 1 - …" / "Address 2 - …", "Guardian 1" / "G2 Address"), the one the note asks for.
  const groups = numberedGroups(top);
  const group = chosenGroup(top, groups, columns, picked.cells, note);
  let row = picked;
  if (group !== undefined) {
    row = { ...picked, cells: picked.cells.map((c, i) => ((groups[i] ?? group) === group ? c : '')) };
    // A later group's column reads as its twin of another group: "Adresse 2" is the second parent's "Adresse 1".
    const base = (h: string) =>
      h
        .trim()
        .replace(/[ \t]*\d$/u, '')
        .replace(/^(?:g|p)\d[ \t]*/iu, '')
        .toLowerCase();
    columns = columns.map((c, i) => {
      if (groups[i] !== group) return c;
      const twin = columns.findIndex(
        (_, j) => groups[j] !== undefined && groups[j] !== group && base(top[j]) === base(top[i]),
      );
      return twin >= 0 && columns[twin] ? { ...columns[twin] } : c;
    });
  }
  const around = [
    ...text
      .slice(0, start)
      .split('\n')
      .filter((l) => LABELLED_LINE.test(l.trim())),
    ...rest.split('\n'),
  ]
    .map((l) => l.trim())
    .filter(Boolean);
  return { text: [labelled(columns, row.cells), ...around].filter(Boolean).join('\n'), row: row.raw };
}

/** A word that sets a row aside in the note around a table: "Kristen cancelled so ignore her row". */
const SET_ASIDE = compile(
  'iu',
  String.raw`\b(?:`,
  SET_ASIDE_WORDS,
  String.raw`)\b|取消|不要|除了|已经|已經|下周|下週|下星期|再说|再說`,
);
/** A status cell saying the row's parcel is not to go: cancelled, shipped already, refunded. */
const CLOSED_STATUS =
  /^(?:cancel+ed|annulée?|shipped|fulfilled|expédiée?|delivered|livrée?|refunded|remboursée?|picked up|ramassée?|已取消|取消|已发货|已發貨|已寄出|已出貨|已出货|已完成|已退款)$/iu;

/** A cell that retires its row's address: "MOVED Aug 2024 – do not use", "ancienne adresse", "旧地址". */
const RETIRED =
  /(?<![\p{L}])(?:do not use|don['’]t use|moved|no longer|old address|inactive|ne pas utiliser|ancienne adresse|déménagée?)(?![\p{L}])|旧地址|舊地址|不要用|已搬/iu;

/** Month names, January to December, in English and French (and "10月"). */
const MONTHS = [
  'january|janvier|jan',
  'february|février|fevrier|feb|fév',
  'march|mars',
  'april|avril|apr',
  // (Not "may": a word of any sentence.)
  'mai',
  'june|juin|jun',
  'july|juillet|jul',
  'august|août|aout|aug',
  'september|septembre|sept|sep',
  'october|octobre|oct',
  'november|novembre|nov',
  'december|décembre|decembre|dec|déc',
].map((names, i) => new RegExp(`(?<![\\p{L}])(?:${names})(?![\\p{L}])|(?<!\\d)${i + 1}月`, 'iu'));

/** Everyone picks the parcel up but one: "everyone picks up at the meeting except the one going by mail". */
const PICKUP_EXCEPT =
  /(?:pick(?:s|ing)?[ \t-]?up|pickup|cueillette|ramasse|自取)[^.!?\n]{0,60}(?<![\p{L}])(?:except|but|sauf|à part)(?![\p{L}])/iu;

/** A column that says whether (or when) a row's parcel went out. */
const SHIPPED_COLUMN =
  /^(?:date shipped|shipped|shipped (?:date|on|at)|ship(?:ped)? status|fulfil+ment status|fulfil+ed(?: at| on)?|date d['’]expédition|expédiée? le|statut d['’]expédition|发货日期|發貨日期|发货状态|發貨狀態)$/iu;
/** A note asking for the row not shipped yet. */
const NOT_YET = compile(
  'iu',
  String.raw`(?:hasn['’]t|has not|haven['’]t|have not|not|isn['’]t)[ \t]+(?:yet[ \t]+)?(?:gone out|shipped|been shipped|`,
  String.raw`been sent|sent|gone)|not yet shipped|unshipped|unfulfilled|pas encore (?:été )?(?:expédiée?|partie?|envoyée?)|`,
  String.raw`(?:还没|還沒|未)(?:寄|发|發)`,
);
const PENDING = /^(?:unfulfilled|pending|not shipped|en attente|non expédiée?|à expédier|未发货|未發貨)$/iu;

/** A row whose parcel went already ("Aaron's went out yesterday") — not one that "hasn't shipped yet". */
const DONE = /\b(?:went out|shipped|mailed|is gone|was sent|expédiée?s?|envoyée?s?|partie?s?)\b/iu;
const NOT_DONE =
  /(?:n['’]t|\bnot|\bpas|\bnever|\byet to|\bjamais)\s+(?:been\s+|été\s+|yet\s+)?(?:went out|shipped|mailed|gone|sent|expédiée?s?|envoyée?s?|partie?s?)\b/iu;
/** A clause that keeps its row whatever else it says: "only row 14 still needs the kit shipped". */
const ONLY = /\b(?:only|just|still|seulement|juste|encore|reste)\b|只|还没|還沒/iu;

/** A test for a whole word of a clause ("Noémie" in "le costume de Noémie", not in "Noémiez"). */
const wordIn = (escaped: string, flags: string) => {
  const re = new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, flags);
  return (clause: string) => re.test(clause);
};

/** A row named by its place: "the 2nd one", "third row", "la deuxième ligne". (Built once: a regexp literal inside the function was before.) */
const ROW_PLACE = compile(
  'iu',
  String.raw`\b(?:the\s+|la\s+|le\s+)?(\d)(?:st|nd|rd|th|e|er|re|ème)\s+(?:`,
  ROW_WORDS,
  String.raw`)\b|\b(`,
  ORDINAL_WORDS,
  String.raw`)\s+(?:`,
  ROW_WORDS,
  String.raw`)\b`,
);

/**
 * Of several rows, the one the note around the table names ("can you ship the kit to Rahul? Kristen
 * cancelled so ignore her row", "only row 14 still needs it", "the one still marked 'To ship'"): a row
 * named by its person, its number or a quoted cell, and not in a clause that sets it aside.
 */
function namedRow(
  columns: (Column | undefined)[],
  rows: CsvRecord[],
  note: string,
  header: string[] = [],
): CsvRecord | undefined {
  if (rows.length < 2 || !note.trim()) return undefined;
  // A word of a column no field takes, one row's own ("Treasurer" under "Role", "Ship home" under "Delivery").
  const own = (r: CsvRecord) =>
    columns.flatMap((c, i) => {
      const v = (r.cells[i] ?? '').trim();
      if (c || !/^\p{L}[\p{L} '’-]{3,30}$/u.test(v)) return [];
      const same = rows.filter((o) => (o.cells[i] ?? '').trim().toLowerCase() === v.toLowerCase()).length;
      return same === 1 ? [wordIn(escapeRegExp(v), 'iu')] : [];
    });
  const clauses = note.slice(0, 4000).split(/[.!?;,\n。！？；，]+/u);
  // Quoted words of the note ("To ship", « À expédier »): a status a row's cell may hold.
  const quoted = [...note.slice(0, 4000).matchAll(/["“«]\s*([^"”»\n]{2,30}?)\s*["”»]/gu)].map((m) =>
    m[1].toLowerCase(),
  );
  // "only the 2nd one still needs a label", "la deuxième ligne": a row by its place in the table.
  const ORDINALS: Record<string, number> = {
    first: 1,
    second: 2,
    third: 3,
    fourth: 4,
    fifth: 5,
    premier: 1,
    première: 1,
    deuxième: 2,
    troisième: 3,
    quatrième: 4,
  };
  // "第二个人", "第2行", "最后一位": in Chinese.
  const ZH_ORDINALS: Record<string, number> = {
    一: 1,
    二: 2,
    两: 2,
    兩: 2,
    三: 3,
    四: 4,
    五: 5,
    六: 6,
    七: 7,
    八: 8,
    九: 9,
  };
  const placeOf = (clause: string): number | undefined => {
    const zh =
      /第\s*([一二两兩三四五六七八九]|\d{1,2})\s*(?:个|個|位|行|条|條|单|單|笔|筆|张|張|家|人)|(最后|最後)\s*(?:一)?\s*(?:个|個|位|行|条|條|单|單|笔|筆|张|張|家)/u.exec(
        clause,
      );
    if (zh) return zh[2] ? rows.length : (ZH_ORDINALS[zh[1]] ?? Number(zh[1]));
    const m = ROW_PLACE.exec(clause);
    if (!m) return undefined;
    if (m[1]) return Number(m[1]);
    const word = m[2].toLowerCase();
    return /^(?:last|dernière|dernier)$/.test(word) ? rows.length : ORDINALS[word];
  };
  // "just the new member (joined in October)": a row by the month of its one date cell that month.
  const monthOf = (r: CsvRecord) =>
    r.cells.flatMap((c) => {
      const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(c.trim());
      return m ? [Number(m[2])] : [];
    });
  const monthRows = new Map<number, number>();
  for (const r of rows) for (const mo of new Set(monthOf(r))) monthRows.set(mo, (monthRows.get(mo) ?? 0) + 1);
  const cityOf = (r: CsvRecord) =>
    columns
      .map((c, i) => (c?.field === 'city' ? (r.cells[i] ?? '').trim() : ''))
      .find((v) => /^\p{L}[\p{L} '’.-]{3,30}$/u.test(v) || /^[\u3400-\u9fff]{2,8}$/u.test(v));
  const named = rows.map((r, index) => {
    // A name's words: "Noémie", "郭淑芬", and in any case from five letters ("only oksana's please"
    // names "oksana kolomiets"; "will" in a sentence does not name "Will Chen").
    const words = columns
      .flatMap((c, i) => (c && NAMES.has(c.field) ? (r.cells[i] ?? '').split(/[\s,()（）]+/u) : []))
      .filter((w) => /^\p{Lu}\p{L}{2,}$/u.test(w) || /^\p{L}{5,}$/u.test(w) || /^[\u3400-\u9fff]{2,4}$/u.test(w))
      .map((w) =>
        /^[\u3400-\u9fff]+$/u.test(w)
          ? (c: string) => c.includes(w)
          : wordIn(escapeRegExp(w), w.length >= 5 ? 'iu' : 'u'),
      );
    // An order number in the first column: "A1022", or "10483" (four digits and more need no "row" before them).
    const id = /^#?[A-Za-z]{0,4}-?\d{1,10}$/.test(r.cells[0]?.trim() ?? '')
      ? r.cells[0].trim().replace(/^#/, '')
      : undefined;
    const bareId = id !== undefined && (/[A-Za-z]/.test(id) || /\d{4}/.test(id));
    // "the victoria one hasn't shipped yet", "高貴林那位": a row named by its city.
    // (A town every row shares names none: "Club de patinage de Rouyn-Noranda" over the sheet.)
    const cityName = cityOf(r);
    const city =
      cityName === undefined || rows.filter((o) => cityOf(o) === cityName).length > 1
        ? undefined
        : /^[\u3400-\u9fff]+$/u.test(cityName)
          ? (c: string) => c.includes(cityName)
          : wordIn(escapeRegExp(cityName), 'iu');
    const status = r.cells.some((c) => quoted.includes(c.trim().toLowerCase()));
    const cellWords = own(r);
    const months = monthOf(r).filter((mo) => monthRows.get(mo) === 1);
    let state: 'none' | 'named' | 'aside' = 'none';
    for (const clause of clauses) {
      const mentions =
        words.some((w) => w(clause)) ||
        (id !== undefined &&
          (bareId
            ? new RegExp(`(?<![\\p{L}\\p{N}])#?${id}(?![\\p{N}])`, 'iu').test(clause)
            : new RegExp(`(?:\\b(?:row|line|ligne|id|no\\.?)|#)\\s*${id}(?!\\d)`, 'iu').test(clause))) ||
        (status && quoted.some((q) => clause.toLowerCase().includes(q))) ||
        (city !== undefined && city(clause)) ||
        cellWords.some((w) => w(clause)) ||
        (months.length > 0 && months.some((mo) => MONTHS[mo - 1].test(clause))) ||
        placeOf(clause) === index + 1;
      if (!mentions) continue;
      // ("everyone picks up at the meeting except the one going by mail": the exception ships.)
      const exception = PICKUP_EXCEPT.test(clause);
      if ((SET_ASIDE.test(clause) || (DONE.test(clause) && !NOT_DONE.test(clause))) && !ONLY.test(clause) && !exception)
        return 'aside';
      state = 'named';
    }
    return state;
  });
  const chosen = rows.filter((_, i) => named[i] === 'named');
  if (chosen.length === 1) return chosen[0];
  // "ship the one that hasn't gone out yet": the one row without a date under "Date Shipped".
  const shipped = header.findIndex((h) => SHIPPED_COLUMN.test(h.trim()));
  if (!chosen.length && shipped >= 0 && NOT_YET.test(note.slice(0, 4000))) {
    const pending = rows.filter((r) => !(r.cells[shipped] ?? '').trim() || PENDING.test(r.cells[shipped]));
    if (pending.length === 1) return pending[0];
  }
  if (!chosen.length && named.includes('aside')) {
    const left = rows.filter((_, i) => named[i] !== 'aside');
    return left.find((r) => complete(columns, r.cells)) ?? left[0];
  }
  return undefined;
}

/** The number of a group of columns: "Address 2 - Street", "Guardian 2", "G2 Address", "Parent 1 phone". */
function groupOf(header: string): number | undefined {
  const m =
    /^(?:address|adresse|guardian|parent|contact|tuteur|tutrice|g|p)[ \t]*(\d)(?!\d)/iu.exec(header.trim()) ??
    /^(?=.*(?:parent|tuteur|tutrice|guardian|contact))[^\d]{2,40}?[ \t](\d)$/iu.exec(header.trim());
  return m ? Number(m[1]) : undefined;
}

/** "Parent/tuteur 1 … Adresse 1 … Téléphone 1 / Parent/tuteur 2 … Adresse 2 … Téléphone 2": each digit a person's columns. */
function numberedGroups(header: string[]): (number | undefined)[] {
  const named = header.map(groupOf);
  if (!named.some((g) => g !== undefined)) return named;
  // With a person's group named so, the other headers ending in that digit are that person's too.
  const digits = new Set(named.filter((g): g is number => g !== undefined));
  return header.map((h, i) => {
    if (named[i] !== undefined) return named[i];
    const m = /[ \t](\d)$/u.exec(h.trim());
    return m && digits.has(Number(m[1])) ? Number(m[1]) : undefined;
  });
}

/**
 * The group the note asks for: by its number ("mail it to Guardian 2", "G2"), or by the kind its
 * "Type" column gives ("send it to her work address" → the group typed "Work").
 */
function chosenGroup(
  header: string[],
  numbered: (number | undefined)[],
  columns: (Column | undefined)[],
  cells: string[],
  note: string,
): number | undefined {
  const groups = new Set(numbered.filter((g): g is number => g !== undefined));
  if (groups.size < 2) return undefined;
  const text = note.slice(0, 4000);
  const byNumber =
    /(?<![\p{L}])(?:guardian|parent|address|adresse|contact|tuteur|tutrice|g|p)[ \t]*#?[ \t]*(\d)(?!\d)/iu.exec(text);
  if (byNumber && groups.has(Number(byNumber[1]))) return Number(byNumber[1]);
  // "c'est Mme Aubin (la mère de Félix) qui le reçoit": the group whose person the note names.
  const named = [...groups].filter((g) =>
    cells.some(
      (c, i) =>
        numbered[i] === g &&
        columns[i] &&
        NAMES.has(columns[i]!.field) &&
        c
          .split(/[\s,]+/)
          .filter((w) => /^\p{Lu}\p{L}{3,}$/u.test(w))
          .some((w) => wordIn(escapeRegExp(w), 'u')(text)),
    ),
  );
  if (named.length === 1) return named[0];
  const dest =
    /(?<![\p{L}])(?:to|at|à|au)[ \t]+(?:(?:her|his|my|their|our|the|son|sa|mon|ma|le|la)[ \t]+)?(work|office|business|job|bureau|travail|home|house|maison|domicile)(?![\p{L}])/iu.exec(
      text,
    );
  if (!dest) return undefined;
  const work = /^(?:work|office|business|job|bureau|travail)$/iu.test(dest[1]);
  for (const g of groups) {
    const typeAt = header.findIndex((h, i) => numbered[i] === g && /type\W*$/iu.test(h));
    const type = typeAt >= 0 ? (cells[typeAt] ?? '') : '';
    if ((work ? /work|business|office|travail|bureau/iu : /home|maison|personal|domicile/iu).test(type)) return g;
  }
  return undefined;
}

/** Of several rows, the first with its street, city and postal code (of the shipping columns when there are). */
function complete(columns: (Column | undefined)[], cells: string[]): boolean {
  const hasShipping = columns.some((c) => c?.shipping);
  return columns.every(
    (c, i) =>
      !c ||
      !['address1', 'street', 'city', 'postal'].includes(c.field) ||
      // Only the columns the parcel is read from count: the shipping ones, or all but billing.
      (hasShipping ? !c.shipping : c.billing) ||
      Boolean(cells[i]?.trim()),
  );
}

/** How many lines above the header a title may take ("Orders – March", "Here's the sheet:"). */
const TITLE_LINES = 5;

export function readCsv(text: string): CsvReading | null {
  const lines = text.split('\n').filter((l) => l.trim());
  if (!lines.length || lines.length > 400) return null;
  for (let start = 0, seen = 0; start < text.length && seen <= TITLE_LINES;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (text.slice(start, end).trim()) {
      const table = tableAt(text, start, end);
      if (table) return table;
      seen++;
    }
    start = end + 1;
  }
  const sep = separatorOf(lines[0]);
  if (!sep) return null;
  // A row alone: only when it cannot be an ordinary comma-separated address (quotes or tabs).
  if (lines.length > 3 || (sep === ',' && !lines[0].includes('"'))) return null;
  // A cell wholly in brackets is a note about the person ("(Arjun's mom)").
  let cells = splitCells(lines[0], sep).filter((c) => c && !/^\(.*\)$/.test(c));
  if (cells.length < 3) return null;
  // "Singh, Manjit" is the name, turned around; the cells before it are a class, a date or an id.
  const turned = cells.findIndex((c) => turnName(c) !== c && !/\d/.test(c));
  if (turned > 0 && turned < cells.length - 2) cells = cells.slice(turned);
  const out = cells.map((c, i) => (i === 0 ? turnName(c) : c));
  // First and last name in two cells ("Linh<TAB>Nguyen<TAB>2201-155 Yonge St…"), after an id or a date maybe: one name.
  const street = out.findIndex((c) => /\p{L}/u.test(c) && /\d/.test(c));
  const single = (c: string) => /^\p{Lu}[\p{L}'’-]+$/u.test(c);
  const pair = out.findIndex((c, i) => i + 1 < street && single(c) && single(out[i + 1]));
  if (out.length > 3 && pair >= 0 && out.slice(0, pair).every((c) => !/\p{L}/u.test(c)))
    out.splice(pair, 2, `${out[pair]} ${out[pair + 1]}`);
  return { text: [...out, ...lines.slice(1)].join('\n'), row: lines[0].trim() };
}

/** The buyer's and the recipient's names, to tell a gift from an order to oneself. */
function nameKey(columns: (Column | undefined)[], row: string[], pick: (c: Column) => boolean): string {
  const parts = columns
    .map((c, i) => (c && !c.minor && NAMES.has(c.field) && pick(c) ? (row[i] ?? '') : ''))
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  return [...new Set(parts)].sort().join(' ');
}

const CONTACT = new Set<Field>(['email', 'phone']);

/** What a Google Contacts "Type" cell says of a number: a mobile first, a work line last, a fax never. */
function typeRank(type: string): number | undefined {
  if (/fax/i.test(type)) return undefined;
  return /mobile|cell/i.test(type) ? 0 : /work|business|office/i.test(type) ? 2 : 1;
}

/** A post-office box, a rural route or general delivery. */
const POST_OFFICE = /^(?:p\.?\s?o\.?\s?box|box|case postale|c\.p\.|cp|rr|r\.r\.|general delivery|poste restante)\b/iu;

function labelled(columns: (Column | undefined)[], row: string[]): string {
  const hasShipping = columns.some((c) => c?.shipping);
  // A gift: the buyer (billing, or the plain customer columns of an export with shipping ones) is not
  // the recipient, and the buyer's e-mail and phone are not the recipient's.
  const recipient = hasShipping ? nameKey(columns, row, (c) => c.shipping) : '';
  const buyer = hasShipping
    ? nameKey(columns, row, (c) => c.billing) || nameKey(columns, row, (c) => !c.shipping && c.field !== 'latin')
    : '';
  const gift = Boolean(recipient && buyer && recipient !== buyer);
  const hasAdult = columns.some((c) => c && !c.minor && NAMES.has(c.field));
  const filled = (pick: (c: Column) => boolean) => columns.some((c, i) => c && pick(c) && (row[i] ?? '').trim());
  let phoneRank = 9;
  const values = new Map<Field, string>();
  columns.forEach((col, i) => {
    let v = (row[i] ?? '').trim();
    if (!col || !v) return;
    // Shopify writes a zip or a phone as text with a leading quote ("'02134", "'+1 416…").
    if (col.field === 'postal' || col.field === 'phone' || /^'[\d+(]/.test(v)) v = v.replace(/^'/, '').trim();
    if (!v) return;
    if (col.minor && hasAdult) return;
    // Under "E-mail 1 - Type" is a word ("Work"), not an address.
    if (col.field === 'email' && !v.includes('@')) return;
    const contact = CONTACT.has(col.field);
    if (col.billing && (hasShipping || columns.some((c) => c && !c.billing && c.field === col.field))) {
      // The buyer's e-mail and phone do for an order to oneself when no other column gives them.
      if (!contact || gift || filled((c) => !c.billing && c.field === col.field)) return;
    }
    if (contact && gift && !col.shipping && !col.billing) return;
    if (
      hasShipping &&
      !col.shipping &&
      ['address1', 'address2', 'city', 'province', 'postal', 'country', 'name'].includes(col.field)
    ) {
      if (columns.some((c) => c?.shipping && c.field === col.field)) return;
    }
    if (col.field === 'phone') {
      const rank = col.typeAt === undefined ? col.rank : typeRank(row[col.typeAt] ?? '');
      if (rank === undefined || !/\d{3}/.test(v) || (phoneRank <= rank && values.has('phone'))) return;
      phoneRank = rank;
    }
    // A bare number under "App." or "#" is the unit with its word.
    if (col.field === 'address2' && col.unitWord && /^\d+[A-Za-z]?$|^[A-Za-z]$/.test(v)) v = `${col.unitWord} ${v}`;
    // A courier cannot take a PO box: a street beside it ("Mailing Address" / "Street Address (couriers)") wins.
    const boxOnly = (x?: string) => Boolean(x && POST_OFFICE.test(x) && !/^\d/.test(x));
    const street = col.field === 'address1' && boxOnly(values.get('address1')) && /^\d+[A-Za-z]?[ ,]+\p{L}/u.test(v);
    if (!values.has(col.field) || col.shipping || col.field === 'phone' || street) values.set(col.field, v);
  });
  const first = values.get('first');
  const last = values.get('last');
  const cjk = (v?: string) => Boolean(v && /^[\u3400-\u9fff]+$/u.test(v));
  const reversed = values.get('reversed');
  // "Nom" alone holding "Bouchard, Marie-Ève".
  const name =
    values.get('latin') ??
    (last && !first && last.includes(',')
      ? turnName(last)
      : first || last
        ? cjk(first) && cjk(last)
          ? `${last}${first}`
          : [first, last].filter(Boolean).join(' ')
        : reversed
          ? turnName(reversed)
          : values.get('name') && turnName(values.get('name')!));
  // The civic number in its own column goes before the street name; "245, 2e Rang" is French for "245 2e Rang".
  const number = values.get('number');
  let street = values.get('address1')?.replace(/^(\d+[A-Za-z]?),\s*(?=\S)/, '$1 ');
  if (number && street && !/^\d/.test(street)) street = `${number} ${street}`;
  if (street) values.set('address1', street);
  const out: string[] = [];
  if (name) out.push(`${LABEL.name}: ${name}`);
  for (const f of [
    'attn',
    'company',
    'address1',
    'address2',
    'street',
    'city',
    'province',
    'postal',
    'country',
    'phone',
    'email',
  ] as Field[]) {
    const v = values.get(f);
    // "Toronto, ON" under "City/Prov" is free text for the parser; everything else is labelled.
    if (v) out.push(f === 'street' ? v : `${LABEL[f]}: ${v}`);
  }
  return out.join('\n');
}
