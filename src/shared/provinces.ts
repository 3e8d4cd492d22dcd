/** Canadian provinces and territories, in the order the spec lists them (and the forms show them). */
export const PROVINCE_CODES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK', 'NT', 'NU', 'YT'] as const;

export type ProvinceCode = (typeof PROVINCE_CODES)[number];

export type ProvinceNames = { en: string; fr: string; zh: string };

export const PROVINCES: Record<ProvinceCode, ProvinceNames> = {
  AB: { en: 'Alberta', fr: 'Alberta', zh: '阿尔伯塔省' },
  BC: { en: 'British Columbia', fr: 'Colombie-Britannique', zh: '不列颠哥伦比亚省' },
  MB: { en: 'Manitoba', fr: 'Manitoba', zh: '马尼托巴省' },
  NB: { en: 'New Brunswick', fr: 'Nouveau-Brunswick', zh: '新不伦瑞克省' },
  NL: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador', zh: '纽芬兰与拉布拉多省' },
  NS: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse', zh: '新斯科舍省' },
  ON: { en: 'Ontario', fr: 'Ontario', zh: '安大略省' },
  PE: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard', zh: '爱德华王子岛省' },
  QC: { en: 'Quebec', fr: 'Québec', zh: '魁北克省' },
  SK: { en: 'Saskatchewan', fr: 'Saskatchewan', zh: '萨斯喀彻温省' },
  NT: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest', zh: '西北地区' },
  NU: { en: 'Nunavut', fr: 'Nunavut', zh: '努纳武特地区' },
  YT: { en: 'Yukon', fr: 'Yukon', zh: '育空地区' },
};

const PROVINCE_SET: ReadonlySet<string> = new Set(PROVINCE_CODES);

export function isProvinceCode(value: unknown): value is ProvinceCode {
  return typeof value === 'string' && PROVINCE_SET.has(value);
}

/**
 * Spellings people actually write, beyond the code and the three official names: postal and
 * government abbreviations (English and French), pre-1990s codes (PQ, NF), and common Chinese
 * renderings (mainland, Cantonese and Canadian-government usage).
 */
const PROVINCE_VARIANTS: Record<ProvinceCode, string[]> = {
  AB: ['Alta.', 'Alb.', 'Alberta Province', '阿尔伯塔', '艾伯塔', '亚伯达', '阿省'],
  BC: [
    'B.C.',
    'C.-B.',
    'British Columbia',
    'Colombie Britannique',
    '不列颠哥伦比亚',
    '卑诗',
    '卑斯',
    '英属哥伦比亚',
    'BC省',
  ],
  MB: ['Man.', '马尼托巴', '曼尼托巴', '满地宝', '曼省'],
  NB: ['N.B.', 'N.-B.', 'Nouveau Brunswick', '新不伦瑞克', '新布伦瑞克', '纽宾士域'],
  NL: [
    'N.L.',
    'Nfld',
    'Nfld.',
    'NF',
    'Nfld. & Lab.',
    'Nfld and Labrador',
    'Newfoundland',
    'Labrador',
    'Newfoundland & Labrador',
    'Newfoundland-Labrador',
    'Newfoundland/Labrador',
    'Newfoundland Labrador',
    'Terre-Neuve',
    'T.-N.-L.',
    'TNL',
    '纽芬兰与拉布拉多',
    '纽芬兰和拉布拉多',
    '纽芬兰及拉布拉多',
    '纽芬兰',
    '拉布拉多',
  ],
  NS: ['N.S.', 'Nouvelle Ecosse', '新斯科舍', '新斯科细亚', '诺华斯高沙', '新苏格兰'],
  ON: ['Ont.', '安大略', '安省'],
  PE: [
    'PEI',
    'P.E.I.',
    'P.E.',
    'Ile du Prince Edouard',
    'Î.-P.-É.',
    'I.P.E.',
    '爱德华王子岛',
    '爱德华太子岛',
    '爱德华王子岛省',
  ],
  QC: ['Que.', 'Qué.', 'Que', 'Qué', 'Qc', 'PQ', 'P.Q.', 'Province de Québec', 'Province du Québec', '魁北克', '魁省'],
  SK: ['Sask.', 'Sask', '萨斯喀彻温', '萨斯卡彻温', '沙斯卡寸', '萨省'],
  NT: [
    'N.W.T.',
    'NWT',
    'North West Territories',
    'Northwest Territory',
    'North-West Territories',
    'T.N.-O.',
    'TNO',
    'Territoires du Nord Ouest',
    '西北地区',
    '西北领地',
    '西北',
  ],
  NU: [
    'Nvt.',
    'Nun.',
    'Nunavut Territory',
    'Territoire du Nunavut',
    '努纳武特',
    '努纳武特地区',
    '努纳武特领地',
    '努纳武',
    '纽纳武特',
  ],
  YT: [
    'Y.T.',
    'YK',
    'Yuk.',
    'Yn',
    'Yukon Territory',
    'Yukon Territories',
    'Territoire du Yukon',
    '育空',
    '育空地区',
    '育空领地',
  ],
};

const MARKS = /\p{M}+/gu;

/** Lower-case, accents removed, `&` read as "and", everything but letters and digits dropped. */
export function compactKey(text: string): string {
  // Printable ASCII is its own NFKD form and holds no marks: the normalisation (slow, asked per
  // address line and per quote) is skipped for it, and so are the regexps.
  if (!/[^ -~]/.test(text)) return asciiCompactKey(text);
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** compactKey of printable ASCII in one pass: letters lowered, digits kept, `&` as "and", the rest dropped. */
function asciiCompactKey(text: string): string {
  let key = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) key += text[i];
    else if (c >= 0x41 && c <= 0x5a) key += String.fromCharCode(c + 0x20);
    else if (c === 0x26) key += 'and';
  }
  return key;
}

const PREFIXES = ['theprovinceof', 'provinceof', 'provincede', 'provincedu', 'provinced', 'stateof', '加拿大'];
const SUFFIXES = ['canada', 'province', '加拿大', '特区', '地区', '领地', '省', '州'];

/** Drops "Province of …", "… Province", "加拿大…", "…省/地区/领地" and a trailing ", Canada". */
function stripAffixes(key: string): string {
  // Moves two ends over the key instead of slicing it per affix: "省省省…" stays linear.
  let start = 0;
  let end = key.length;
  for (let changed = true; changed;) {
    changed = false;
    for (const p of PREFIXES) {
      if (end - start > p.length && key.startsWith(p, start)) {
        start += p.length;
        changed = true;
      }
    }
    for (const s of SUFFIXES) {
      if (end - start > s.length && key.endsWith(s, end)) {
        end -= s.length;
        changed = true;
      }
    }
  }
  return key.slice(start, end);
}

function buildIndex<C extends string>(entries: [C, string[]][]): Map<string, C> {
  const index = new Map<string, C>();
  const add = (key: string, code: C) => {
    if (!key) return;
    const existing = index.get(key);
    if (existing && existing !== code) throw new Error(`ambiguous region alias "${key}": ${existing} / ${code}`);
    index.set(key, code);
  };
  for (const [code, names] of entries) {
    for (const name of names) {
      const key = compactKey(name);
      add(key, code);
      add(stripAffixes(key), code);
    }
  }
  return index;
}

const PROVINCE_INDEX = buildIndex(
  PROVINCE_CODES.map((code): [ProvinceCode, string[]] => {
    const n = PROVINCES[code];
    return [code, [code, n.en, n.fr, n.zh, ...PROVINCE_VARIANTS[code]]];
  }),
);

function lookup<C extends string>(index: Map<string, C>, text: string): C | null {
  if (typeof text !== 'string') return null;
  const key = compactKey(text);
  if (!key) return null;
  return index.get(key) ?? index.get(stripAffixes(key)) ?? null;
}

/**
 * Reads a province from what a person typed: a code, an English, French or Chinese name, or an
 * abbreviation (case, accents, spaces and punctuation do not matter). Null when it is none.
 */
export function normalizeProvince(text: string): ProvinceCode | null {
  return lookup(PROVINCE_INDEX, text);
}

/** The 50 states and the District of Columbia. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;

export type UsStateCode = keyof typeof US_STATES;

export const US_STATE_CODES = Object.keys(US_STATES) as UsStateCode[];

export function isUsStateCode(value: unknown): value is UsStateCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(US_STATES, value);
}

/** Traditional (AP style) abbreviations still seen on addresses. */
const US_STATE_VARIANTS: Partial<Record<UsStateCode, string[]>> = {
  AL: ['Ala.'],
  AZ: ['Ariz.'],
  AR: ['Ark.'],
  CA: ['Calif.', 'Cal.'],
  CO: ['Colo.'],
  CT: ['Conn.'],
  DE: ['Del.'],
  DC: ['D.C.', 'Washington DC', 'Washington D.C.'],
  FL: ['Fla.'],
  GA: ['Ga.'],
  IL: ['Ill.'],
  IN: ['Ind.'],
  KS: ['Kan.', 'Kans.'],
  KY: ['Ky.'],
  LA: ['La.'],
  MD: ['Md.'],
  MA: ['Mass.'],
  MI: ['Mich.'],
  MN: ['Minn.'],
  MS: ['Miss.'],
  MO: ['Mo.'],
  MT: ['Mont.'],
  NE: ['Neb.', 'Nebr.'],
  NV: ['Nev.'],
  NH: ['N.H.'],
  NJ: ['N.J.'],
  NM: ['N.M.'],
  NY: ['N.Y.'],
  NC: ['N.C.'],
  ND: ['N.D.'],
  OK: ['Okla.'],
  OR: ['Ore.', 'Oreg.'],
  PA: ['Pa.', 'Penn.', 'Penna.'],
  RI: ['R.I.'],
  SC: ['S.C.'],
  SD: ['S.D.'],
  TN: ['Tenn.'],
  TX: ['Tex.'],
  VT: ['Vt.'],
  VA: ['Va.'],
  WA: ['Wash.'],
  WV: ['W.Va.', 'W. Va.'],
  WI: ['Wis.', 'Wisc.'],
  WY: ['Wyo.'],
};

/** The states' names in French, as Quebec writes them ("Hallandale Beach, Floride 33009"). */
const US_STATE_FRENCH: Partial<Record<UsStateCode, string[]>> = {
  CA: ['Californie'],
  FL: ['Floride'],
  GA: ['Géorgie'],
  HI: ['Hawaï'],
  LA: ['Louisiane'],
  NC: ['Caroline du Nord', 'Caroline-du-Nord'],
  SC: ['Caroline du Sud', 'Caroline-du-Sud'],
  ND: ['Dakota du Nord', 'Dakota-du-Nord'],
  SD: ['Dakota du Sud', 'Dakota-du-Sud'],
  NM: ['Nouveau-Mexique'],
  PA: ['Pennsylvanie'],
  VA: ['Virginie'],
  WV: ['Virginie-Occidentale'],
};

const US_STATE_INDEX = buildIndex(
  US_STATE_CODES.map((code): [UsStateCode, string[]] => [
    code,
    [code, US_STATES[code], ...(US_STATE_VARIANTS[code] ?? []), ...(US_STATE_FRENCH[code] ?? [])],
  ]),
);

/** A US state (or DC) code from its code, name or traditional abbreviation; null otherwise. */
export function normalizeUsState(text: string): UsStateCode | null {
  return lookup(US_STATE_INDEX, text);
}
