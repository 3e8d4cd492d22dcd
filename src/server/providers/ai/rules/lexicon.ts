/** Word lists the rule-based parser reads. Everything here is built once, at module load. */

import { COMPANY_WORDS } from './vocabulary/companies';
import { compile } from './vocabulary/compile';

export type LabelField =
  | 'name'
  | 'attn'
  | 'company'
  | 'careOf'
  | 'address'
  | 'address2'
  | 'city'
  | 'province'
  | 'postalCode'
  | 'country'
  | 'phone'
  | 'email'
  | 'ignore';

const LATIN_LABELS: Record<Exclude<LabelField, 'careOf'>, string[]> = {
  name: [
    'name', 'full name', 'contact', 'contact name', 'contact person', 'recipient', 'recipient name', 'receiver',
    'receiver name', 'sender', 'sender name', 'consignee', 'ship to', 'send to', 'deliver to', 'customer', 'customer name',
    'nom', 'nom complet', 'destinataire', 'expéditeur', 'expediteur', 'first and last name', 'nom du destinataire',
    "nom de l'expéditeur", 'recipient full name', 'nom et prénom', 'prénom et nom',
  ],
  attn: ['attn', 'attention', "à l'attention de", 'a l attention de', "à l'att. de", "à l'att de"],
  company: ['company', 'company name', 'business', 'business name', 'organization', 'organisation', 'organisme', 'entreprise', 'société', 'societe', 'compagnie', 'établissement'],
  address: [
    'address', 'street', 'street address', 'address line 1', 'address 1', 'address1', 'addr', 'adresse', 'shipping address',
    'adresse 1', 'adresse ligne 1', 'address line1', 'street 1', 'adresse civique',
    'delivery address', 'mailing address', 'civic address', 'city/state/zip', 'city, state, zip', 'city/province/postal code',
    'city/prov/postal', 'city, province, postal code', 'ville/province/code postal', 'city/province', 'city, province',
  ],
  address2: ['address line 2', 'address 2', 'address2', 'unit', 'apt', 'apartment', 'suite', 'unit number', 'apt number',
    'adresse 2', 'adresse ligne 2', 'address line2', 'street 2', 'apt/suite', 'apartment/suite', 'unit/suite', 'suite/unit',
    'app', 'appartement', 'no d\'app', 'unité', 'unit/apt/suite', 'apt/unit', 'apt/suite/unit', 'unit/apt', 'apt/unit/suite',
    'suite/apt/unit', 'unit/suite/apt', 'app./bureau', 'app/bureau', 'app./suite', 'apt./suite', 'apt./unit'],
  // "City/State: Portland, Oregon": the city, its state after it (read apart by the city label).
  city: ['city', 'town', 'municipality', 'ville', 'localité', 'localite', 'municipalité', 'community', 'communauté', 'city/town', 'city/state', 'city, state', 'city/prov', 'city, prov',
    'ville/province', 'ville, province', 'city/province/state'],
  province: ['province', 'prov', 'state', 'province/state', 'state/province', 'province or state', 'territory', 'région', 'region'],
  postalCode: ['postal code', 'postal', 'postcode', 'post code', 'zip', 'zip code', 'zipcode', 'postal/zip', 'postal/zip code', 'code postal'],
  country: ['country', 'pays'],
  phone: [
    'phone', 'phone number', 'phone no', 'tel', 'tel.', 'telephone', 'téléphone', 'mobile', 'cell', 'cell phone', 'cellphone',
    'contact number', 'contact phone', 'ph', 'tél', 'cellulaire',
  ],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'courriel', 'mail'],
  ignore: ['note', 'notes', 'remarks', 'instructions', 'delivery instructions', 'fax', '备注', '传真', 'message', 'comments',
    'comment', 'commentaires', 'commentaire', 'anything else we should know?', 'anything else?', 'questions', 'submitted on',
    'contents', 'content', 'contenu', 'declared value', 'valeur déclarée', 'weight', 'poids', 'description', 'item', 'items',
    'article', 'articles', 'product', 'produit', 'quantity', 'quantité', 'qty'],
};

const CJK_LABELS: Partial<Record<LabelField, string[]>> = {
  name: ['收件人姓名', '寄件人姓名', '收件人', '寄件人', '收件', '收货人', '发件人', '联系人', '姓名', '名字', '收件者', '寄件者'],
  company: ['公司名称', '公司名', '公司', '单位'],
  address: ['详细地址', '收件地址', '收货地址', '寄件地址', '发件地址', '街道地址', '地址', '街道'],
  address2: ['单元号', '门牌号', '公寓号'],
  city: ['城市', '市'],
  province: ['省份', '省/州', '省'],
  postalCode: ['邮政编码', '邮编'],
  country: ['国家'],
  phone: ['联系电话', '电话号码', '手机号码', '手机号', '电话', '手机'],
  email: ['电子邮箱', '电子邮件', '邮箱', '电邮'],
};

/** `s` as a literal inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const escape = escapeRegExp;

export const LABEL_FIELDS = new Map<string, LabelField>();
for (const [field, words] of Object.entries(LATIN_LABELS)) for (const w of words) LABEL_FIELDS.set(w, field as LabelField);
for (const [field, words] of Object.entries(CJK_LABELS)) for (const w of words ?? []) LABEL_FIELDS.set(w, field as LabelField);

const byLength = (a: string, b: string) => b.length - a.length;
const latin = Object.values(LATIN_LABELS).flat().sort(byLength).map((w) => escape(w).replace(/ /g, '\\s+'));
const cjk = Object.values(CJK_LABELS).flat().sort(byLength).map(escape);

/**
 * A label followed by a colon: "Phone:", "Postal code :", "电话：" (full-width colons are already
 * folded by NFKC). Latin labels must start a word; Chinese ones may follow any character.
 * Also "c/o" without a colon, and "À l'attention de" / "Attn" opening a line over a capitalised name.
 */
export const LABEL_PATTERN = new RegExp(
  `(?:(?<![\\p{L}\\p{N}])(${latin.join('|')})|(${cjk.join('|')}))[ \\t]*:|(?<![\\p{L}\\p{N}])(c/o|C/O|a/s|A/S)\\s+|(?<=^|\\n)[ \\t]*([àÀaA] l['’]attention d(?:e|u)|attn\\.?|attention)[ \\t]+`,
  'giu',
);

const STREET_TYPE_WORDS = [
  'street', 'st', 'avenue', 'ave', 'av', 'road', 'rd', 'boulevard', 'blvd', 'drive', 'dr', 'crescent', 'cres', 'cr',
  'court', 'crt', 'ct', 'place', 'pl', 'lane', 'ln', 'way', 'terrace', 'terr', 'tce', 'parkway', 'pkwy', 'highway', 'hwy',
  'square', 'sq', 'trail', 'trl', 'circle', 'cir', 'close', 'gate', 'gardens', 'gdns', 'grove', 'grv', 'heights', 'hts',
  'line', 'mews', 'path', 'point', 'pt', 'row', 'walk', 'landing', 'ridge', 'hill', 'common', 'commons', 'green', 'loop',
  'run', 'vale', 'view', 'wynd', 'expressway', 'esplanade', 'promenade', 'quay', 'rise', 'concession', 'sideroad',
  'alley', 'crossing', 'glen', 'manor', 'plaza', 'link', 'chase', 'cove', 'bend', 'estates', 'meadows', 'park', 'bay',
  'wharf', 'pathway', 'route', 'rte', 'townline', 'crossroad', 'centre', 'center', 'mall',
];
export const STREET_TYPES = new Set(STREET_TYPE_WORDS);

/** Types that come before the name in French (and Avenue Road-style English): "rue Saint-Jean". */
export const FRENCH_STREET_TYPES = new Set([
  'rue', 'boul', 'boulevard', 'bd', 'bl', 'av', 'avenue', 'ch', 'chemin', 'place', 'pl', 'route', 'rang', 'rg', 'montée',
  'montee', 'côte', 'cote', 'allée', 'allee', 'impasse', 'promenade', 'croissant', 'terrasse', 'cours', 'voie', 'carré',
  'carre', 'autoroute', 'sentier', 'passage', 'rue-principale',
]);

/** Types followed by a number: "Highway 7", "Concession 5", "Route 132". */
export const NUMBERED_ROUTE_TYPES = new Set([
  'highway', 'hwy', 'route', 'rte', 'concession', 'conc', 'line', 'sideroad', 'county', 'regional', 'township', 'range', 'rang',
]);

export const DIRECTIONS = new Set([
  'n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw', 'north', 'south', 'east', 'west', 'o', 'ouest', 'est', 'nord', 'sud', 'no', 'so',
]);

/** Abbreviations a period does not end a sentence after. */
export const ABBREVIATIONS = new Set([
  ...STREET_TYPE_WORDS, ...FRENCH_STREET_TYPES, 'mr', 'mrs', 'ms', 'dr', 'jr', 'sr', 'inc', 'ltd', 'co', 'corp', 'apt', 'no',
  'app', 'ste', 'stn', 'succ', 'p.o', 'po', 'c.p', 'st', 'mt', 'ft', 'pte', 'ltée', 'ltee', 'enr', 'cie', 'ext', 'bur',
  'e', 'w', 'n', 's', 'o', 'prof', 'mme', 'mlle', 'm',
]);

export const HONORIFICS = /^(?:mr|mrs|ms|miss|mx|dr|dre|prof|pr|m|mme|mlle|me|chef|monsieur|madame|sir|docteur|docteure|rev|revd|reverend|pastor|pasteur|abbé|hon)\.?$/i;

/** Capitalised words that are never part of a person's name in a sentence. */
export const NAME_STOPWORDS = new Set([
  'ship', 'send', 'deliver', 'delivery', 'please', 'pls', 'hi', 'hello', 'hey', 'to', 'for', 'my', 'her', 'his', 'their',
  'our', 'the', 'a', 'an', 'at', 'and', 'thanks', 'thank', 'you', 'address', 'is', 'sister', 'brother', 'mom', 'dad',
  'mother', 'father', 'friend', 'customer', 'client', 'order', 'package', 'parcel', 'gift', 'pickup', 'from', 'sender',
  'receiver', 'recipient', 'contact', 'call', 'cell', 'phone', 'email', 'text', 'note', 'buzz', 'buzzer', 'unit', 'apt',
  'suite', 'box', 'can', 'i', 'we', 'it', 'this', 'that', 'office', 'home', 'work', 'mobile', 'tel', 'fax', 'canada',
  'kijiji', 'marketplace', 'facebook', 'instagram', 'etsy', 'ebay', 'amazon', 'shopify', 'poshmark', 'whatsapp', 'messenger',
  'wechat', 'chat', 'vous', 'invoice', 'facture', 'quantité', 'quantity', 'standard', 'seller', 'buyer', 'échéance', 'total',
  'usa', 'it’s', "it's", 'its', "name's", 'name’s', 'im', "i'm", 'hiya', 'yo', 'sup', 'okay', 'ok', 'so', 'just', 'name',
  'goes', 'going', 'name', 'in', 'on', 'of', 'with', 'via', 'by', 'or', 'shipping', 'ship-to',
  'lives', 'live', 'she', 'he', 'they', 'me', 'us', 'mail', 'attn', 'attention', 'c/o', 'urgent', 'fragile', 'same',
  'day', 'next', 'express', 'priority', 'thx', 'cheers', 'regards', 'best', 'envoyer', 'à', 'chez', 'livrer', 'merci',
  'son', 'daughter', 'wife', 'husband', 'uncle', 'aunt', 'cousin', 'grandma', 'grandpa', 'colleague', 'boss', 'new',
  'returning', 'return', 'sending', 'shipment', 'deliver-to', 'postal', 'code', 'city', 'province', 'street', 'number',
  'it', 'her', 'reach', 'reached', 'also', 'st', 'ave', 'rd', 'here', 'there', 'details', 'info', 'information', 'below',
  'above', 'dear', 'team', 'mon', 'ma', 'mes', 'le', 'la', 'les', 'de', 'du', 'des', 'pour', 'et', 'est', 'sa', 'soeur', 'frère',
  // Chat words: "i do one sec", "nope moved!!", "oh nice", "Texto".
  'do', 'does', 'did', 'one', 'sec', 'nope', 'yep', 'yup', 'yeah', 'yes', 'no', 'oh', 'nice', 'lol', 'omg', 'moved', 'got',
  'sure', 'cool', 'perfect', 'great', 'wait', 'sorry', 'oops', 'haha', 'ty', 'np', 'kk', 'awesome', 'congrats', 'now',
  'still', 'already', 'again', 'have', 'has', 'had', 'was', 'were', 'are', 'am', 'not', 'what', 'who', 'where', 'when',
  'how', 'why', 'if', 'but', 'too', 'then', 'done', 'sent', 'paid', 'texto', 'sms', 'salut', 'bonjour', 'oui', 'non',
  'ouais', 'allo', 'voici', 'voilà', 'voila', 'thank-you', 'morning', 'evening', 'tonight', 'today', 'tomorrow', 'tmrw',
  'billing', 'accounts', 'payable', 'receivable', 'forms', 'formulaire', 'form', 'po', 'p.o.', 'put',
  'your', 'addy', 'addr', 'adresse', 'ton', 'ta', 'tes', 'votre', 'vos', 'félicitations', 'felicitations',
  'congratulations', 'congrats', 'bravo',
]);

export const COMPANY_PATTERN = compile(
  'i',
  String.raw`(?:^|[\s,])(?:`,
  COMPANY_WORDS,
  String.raw`)\.?(?=$|[\s,)])|有限公司|公司|集团|商行|工作室|超市|餐厅|诊所|商店|贸易`,
);

export const COUNTRY_WORDS = new Map<string, 'CA' | 'US'>([
  ['canada', 'CA'], ['ca', 'CA'], ['can', 'CA'], ['加拿大', 'CA'], ['usa', 'US'], ['us', 'US'], ['u.s.a.', 'US'], ['u.s.a', 'US'],
  ['u.s.', 'US'], ['united states', 'US'], ['united states of america', 'US'], ['america', 'US'], ['美国', 'US'],
  ['états-unis', 'US'], ['etats-unis', 'US'], ['美國', 'US'],
]);

/** Chinese surnames of two characters; other Chinese names take the first character as the surname. */
export const COMPOUND_SURNAMES = new Set([
  '欧阳', '司马', '诸葛', '上官', '司徒', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '夏侯', '令狐', '宇文', '澹台', '西门', '端木', '南宫',
  // Traditional spellings.
  '歐陽', '司馬', '諸葛', '東方', '尉遲', '公孫', '長孫', '澹臺', '西門', '南宮', '鍾離', '钟离', '申屠', '第五', '万俟', '萬俟',
]);

/**
 * Common Chinese surnames of one character, in Simplified and Traditional spellings. A run of Chinese
 * characters read as a name must start with one (or with a compound surname): "家裡", "格式", "群組",
 * "你了哈" are words of the message, not people. Characters that are mostly words (和, 都, 信, 时, 单, 明,
 * 路, 海) are left out: a name with such a rare surname is then missed, never a word taken for a name.
 */
export const CHINESE_SURNAMES = new Set(
  (
    '王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖蕭田董袁潘于' +
    '蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范範金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閆段雷' +
    '侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯温溫康施文牛樊葛邢齐齊易乔喬伍庞龐颜顏倪庄莊聂聶章' +
    '鲁魯岳翟殷詹申欧歐耿关關兰蘭焦俞左柳甘祝包宁寧尚符舒阮柯纪紀梅童凌毕畢季裴霍涂塗成苗谷盛曲翁冉骆駱蓝藍游辛' +
    '靳管柴蒙鲍鮑华華喻祁蒲房滕屈饶饒解牟艾尤阳陽穆农農卓古吉缪繆简簡车車项項连連麦麥褚娄婁窦竇戚岑景党黨宫宮费費' +
    '卜冷晏席卫衛米柏宗瞿桂佟应應臧闵閔苟邬鄔边邊卞姬师師仇栾欒隋商刁沙荣榮巫寇桑郎甄丛叢仲虞敖巩鞏佘池查苑迟遲' +
    '邝鄺封谈談匡鞠惠荆荊冀郁胥班储儲栗燕楚鄢劳勞谌諶奚皮粟冼蔺藺楼樓区區郜阚闞权權强強帅帥屠朴练練廉禹祖漆卿' +
    '狄索芮鹿邸雍辜裘邰赫诸諸慕茹宾賓戎茅揭尉檀阴陰昝衡尧堯洪赖賴翟蓝岑甘邝伦倫麦锺凤鳳'
  ).split(''),
);

/** Chinese text that opens with a surname (a common one, or a compound one: 欧阳, 司徒). */
export const isChineseNameStart = (t: string) => CHINESE_SURNAMES.has(t.charAt(0)) || COMPOUND_SURNAMES.has(t.slice(0, 2));
