import { compactKey, type ProvinceCode } from '../../../../shared/provinces';

/**
 * The largest Canadian municipalities (and a few well-known communities inside them), used to
 * recognise a city that stands on its own, without a province or postal code next to it.
 * Format: 'Name|PROVINCE|alias|alias'; an alias with '=' is a short form that always reads as the name
 * ("mtl" is Montréal however it is written).
 */
const CITY_ROWS = [
  'Toronto|ON', 'Montréal|QC|Montreal|=Mtl', 'Calgary|AB', 'Ottawa|ON', 'Edmonton|AB', 'Mississauga|ON', 'Winnipeg|MB',
  'Vancouver|BC', 'Brampton|ON', 'Hamilton|ON', 'Québec|QC|Quebec City|Ville de Québec', 'Surrey|BC', 'Laval|QC',
  'Halifax|NS', 'London|ON', 'Markham|ON', 'Vaughan|ON', 'Gatineau|QC', 'Saskatoon|SK', 'Longueuil|QC',
  'Kitchener|ON', 'Burnaby|BC', 'Windsor|ON', 'Regina|SK', 'Richmond|BC', 'Richmond Hill|ON', 'Oakville|ON',
  'Burlington|ON', 'Greater Sudbury|ON|Sudbury', 'Sherbrooke|QC', 'Oshawa|ON', 'Saguenay|QC|Chicoutimi',
  'Lévis|QC|Levis', 'Barrie|ON', 'Abbotsford|BC', 'Coquitlam|BC', 'Trois-Rivières|QC|Trois-Rivieres|Three Rivers',
  'St. Catharines|ON|St Catharines|Saint Catharines', 'Guelph|ON', 'Cambridge|ON', 'Whitby|ON', 'Kelowna|BC',
  'Kingston|ON', 'Ajax|ON', 'Langley|BC', 'Saanich|BC', 'Terrebonne|QC', 'Milton|ON', "St. John's|NL|St Johns|St John's|Saint John's",
  'Thunder Bay|ON', 'Waterloo|ON', 'Delta|BC', 'Chatham-Kent|ON|Chatham', 'Red Deer|AB', 'Strathcona County|AB|Sherwood Park',
  'Brantford|ON', 'Saint-Jean-sur-Richelieu|QC', 'Cape Breton|NS|Sydney', 'Lethbridge|AB', 'Clarington|ON|Bowmanville',
  'Pickering|ON', 'Nanaimo|BC', 'Kamloops|BC', 'Niagara Falls|ON', 'North Vancouver|BC', 'Victoria|BC', 'Brossard|QC',
  'Repentigny|QC', 'Newmarket|ON', 'Chilliwack|BC', 'Maple Ridge|BC', 'Peterborough|ON', 'Kawartha Lakes|ON|Lindsay',
  'Drummondville|QC', 'Saint-Jérôme|QC|Saint-Jerome|St-Jérôme', 'Prince George|BC', 'Sault Ste. Marie|ON|Sault Ste Marie|Sault Sainte Marie',
  'Moncton|NB', 'Sarnia|ON', 'Wood Buffalo|AB|Fort McMurray', 'New Westminster|BC', 'Saint John|NB', 'Caledon|ON',
  'Granby|QC', 'St. Albert|AB|St Albert|Saint Albert', 'Norfolk County|ON|Simcoe', 'Medicine Hat|AB', 'Grande Prairie|AB',
  'Airdrie|AB', 'Halton Hills|ON|Georgetown', 'Port Coquitlam|BC', 'Fredericton|NB', 'Blainville|QC', 'Saint-Hyacinthe|QC',
  'Aurora|ON', 'North Vancouver District|BC', 'Welland|ON', 'North Bay|ON', 'Belleville|ON', 'Mirabel|QC', 'Shawinigan|QC',
  'Dollard-des-Ormeaux|QC|Dollard-Des Ormeaux|DDO', 'Brandon|MB', 'Rimouski|QC', 'Cornwall|ON', 'Stouffville|ON|Whitchurch-Stouffville',
  'Georgina|ON', 'Victoriaville|QC', 'Vernon|BC', 'Duncan|BC', 'Saint-Eustache|QC', 'Quinte West|ON|Trenton',
  'Charlottetown|PE', 'Mascouche|QC', 'West Vancouver|BC', 'Salaberry-de-Valleyfield|QC|Valleyfield', 'Rouyn-Noranda|QC',
  'Timmins|ON', 'Sorel-Tracy|QC', 'New Tecumseth|ON|Alliston', 'Woodstock|ON', 'Boucherville|QC', 'Mission|BC',
  'Vaudreuil-Dorion|QC', 'Brant|ON', 'Lakeshore|ON', 'Innisfil|ON', 'Prince Albert|SK', 'Langford|BC', 'Bradford West Gwillimbury|ON|Bradford',
  'Campbell River|BC', 'Spruce Grove|AB', 'Moose Jaw|SK', 'Penticton|BC', 'Port Moody|BC', 'Leamington|ON', 'East Kelowna|BC',
  'Côte-Saint-Luc|QC|Cote-Saint-Luc', 'Val-d\'Or|QC|Val-dOr', 'Owen Sound|ON', 'Stratford|ON', 'Lloydminster|AB',
  'Pointe-Claire|QC', 'Orillia|ON', 'Alma|QC', 'Orangeville|ON', 'Fort Erie|ON', 'LaSalle|ON', 'Sainte-Julie|QC',
  'Leduc|AB', 'North Cowichan|BC', 'Chambly|QC', 'Okotoks|AB', 'Sept-Îles|QC|Sept-Iles', 'Centre Wellington|ON|Fergus',
  'Saint-Constant|QC', 'Grimsby|ON', 'Boisbriand|QC', 'Conception Bay South|NL', 'Saint-Bruno-de-Montarville|QC',
  'Sainte-Thérèse|QC|Sainte-Therese', 'Cochrane|AB', 'Thetford Mines|QC', 'Courtenay|BC', 'Magog|QC', 'Whitehorse|YT',
  'Yellowknife|NT', 'Iqaluit|NU', 'Dartmouth|NS', 'Bedford|NS', 'Scarborough|ON', 'North York|ON', 'Etobicoke|ON',
  'East York|ON', 'York|ON', 'Nepean|ON', 'Kanata|ON', 'Orléans|ON|Orleans', 'Gloucester|ON', 'Thornhill|ON',
  'Concord|ON', 'Woodbridge|ON', 'Maple|ON', 'Unionville|ON', 'Canmore|AB', 'Banff|AB', 'Whistler|BC', 'Squamish|BC',
  'White Rock|BC', 'Pitt Meadows|BC', 'Westmount|QC', 'Mont-Royal|QC|Mount Royal', 'Outremont|QC', 'Verdun|QC',
  'Saint-Laurent|QC|St-Laurent|Ville Saint-Laurent', 'Anjou|QC', 'Lachine|QC', 'Kirkland|QC', 'Beaconsfield|QC',
  'Sainte-Foy|QC', 'Charlesbourg|QC', 'Beauport|QC', 'Joliette|QC', 'Baie-Comeau|QC', 'Gaspé|QC|Gaspe', 'Matane|QC',
  'Saint-Georges|QC', 'Rivière-du-Loup|QC|Riviere-du-Loup', 'Steinbach|MB', 'Thompson|MB', 'Portage la Prairie|MB',
  'Swift Current|SK', 'Yorkton|SK', 'North Battleford|SK', 'Estevan|SK', 'Bathurst|NB', 'Miramichi|NB', 'Edmundston|NB',
  'Dieppe|NB', 'Riverview|NB', 'Truro|NS', 'New Glasgow|NS', 'Kentville|NS', 'Wolfville|NS', 'Lunenburg|NS', 'Yarmouth|NS',
  'Summerside|PE', 'Corner Brook|NL', 'Mount Pearl|NL', 'Gander|NL', 'Grand Falls-Windsor|NL', 'Labrador City|NL',
  'Happy Valley-Goose Bay|NL', 'Kenora|ON', 'Brockville|ON', 'Collingwood|ON', 'Midland|ON', 'Huntsville|ON',
  'Pembroke|ON', 'St. Thomas|ON|St Thomas', 'Tillsonburg|ON', 'Cobourg|ON', 'Port Hope|ON', 'Uxbridge|ON', 'Keswick|ON',
  'Bolton|ON', 'Penetanguishene|ON', 'Elliot Lake|ON', 'Kapuskasing|ON', 'Dryden|ON', 'Fort St. John|BC|Fort St John',
  'Cranbrook|BC', 'Nelson|BC', 'Prince Rupert|BC', 'Terrace|BC', 'Salmon Arm|BC', 'Port Alberni|BC', 'Parksville|BC',
  'Fort Saskatchewan|AB', 'Camrose|AB', 'Brooks|AB', 'Cold Lake|AB', 'Wetaskiwin|AB', 'Stony Plain|AB', 'Chestermere|AB',
  'Beaumont|AB', 'Jasper|AB', 'Hay River|NT', 'Dawson City|YT', 'Rankin Inlet|NU',
] as const;

/** Chinese names people use for Canadian cities, mapped to the English/official name. */
const CHINESE_CITY_ROWS = [
  '多伦多|Toronto', '温哥华|Vancouver', '蒙特利尔|Montréal', '满地可|Montréal', '卡尔加里|Calgary', '卡加利|Calgary',
  '渥太华|Ottawa', '埃德蒙顿|Edmonton', '爱民顿|Edmonton', '列治文|Richmond', '烈治文|Richmond', '本拿比|Burnaby',
  '万锦|Markham', '烈治文山|Richmond Hill', '列治文山|Richmond Hill', '密西沙加|Mississauga', '密西索加|Mississauga',
  '士嘉堡|Scarborough', '北约克|North York', '旺市|Vaughan', '沃恩|Vaughan', '素里|Surrey', '素里市|Surrey', '萨里|Surrey',
  '高贵林|Coquitlam', '温尼伯|Winnipeg', '哈利法克斯|Halifax', '维多利亚|Victoria', '滑铁卢|Waterloo', '基奇纳|Kitchener',
  '伦敦|London', '汉密尔顿|Hamilton', '咸美顿|Hamilton', '萨斯卡通|Saskatoon', '里贾纳|Regina', '奥克维尔|Oakville',
  '布兰普顿|Brampton', '宾顿|Brampton', '魁北克市|Québec', '魁北克城|Québec', '金斯顿|Kingston', '温莎|Windsor',
  '圭尔夫|Guelph', '列治文希尔|Richmond Hill', '奥罗拉|Aurora', '纽马克特|Newmarket', '基洛纳|Kelowna', '基隆拿|Kelowna',
  '北温哥华|North Vancouver', '西温哥华|West Vancouver', '白石镇|White Rock', '兰里|Langley', '本那比|Burnaby',
  '三河市|Trois-Rivières', '舍布鲁克|Sherbrooke', '拉瓦尔|Laval', '加蒂诺|Gatineau', '伯灵顿|Burlington', '惠特比|Whitby',
  '皮克林|Pickering', '奥沙瓦|Oshawa', '巴里|Barrie', '圣约翰斯|St. John\'s', '弗雷德里克顿|Fredericton', '夏洛特敦|Charlottetown',
  '多倫多|Toronto', '溫哥華|Vancouver', '滿地可|Montréal', '蒙特利爾|Montréal', '卡爾加里|Calgary', '渥太華|Ottawa',
  '愛民頓|Edmonton', '埃德蒙頓|Edmonton', '本拿比|Burnaby', '萬錦|Markham', '萬錦市|Markham', '列治文山|Richmond Hill',
  '密西沙加|Mississauga', '北約克|North York', '士嘉堡|Scarborough', '旺市|Vaughan', '素里|Surrey', '高貴林|Coquitlam',
  '溫尼伯|Winnipeg', '哈利法克斯|Halifax', '維多利亞|Victoria', '滑鐵盧|Waterloo', '漢密爾頓|Hamilton', '咸美頓|Hamilton',
  '奧克維爾|Oakville', '奧克維|Oakville', '賓頓|Brampton', '魁北克市|Québec', '金斯頓|Kingston', '溫莎|Windsor', '貴湖|Guelph',
  '烈治文山|Richmond Hill', '新西敏|New Westminster', '北溫哥華|North Vancouver', '北溫|North Vancouver', '西溫哥華|West Vancouver',
  '西溫|West Vancouver', '蘭里|Langley', '基隆拿|Kelowna', '倫敦|London', '奧沙華|Oshawa', '奧羅拉|Aurora', '紐馬克特|Newmarket',
  '白馬市|Whitehorse', '黃刀鎮|Yellowknife', '薩斯卡通|Saskatoon', '里賈納|Regina', '列治文|Richmond', '烈治文|Richmond',
  '北约克|North York', '万锦市|Markham', '北温|North Vancouver', '西温|West Vancouver', '贵湖|Guelph', '奥沙华|Oshawa',
  '白马市|Whitehorse', '耶洛奈夫|Yellowknife', '黄刀镇|Yellowknife', '伊魁特|Iqaluit', '新西敏|New Westminster', '穆迪港|Port Moody',
] as const;

export type City = { name: string; province: ProvinceCode };

const CITY_INDEX = new Map<string, City>();
const SHORT_FORMS = new Set<string>();
for (const row of CITY_ROWS) {
  const [name, province, ...aliases] = row.split('|');
  const city = { name, province: province as ProvinceCode };
  for (const alias of [name, ...aliases]) {
    const key = compactKey(alias.replace(/^=/, ''));
    if (alias.startsWith('=')) SHORT_FORMS.add(key);
    if (!CITY_INDEX.has(key)) CITY_INDEX.set(key, city);
  }
}

/** True for a short form of a city's name ("mtl"), which is written out in full. */
export function isCityShortForm(text: string): boolean {
  return SHORT_FORMS.has(compactKey(text.trim()));
}
const CHINESE_CITY_INDEX = new Map<string, City>();
for (const row of CHINESE_CITY_ROWS) {
  const [zh, en] = row.split('|');
  const city = CITY_INDEX.get(compactKey(en));
  if (city) CHINESE_CITY_INDEX.set(zh, city);
}

/** Longest Chinese city names first, so 北温哥华 wins over 温哥华 when scanning text. */
export const CHINESE_CITY_NAMES = [...CHINESE_CITY_INDEX.keys()].sort((a, b) => b.length - a.length);

/** A known city from an English/French spelling (accents and case ignored) or a Chinese name (市 optional). */
export function lookupCity(text: string): City | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const zh = CHINESE_CITY_INDEX.get(trimmed) ?? CHINESE_CITY_INDEX.get(trimmed.replace(/市$/, ''));
  if (zh) return zh;
  return CITY_INDEX.get(compactKey(trimmed)) ?? null;
}

/** True when the text is a Chinese city name, in which case the English name should be used. */
export function isChineseCityName(text: string): boolean {
  const t = text.trim();
  return CHINESE_CITY_INDEX.has(t) || CHINESE_CITY_INDEX.has(t.replace(/市$/, ''));
}
