/** Unspaced Chinese in an address: country, province, city and street read out of one run of characters. */
import { PROVINCES, PROVINCE_CODES, type ProvinceCode } from '../../../../shared/provinces';
import { CHINESE_CITY_NAMES, lookupCity } from './cities';
import { COMPANY_PATTERN } from './lexicon';
import type { Work } from './address-work';

/** Chinese province names (without 省/地区) from the shared table, for scanning unspaced Chinese text. */
const ZH_PROVINCES: [string, ProvinceCode][] = PROVINCE_CODES.flatMap((code): [string, ProvinceCode][] => {
  const zh = PROVINCES[code].zh;
  const short = zh.replace(/(省|地区)$/, '');
  return short === zh
    ? [[zh, code]]
    : [
        [zh, code],
        [short, code],
      ];
}).sort((a, b) => b[0].length - a[0].length);

/** Other Chinese names people write for the provinces (Traditional script, Cantonese and short forms). */
const ZH_PROVINCE_ALIASES: [string, ProvinceCode][] = [
  ['卑诗省', 'BC'],
  ['卑詩省', 'BC'],
  ['卑诗', 'BC'],
  ['卑詩', 'BC'],
  ['不列顛哥倫比亞省', 'BC'],
  ['不列顛哥倫比亞', 'BC'],
  ['亚伯达省', 'AB'],
  ['亞伯達省', 'AB'],
  ['阿爾伯塔省', 'AB'],
  ['亚伯达', 'AB'],
  ['亞伯達', 'AB'],
  ['阿爾伯塔', 'AB'],
  ['曼尼托巴省', 'MB'],
  ['曼尼托巴', 'MB'],
  ['馬尼托巴省', 'MB'],
  ['萨斯喀彻温省', 'SK'],
  ['薩斯喀徹溫省', 'SK'],
  ['沙省', 'SK'],
  ['新斯科舍省', 'NS'],
  ['新斯科細亞省', 'NS'],
  ['新不倫瑞克省', 'NB'],
  ['纽宾士域省', 'NB'],
  ['紐賓士域省', 'NB'],
  ['紐芬蘭與拉布拉多省', 'NL'],
  ['纽芬兰省', 'NL'],
  ['紐芬蘭省', 'NL'],
  ['愛德華王子島省', 'PE'],
  ['爱德华王子岛', 'PE'],
  ['愛德華王子島', 'PE'],
  ['西北地區', 'NT'],
  ['努納武特地區', 'NU'],
  ['育空地區', 'YT'],
  ['安省', 'ON'],
  ['魁省', 'QC'],
];
const ALL_ZH_PROVINCES: [string, ProvinceCode][] = [...ZH_PROVINCE_ALIASES].sort((a, b) => b[0].length - a[0].length);
/** Every Chinese province name, the shared table's first (the order they are tried in). */
const ZH_PROVINCE_NAMES = [...ZH_PROVINCES, ...ALL_ZH_PROVINCES];

/** Unspaced Chinese: 加拿大安大略省多伦多市王小明 → country, province, city; returns what is left. */
export function scanChinese(w: Work, text: string): string | undefined {
  let t = text.replace(/\s+/g, ' ').trim();
  if (t.includes('加拿大')) {
    w.country ??= 'CA';
    t = t.replace('加拿大', ' ');
  }
  if (/美国|美國/.test(t)) {
    w.country ??= 'US';
    t = t.replace(/美国|美國/, ' ');
  }
  for (const [zh, code] of ZH_PROVINCE_NAMES) {
    if (t.includes(zh)) {
      w.province ??= code;
      t = t.replace(new RegExp(`${zh}(省|地区)?`), ' ');
      break;
    }
  }
  for (const zh of CHINESE_CITY_NAMES) {
    if (t.includes(zh)) {
      w.city ??= lookupCity(zh)?.name;
      t = t.replace(new RegExp(`${zh}市?`), ' ');
      break;
    }
  }
  // A Chinese street with its number: 央街5000号, 士嘉堡路88號.
  const street =
    /(?:[\u3400-\u9fff]{1,12}|[A-Za-z][A-Za-z .'-]{0,24}?)(?:街|路|道|大道|巷|弄|径|徑|广场|廣場)\s*\d{1,6}\s*[号號]?/u.exec(
      t,
    );
  if (street && !w.street) {
    w.street = street[0].replace(/\s+/g, '');
    t = t.replace(street[0], ' ');
  }
  // "Kingsway 3550号", "Robson St 1088號": a street written in English, its number after it.
  const latin =
    /(?<![A-Za-z.'-])([A-Za-z][A-Za-z.'-]*(?:[ \t][A-Za-z][A-Za-z.'-]*){0,3})[ \t]*(\d{1,6})[ \t]*[号號]/u.exec(t);
  if (latin && !w.street) {
    w.street = `${latin[2]} ${latin[1]}`;
    t = t.replace(latin[0], ' ');
  }
  t = t.replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  if (COMPANY_PATTERN.test(t)) {
    w.company ??= t;
    return undefined;
  }
  return t;
}
