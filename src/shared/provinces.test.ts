import { describe, expect, it } from 'vitest';
import {
  compactKey,
  PROVINCE_CODES,
  PROVINCES,
  US_STATES,
  US_STATE_CODES,
  isProvinceCode,
  isUsStateCode,
  normalizeProvince,
  normalizeUsState,
  type ProvinceCode,
} from './provinces';

describe('provinces', () => {
  it('lists the 13 codes in the spec order', () => {
    expect(PROVINCE_CODES).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK', 'NT', 'NU', 'YT']);
    expect(Object.keys(PROVINCES).sort()).toEqual([...PROVINCE_CODES].sort());
    expect(PROVINCES.QC).toEqual({ en: 'Quebec', fr: 'Québec', zh: '魁北克省' });
  });

  it('reads every code and every official name in three languages', () => {
    for (const code of PROVINCE_CODES) {
      expect(normalizeProvince(code)).toBe(code);
      expect(normalizeProvince(code.toLowerCase())).toBe(code);
      expect(normalizeProvince(` ${code} `)).toBe(code);
      const { en, fr, zh } = PROVINCES[code];
      expect(normalizeProvince(en)).toBe(code);
      expect(normalizeProvince(en.toUpperCase())).toBe(code);
      expect(normalizeProvince(fr)).toBe(code);
      expect(normalizeProvince(fr.toLowerCase())).toBe(code);
      expect(normalizeProvince(zh)).toBe(code);
    }
  });

  const variants: Record<ProvinceCode, string[]> = {
    AB: [
      'Alta.',
      'Alta',
      'alberta',
      'ALBERTA',
      'Alb.',
      '阿尔伯塔',
      '艾伯塔',
      '艾伯塔省',
      '阿尔伯塔省',
      'Province of Alberta',
    ],
    BC: [
      'B.C.',
      'b.c',
      'British Columbia',
      'Colombie-Britannique',
      'colombie britannique',
      'C.-B.',
      '不列颠哥伦比亚',
      '不列颠哥伦比亚省',
      '卑诗',
      '卑诗省',
      'BC省',
    ],
    MB: ['Man.', 'Man', 'Manitoba', '马尼托巴', '曼尼托巴省'],
    NB: [
      'N.B.',
      'n b',
      'New Brunswick',
      'Nouveau-Brunswick',
      'nouveau brunswick',
      'N.-B.',
      '新不伦瑞克',
      '新不伦瑞克省',
    ],
    NL: [
      'Nfld',
      'Nfld.',
      'NFLD',
      'Newfoundland',
      'newfoundland',
      'Labrador',
      'Newfoundland and Labrador',
      'Newfoundland & Labrador',
      'Newfoundland-Labrador',
      'N.L.',
      'NF',
      'Terre-Neuve-et-Labrador',
      'Terre-Neuve',
      'T.-N.-L.',
      '纽芬兰与拉布拉多省',
      '纽芬兰',
      '纽芬兰和拉布拉多',
    ],
    NS: [
      'N.S.',
      'Nova Scotia',
      'NOVA SCOTIA',
      'Nouvelle-Écosse',
      'Nouvelle Ecosse',
      'nouvelle-ecosse',
      '新斯科舍',
      '新斯科舍省',
    ],
    ON: [
      'Ont.',
      'Ont',
      'Ontario',
      'ontario',
      '安大略',
      '安大略省',
      '安省',
      'Ontario, Canada',
      'ON Canada',
      '加拿大安大略省',
    ],
    PE: [
      'PEI',
      'P.E.I.',
      'p.e.i',
      'Prince Edward Island',
      'Île-du-Prince-Édouard',
      'Ile du Prince Edouard',
      'ÎLE-DU-PRINCE-ÉDOUARD',
      'Î.-P.-É.',
      '爱德华王子岛',
      '爱德华王子岛省',
    ],
    QC: [
      'Que.',
      'Que',
      'Qué',
      'Qué.',
      'Québec',
      'Quebec',
      'QUÉBEC',
      'québec',
      'PQ',
      'P.Q.',
      'Qc',
      'Province de Québec',
      'Province of Quebec',
      '魁北克',
      '魁北克省',
      '魁省',
    ],
    SK: ['Sask.', 'Sask', 'Saskatchewan', 'SASKATCHEWAN', '萨斯喀彻温', '萨斯喀彻温省'],
    NT: [
      'N.W.T.',
      'NWT',
      'nwt',
      'Northwest Territories',
      'North West Territories',
      'Territoires du Nord-Ouest',
      'T.N.-O.',
      '西北地区',
      '西北领地',
    ],
    NU: ['Nunavut', 'NUNAVUT', 'Nvt.', '努纳武特', '努纳武特地区'],
    YT: [
      'Yukon Territory',
      'Yukon',
      'yukon',
      'Y.T.',
      'YK',
      'Yuk.',
      'Territoire du Yukon',
      '育空',
      '育空地区',
      '育空领地',
    ],
  };

  for (const code of PROVINCE_CODES) {
    it(`reads the variants of ${code}`, () => {
      for (const v of variants[code]) expect(normalizeProvince(v), v).toBe(code);
    });
  }

  it('answers null for things that are not provinces', () => {
    for (const bad of [
      '',
      '   ',
      '...',
      'XX',
      'Toronto',
      'California',
      'NE',
      'Canada',
      '加拿大',
      '省',
      'Q',
      'Ontari',
      'ONT ARIO X',
    ]) {
      expect(normalizeProvince(bad), bad).toBeNull();
    }
    expect(normalizeProvince(undefined as unknown as string)).toBeNull();
  });

  it('guards codes', () => {
    expect(isProvinceCode('ON')).toBe(true);
    expect(isProvinceCode('on')).toBe(false);
    expect(isProvinceCode('NY')).toBe(false);
    expect(isProvinceCode(3)).toBe(false);
  });
});

describe('US states', () => {
  it('has the 50 states and DC', () => {
    expect(US_STATE_CODES).toHaveLength(51);
    expect(US_STATES.DC).toBe('District of Columbia');
    expect(isUsStateCode('NY')).toBe(true);
    expect(isUsStateCode('ON')).toBe(false);
    expect(isUsStateCode('PR')).toBe(false);
  });

  it('reads codes, names and traditional abbreviations', () => {
    for (const code of US_STATE_CODES) {
      expect(normalizeUsState(code)).toBe(code);
      expect(normalizeUsState(code.toLowerCase())).toBe(code);
      expect(normalizeUsState(US_STATES[code])).toBe(code);
      expect(normalizeUsState(US_STATES[code].toUpperCase())).toBe(code);
    }
    expect(normalizeUsState('Calif.')).toBe('CA');
    expect(normalizeUsState('N.Y.')).toBe('NY');
    expect(normalizeUsState('Washington, D.C.')).toBe('DC');
    expect(normalizeUsState('D.C.')).toBe('DC');
    expect(normalizeUsState('W. Va.')).toBe('WV');
    expect(normalizeUsState('State of New York')).toBe('NY');
  });

  it('answers null for non-states', () => {
    for (const bad of ['', 'ON', 'Ontario', 'PR', 'XX', 'New']) expect(normalizeUsState(bad), bad).toBeNull();
  });
});

describe('compactKey', () => {
  it('skips the normalisation only where it changes nothing (every ASCII text, and others as before)', () => {
    const full = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/&/g, 'and')
        .replace(/[^\p{L}\p{N}]+/gu, '');
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    for (let i = 0; i < 128; i++) {
      const text = ascii.slice(i) + ascii.slice(0, i);
      expect(compactKey(text)).toBe(full(text));
    }
    for (const text of [
      'Québec',
      'QUÉBEC',
      'Île-du-Prince-Édouard',
      'ｏｎｔａｒｉｏ',
      'Nunavut ',
      '不列颠哥伦比亚省',
      'ﬁ',
    ]) {
      expect(compactKey(text)).toBe(full(text));
    }
  });
});
