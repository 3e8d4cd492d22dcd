/**
 * A spreadsheet or CSV paste: a header with a row under it (comma, tab or semicolon, quoted
 * fields), or a row alone. The row becomes labelled lines ("City: Toronto") the address parser
 * reads like a form, with the shipping columns of a Shopify-style export preferred over billing.
 */

type Field =
  | 'name'
  | 'reversed'
  | 'first'
  | 'last'
  | 'company'
  | 'address1'
  | 'address2'
  | 'street'
  | 'city'
  | 'province'
  | 'postal'
  | 'country'
  | 'phone'
  | 'email';

const HEADERS: Record<Field, string[]> = {
  name: [
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
    '联系人',
    '名字',
  ],
  reversed: ['last, first', 'last,first', 'name (last, first)', 'nom, prénom', '姓, 名'],
  first: ['first name', 'firstname', 'first', 'given name', 'prénom', 'prenom', '名'],
  last: ['last name', 'lastname', 'last', 'surname', 'family name', 'nom de famille', 'nom', '姓'],
  company: [
    'company',
    'company name',
    'business',
    'organization',
    'organisation',
    'entreprise',
    'société',
    'societe',
    'compagnie',
    '公司',
    '公司名称',
  ],
  address1: [
    'address',
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
    '街道地址',
    '街道',
    '地址1',
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
    '单元',
    '门牌号',
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
  city: ['city', 'town', 'municipality', 'ville', 'municipalité', '城市', '市'],
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
  name: 'Name',
  reversed: 'Name',
  first: 'Name',
  last: 'Name',
  company: 'Company',
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

type Column = { field: Field; shipping: boolean; billing: boolean; rank: number };

/** The header word for a column: "Shipping City" → city (shipping), "Billing Zip" → postal (billing). */
function headerField(cell: string): Column | undefined {
  let h = cell
    .trim()
    .toLowerCase()
    .replace(/[_]+|(?<=\p{L})-(?=\p{L}|\d)/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/[:*]$/, '')
    .trim();
  let office = false;
  let shipping = false;
  let billing = false;
  const ship =
    /^(?:shipping|ship to|ship-to|shipto|ship(?= )|recipient|delivery|livraison|收货|收件)\s*|\s*(?:\((?:shipping|livraison|expédition|delivery)\)|de livraison)$/;
  const bill =
    /^(?:billing|bill to|bill-to|buyer|purchaser|facturation|账单|帳單)\s*|\s*(?:\((?:billing|facturation)\)|de facturation)$/;
  if (ship.test(h)) {
    shipping = true;
    h = h.replace(ship, '').trim() || 'name';
  } else if (bill.test(h)) {
    billing = true;
    h = h.replace(bill, '').trim() || 'name';
  }
  // Google Contacts ("Address 1 - Street", "Phone 1 - Value") and Outlook ("Business Street", "Home City").
  h = h
    .replace(/^(?:address|adresse)\s*\d*\s*-\s*/, '')
    .replace(/^(phone|e-?mail)\s*\d*\s*-\s*value$/, '$1')
    .replace(
      /^(?:business|home|work|other|primary|mailing|personal)\s+(?=street|city|state|province|postal|zip|country|address|phone)/,
      (m) => {
        office = /business|work/.test(m);
        return '';
      },
    );
  const field = HEADER_INDEX.get(h);
  // Of several phone columns the cell wins, then a plain phone, then an office line.
  const rank = /cell|mobile|手机|手機/.test(h) ? 0 : office || /office|work|bureau/.test(h) ? 2 : 1;
  return field ? { field, shipping, billing, rank } : undefined;
}

/** Up to `limit` non-empty records of `text`, by `sep`; a double-quoted cell may span lines. */
function readRecords(text: string, sep: string, limit: number): { cells: string[]; raw: string }[] {
  const records: { cells: string[]; raw: string }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let from = 0;
  let i = 0;
  const end = () => {
    cells.push(cell.trim());
    if (cells.some(Boolean)) records.push({ cells, raw: text.slice(from, i).trim() });
    cells = [];
    cell = '';
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
    } else if (ch === '"' && !cell.trim()) {
      quoted = true;
      cell = '';
    } else if (ch === sep) {
      cells.push(cell.trim());
      cell = '';
    } else if (ch === '\n') end();
    else cell += ch;
  }
  if (records.length < limit) end();
  return records;
}

/** The cells of one line, by `sep`, with double-quoted fields ("a, b" and "" inside quotes). */
export function splitCells(line: string, sep: string): string[] {
  return readRecords(line.replace(/\n/g, ' '), sep, 1)[0]?.cells ?? [''];
}

function separatorOf(line: string): string | undefined {
  const count = (sep: string) => splitCells(line, sep).length - 1;
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

export function readCsv(text: string): CsvReading | null {
  const lines = text.split('\n').filter((l) => l.trim());
  if (!lines.length || lines.length > 400) return null;
  const sep = separatorOf(lines[0]);
  if (!sep) return null;
  const header = splitCells(lines[0], sep);
  const columns = header.map(headerField);
  const known = columns.filter(Boolean).length;
  if (known >= 3 || (known >= 2 && known >= header.length / 2)) {
    // The rows after the header, where a quoted cell may hold line breaks ("1205 Kingsway\nUnit 301").
    const after = text.slice(text.indexOf(lines[0]) + lines[0].length);
    const row = readRecords(after, sep, 50).find((r) => r.cells.length >= Math.max(2, header.length - 2));
    if (!row) return null;
    return { text: labelled(columns, row.cells), row: row.raw };
  }
  // A row alone: only when it cannot be an ordinary comma-separated address (quotes or tabs).
  if (lines.length > 3 || (sep === ',' && !lines[0].includes('"'))) return null;
  const cells = splitCells(lines[0], sep).filter(Boolean);
  if (cells.length < 3) return null;
  const out = cells.map((c, i) => (i === 0 ? turnName(c) : c));
  // First and last name in two cells ("Linh<TAB>Nguyen<TAB>2201-155 Yonge St…"): one name.
  if (out.length > 3 && [out[0], out[1]].every((c) => /^\p{Lu}[\p{L}'’-]+$/u.test(c)))
    out.splice(0, 2, `${out[0]} ${out[1]}`);
  return { text: [...out, ...lines.slice(1)].join('\n'), row: lines[0].trim() };
}

function labelled(columns: (Column | undefined)[], row: string[]): string {
  const hasShipping = columns.some((c) => c?.shipping);
  let phoneRank = 9;
  const values = new Map<Field, string>();
  columns.forEach((col, i) => {
    const v = (row[i] ?? '').trim();
    if (!col || !v) return;
    if (col.billing && (hasShipping || columns.some((c) => c && !c.billing && c.field === col.field))) return;
    if (
      hasShipping &&
      !col.shipping &&
      ['address1', 'address2', 'city', 'province', 'postal', 'country', 'name'].includes(col.field)
    ) {
      if (columns.some((c) => c?.shipping && c.field === col.field)) return;
    }
    if (col.field === 'phone') {
      if (!/\d{3}/.test(v) || (phoneRank <= col.rank && values.has('phone'))) return;
      phoneRank = col.rank;
    }
    if (!values.has(col.field) || col.shipping || col.field === 'phone') values.set(col.field, v);
  });
  const first = values.get('first');
  const last = values.get('last');
  const cjk = (v?: string) => Boolean(v && /^[\u3400-\u9fff]+$/u.test(v));
  const reversed = values.get('reversed');
  const name =
    last && !first && last.includes(',')
      ? turnName(last)
      : first || last
        ? cjk(first) && cjk(last)
          ? `${last}${first}`
          : [first, last].filter(Boolean).join(' ')
        : reversed
          ? turnName(reversed)
          : values.get('name') && turnName(values.get('name')!);
  // "Nom" alone holding "Bouchard, Marie-Ève".
  const out: string[] = [];
  if (name) out.push(`${LABEL.name}: ${name}`);
  for (const f of [
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
