/**
 * A spreadsheet's header row: which field each column holds ("Shipping City" → the shipping city,
 * "Billing Zip" → the billing postal code), by the known header words of each field (HEADERS) or by
 * the words in it, and whether a row of cells is a header at all.
 */

export type Field =
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

export const LABEL: Record<Field, string> = {
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

export type Column = {
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

/** Where camel-case headers of shipping tools run words together: "ProvinceCode", "ShipToName". */
const CAMEL_CASE_JOINT = /(?<=\p{Ll})(?=\p{Lu})/gu;
/** Underscores, and a hyphen between two words or a word and a number: "ship_to", "Address-1". */
const WORD_JOINER = /[_]+|(?<=\p{L})-(?=\p{L}|\d)/gu;

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
    .replace(CAMEL_CASE_JOINT, ' ')
    .toLowerCase()
    // "E-mail Address" is an e-mail address, not an address.
    .replace(/(?<![\p{L}])e[- ]mail(?![\p{L}])/gu, 'email')
    .replace(WORD_JOINER, ' ')
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

export const NAMES = new Set<Field>(['name', 'latin', 'reversed', 'first', 'last']);

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

/** A header has enough columns the address knows (three, or two of a short one). */
export function isHeader(columns: (Column | undefined)[]): boolean {
  const known = columns.filter(Boolean).length;
  return known >= 3 || (known >= 2 && known >= columns.length / 2);
}

/** The columns a header names; a "#" counts as the unit only beside the street. */
export function columnsOf(header: string[]): (Column | undefined)[] {
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
export function mergeHeaders(top: string[], low: string[]): (Column | undefined)[] {
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
export function isHeaderRow(cells: string[]): boolean {
  const filled = cells.filter(Boolean);
  if (filled.some((c) => /@|\d{3}/.test(c))) return false;
  const known = filled.filter((c) => headerField(c)).length;
  return known >= 2 && known >= filled.length / 2;
}
