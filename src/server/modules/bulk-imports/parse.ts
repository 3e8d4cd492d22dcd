/**
 * Reads a bulk-import CSV (decision 028): bytes → text (UTF-8, UTF-8 with BOM, or Windows-1252),
 * papaparse with the separator guessed (comma, semicolon, tab), the format told by the header row,
 * rows mapped to our fields, a Shopify or eBay order's line-item rows merged into one shipment, and
 * every row checked with the shipment form's rules. Pure and CPU-bound: it runs on the worker pool
 * (worker-tasks.ts `parseBulkCsv`), never on the request thread.
 */
import Papa from 'papaparse';
import {
  BULK_FIELDS,
  BULK_LIMITS,
  REQUIRED_BULK_FIELDS,
  validateBulkRow,
  type TBulkField,
  type TBulkFormat,
  type TBulkMapping,
  type TBulkRowData,
} from '../../../shared/contracts/bulk-imports';

export type ParseInput = {
  text?: string;
  base64?: string;
  /** A mapping chosen by the user (or remembered for these headers): used when the format is not known. */
  mapping?: TBulkMapping;
};

export type ParsedRow = {
  n: number;
  data: TBulkRowData;
  /** The file's own columns for this row (the first line of a merged order), for the results CSV. */
  source: Record<string, string>;
  errors: { field: string; message: string }[];
};

export type ParseResult =
  | {
      ok: true;
      format: TBulkFormat;
      encoding: 'utf-8' | 'windows-1252';
      delimiter: string;
      headers: string[];
      mapping: TBulkMapping;
      /** True when the format is unknown and a required field has no column yet: the screen asks. */
      needsMapping: boolean;
      rows: ParsedRow[];
    }
  | { ok: false; field: string; message: string };

/** Voyageur's own template: these headers, in this order. */
export const TEMPLATE_HEADERS: Record<TBulkField, string> = {
  reference: 'reference',
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  province: 'province',
  postalCode: 'postal_code',
  country: 'country',
  phone: 'phone',
  email: 'email',
  weight: 'weight_kg',
  length: 'length_cm',
  width: 'width_cm',
  height: 'height_cm',
  description: 'description',
};

export const TEMPLATE_EXAMPLE: Record<TBulkField, string> = {
  reference: 'ORDER-1001',
  firstName: 'Marie',
  lastName: 'Tremblay',
  company: '',
  address1: '1200 Rue Sainte-Catherine O',
  address2: 'App. 4',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H3B 1K9',
  country: 'CA',
  phone: '514-555-0142',
  email: 'marie@example.com',
  weight: '1.2',
  length: '30',
  width: '20',
  height: '10',
  description: 'Ceramic mug',
};

/**
 * Under this key a row's source keeps an order's further line items (their own cells, JSON), so
 * results.csv gives back every input line. No header can be it: headers are trimmed.
 */
export const MORE_LINES = ' more lines';

/** The template file: header row and one example row (UTF-8 with BOM, so spreadsheet programs read its accents). */
export function templateCsv(): string {
  const fields = BULK_FIELDS;
  return (
    '\ufeff' +
    Papa.unparse({ fields: fields.map((f) => TEMPLATE_HEADERS[f]), data: [fields.map((f) => TEMPLATE_EXAMPLE[f])] }) +
    '\r\n'
  );
}

type KnownFormat = Exclude<TBulkFormat, 'mapped'>;

/**
 * For each known export: the headers that tell it (all must be present) and, per field, the columns
 * to read in order of preference. Header rows as the shops' exports write them.
 */
const FORMATS: Record<KnownFormat, { tell: string[]; group?: string; fields: Partial<Record<TBulkField, string[]>> }> =
  {
    voyageur: {
      tell: ['first_name', 'postal_code', 'weight_kg'],
      fields: Object.fromEntries(BULK_FIELDS.map((f) => [f, [TEMPLATE_HEADERS[f]]])),
    },
    // Shopify: Admin › Orders › Export. One row per line item; the order's later rows leave the address blank.
    shopify: {
      tell: ['Name', 'Lineitem quantity', 'Shipping Zip'],
      group: 'Name',
      fields: {
        reference: ['Name'],
        firstName: ['Shipping Name'],
        company: ['Shipping Company'],
        address1: ['Shipping Address1', 'Shipping Street'],
        address2: ['Shipping Address2'],
        city: ['Shipping City'],
        province: ['Shipping Province'],
        postalCode: ['Shipping Zip'],
        country: ['Shipping Country'],
        phone: ['Shipping Phone', 'Phone'],
        email: ['Email'],
        description: ['Lineitem name'],
      },
    },
    // Etsy: Shop Manager › Settings › Options › Download Data › Orders (EtsySoldOrders*.csv).
    etsy: {
      tell: ['Sale Date', 'Order ID', 'Ship Zipcode'],
      fields: {
        reference: ['Order ID'],
        firstName: ['First Name', 'Full Name'],
        lastName: ['Last Name'],
        address1: ['Street 1'],
        address2: ['Street 2'],
        city: ['Ship City'],
        province: ['Ship State'],
        postalCode: ['Ship Zipcode'],
        country: ['Ship Country'],
        description: ['SKU'],
      },
    },
    // eBay: Seller Hub › Orders › Download report. A multi-item order has one row per item under one Order Number.
    ebay: {
      tell: ['Sales Record Number', 'Ship To Zip'],
      group: 'Order Number',
      fields: {
        reference: ['Order Number', 'Sales Record Number'],
        firstName: ['Ship To Name', 'Buyer Name'],
        phone: ['Ship To Phone'],
        address1: ['Ship To Address 1'],
        address2: ['Ship To Address 2'],
        city: ['Ship To City'],
        province: ['Ship To State'],
        postalCode: ['Ship To Zip'],
        country: ['Ship To Country'],
        email: ['Buyer Email'],
        description: ['Item Title'],
      },
    },
    // WooCommerce: Customer/Order CSV Export (snake_case columns) or Advanced Order Export's "(Shipping)" columns.
    woocommerce: {
      tell: ['shipping_postcode'],
      fields: {
        reference: ['order_number', 'order_id'],
        firstName: ['shipping_first_name'],
        lastName: ['shipping_last_name'],
        company: ['shipping_company'],
        address1: ['shipping_address_1'],
        address2: ['shipping_address_2'],
        city: ['shipping_city'],
        province: ['shipping_state'],
        postalCode: ['shipping_postcode'],
        country: ['shipping_country'],
        phone: ['shipping_phone', 'billing_phone'],
        email: ['billing_email'],
      },
    },
  };

/** WooCommerce's other common export (Advanced Order Export): told by its "(Shipping)" columns. */
const WOO_ALT: Partial<Record<TBulkField, string[]>> = {
  reference: ['Order Number', 'Order ID'],
  firstName: ['First Name (Shipping)'],
  lastName: ['Last Name (Shipping)'],
  company: ['Company (Shipping)'],
  address1: ['Address 1 (Shipping)', 'Address 1&2 (Shipping)'],
  address2: ['Address 2 (Shipping)'],
  city: ['City (Shipping)'],
  province: ['State Code (Shipping)', 'State (Shipping)'],
  postalCode: ['Postcode (Shipping)'],
  country: ['Country Code (Shipping)', 'Country (Shipping)'],
  phone: ['Phone (Shipping)', 'Phone (Billing)'],
  email: ['Email (Billing)'],
};

/** Lower case, accents and punctuation gone, one space between words: 'Code postal' → 'code postal'. */
export function headerKey(h: string): string {
  return h
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Header names (as headerKey gives them) read as each field, English and French; the first that matches wins. */
const GUESSES: Record<TBulkField, string[]> = {
  reference: [
    'reference',
    'ref',
    'order',
    'order number',
    'order no',
    'order id',
    'commande',
    'no de commande',
    'numero de commande',
    'n de commande',
    'reference commande',
  ],
  firstName: [
    'first name',
    'firstname',
    'given name',
    'prenom',
    'name',
    'full name',
    'recipient',
    'recipient name',
    'ship to name',
    'nom complet',
    'destinataire',
    'nom du destinataire',
    'client',
  ],
  lastName: ['last name', 'lastname', 'surname', 'family name', 'nom de famille', 'nom'],
  company: [
    'company',
    'company name',
    'business',
    'organization',
    'organisation',
    'entreprise',
    'societe',
    'compagnie',
    'raison sociale',
  ],
  address1: [
    'address',
    'address 1',
    'address1',
    'address line 1',
    'street',
    'street address',
    'street 1',
    'adresse',
    'adresse 1',
    'adresse ligne 1',
    'rue',
  ],
  address2: [
    'address 2',
    'address2',
    'address line 2',
    'street 2',
    'apt',
    'suite',
    'unit',
    'adresse 2',
    'adresse ligne 2',
    'appartement',
    'app',
  ],
  city: ['city', 'town', 'ville', 'municipalite', 'localite'],
  province: ['province', 'state', 'province state', 'state province', 'region', 'etat', 'prov'],
  postalCode: ['postal code', 'postalcode', 'postcode', 'post code', 'zip', 'zip code', 'zipcode', 'code postal', 'cp'],
  country: ['country', 'country code', 'pays'],
  phone: ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'numero de telephone', 'cellulaire'],
  email: ['email', 'e mail', 'email address', 'courriel', 'adresse courriel', 'adresse e mail', 'mail'],
  weight: ['weight', 'weight kg', 'weight kgs', 'poids', 'poids kg', 'masse'],
  length: ['length', 'length cm', 'longueur', 'longueur cm'],
  width: ['width', 'width cm', 'largeur', 'largeur cm'],
  height: ['height', 'height cm', 'hauteur', 'hauteur cm'],
  description: ['description', 'contents', 'content', 'item', 'items', 'product', 'contenu', 'produit', 'article'],
};

/** A mapping guessed from header names (each header used once). */
export function guessMapping(headers: string[]): TBulkMapping {
  const keys = headers.map(headerKey);
  const used = new Set<number>();
  const mapping: TBulkMapping = {};
  for (const field of BULK_FIELDS) {
    for (const guess of GUESSES[field]) {
      const i = keys.findIndex((k, idx) => k === guess && !used.has(idx));
      if (i >= 0) {
        mapping[field] = headers[i]!;
        used.add(i);
        break;
      }
    }
  }
  return mapping;
}

/** The known format these headers are (all its telling headers present), or null. */
export function detectFormat(headers: string[]): KnownFormat | null {
  const set = new Set(headers.map((h) => h.trim()));
  for (const format of Object.keys(FORMATS) as KnownFormat[]) {
    if (FORMATS[format].tell.every((h) => set.has(h))) return format;
  }
  if (set.has('Postcode (Shipping)')) return 'woocommerce';
  return null;
}

function resolveMapping(headers: string[], fields: Partial<Record<TBulkField, string[]>>): TBulkMapping {
  const set = new Set(headers);
  const mapping: TBulkMapping = {};
  for (const field of BULK_FIELDS) {
    const found = fields[field]?.find((h) => set.has(h));
    if (found) mapping[field] = found;
  }
  return mapping;
}

/**
 * Windows-1252's bytes 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ). Node 20's
 * TextDecoder('windows-1252') reads them as Latin-1's C1 controls, so the table is ours; the five
 * bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) read as U+FFFD.
 */
const CP1252_80_9F =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd' +
  '\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

/** Windows-1252 bytes as text: 0x80–0x9F from the table above, every other byte is its own code point. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    const codes = new Array<number>(end - start);
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      codes[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_80_9F.charCodeAt(b - 0x80) : b;
    }
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** The file's bytes as text: UTF-8 (a BOM dropped) when they are valid UTF-8, Windows-1252 otherwise. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  let body = bytes;
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(body), encoding: 'windows-1252' };
  }
}

const clean = (v: string | undefined) => (v ?? '').replace(/^\ufeff/, '').trim();

/** Shops' exports prefix numbers-looking cells with an apostrophe so spreadsheets keep them as text. */
const cell = (v: string | undefined) => clean(v).replace(/^'/, '');

/** 'Marie-Ève Tremblay' → ['Marie-Ève', 'Tremblay']; one word stays a first name. */
function splitName(full: string): [string, string] {
  const parts = full.trim().split(/\s+/);
  if (parts.length < 2) return [parts[0] ?? '', ''];
  return [parts.slice(0, -1).join(' '), parts[parts.length - 1]!];
}

export function parseBulkCsv(input: ParseInput): ParseResult {
  let text: string;
  let encoding: 'utf-8' | 'windows-1252' = 'utf-8';
  if (input.base64 !== undefined) {
    const bytes = Buffer.from(input.base64, 'base64');
    if (bytes.length > BULK_LIMITS.bytes) return { ok: false, field: 'csv', message: 'The file must be at most 5 MB' };
    ({ text, encoding } = decodeCsv(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)));
  } else {
    text = (input.text ?? '').replace(/^\ufeff/, '');
  }
  if (text.includes('\u0000')) return { ok: false, field: 'csv', message: 'This is not a CSV file' };
  const parsed = Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
  });
  const lines = parsed.data.filter((r) => r.filter((c) => clean(c) !== '').length >= 1);
  if (lines.length === 0) return { ok: false, field: 'csv', message: 'The file is empty' };
  const headers = lines[0]!.map(clean);
  // Footer lines (eBay's "N record(s) downloaded") carry one cell: not orders.
  const body = lines.slice(1).filter((r) => r.filter((c) => clean(c) !== '').length >= 2);
  if (body.length === 0) return { ok: false, field: 'csv', message: 'The file has a header row but no orders' };

  const known = detectFormat(headers);
  let mapping: TBulkMapping;
  let group: string | undefined;
  if (known) {
    const spec = FORMATS[known];
    mapping = resolveMapping(
      headers,
      known === 'woocommerce' && !headers.includes('shipping_postcode') ? WOO_ALT : spec.fields,
    );
    group = spec.group;
  } else {
    const given = input.mapping ?? {};
    const usable = Object.fromEntries(
      Object.entries(given).filter(([, h]) => h !== undefined && headers.includes(h)),
    ) as TBulkMapping;
    mapping = Object.keys(usable).length > 0 ? usable : guessMapping(headers);
  }
  const needsMapping = !known && REQUIRED_BULK_FIELDS.some((f) => !mapping[f]);

  const index = new Map(headers.map((h, i) => [h, i]));
  const read = (line: string[], field: TBulkField) => {
    const h = mapping[field];
    if (!h) return '';
    return cell(line[index.get(h)!]);
  };
  const groupAt = group ? index.get(group) : undefined;

  type Acc = { data: TBulkRowData; source: Record<string, string>; items: string[]; more: Record<string, string>[] };
  const orders: Acc[] = [];
  const byKey = new Map<string, Acc>();
  for (const line of body) {
    const data = Object.fromEntries(BULK_FIELDS.map((f) => [f, read(line, f)])) as TBulkRowData;
    if (mapping.firstName && !mapping.lastName) [data.firstName, data.lastName] = splitName(data.firstName);
    const item = known === 'shopify' || known === 'ebay' ? data.description : '';
    const key = groupAt !== undefined ? cell(line[groupAt]) : '';
    const existing = key ? byKey.get(key) : undefined;
    if (existing) {
      // A further line item of the same order: fill what the first line left blank, list the item.
      for (const f of BULK_FIELDS) if (existing.data[f] === '' && data[f] !== '') existing.data[f] = data[f];
      if (item) existing.items.push(item);
      existing.more.push(Object.fromEntries(headers.map((h, i) => [h, clean(line[i])])));
      continue;
    }
    const source = Object.fromEntries(headers.map((h, i) => [h, clean(line[i])]));
    const acc: Acc = { data, source, items: item ? [item] : [], more: [] };
    orders.push(acc);
    if (key) byKey.set(key, acc);
    if (orders.length > BULK_LIMITS.rows) {
      return { ok: false, field: 'csv', message: `A file may hold at most ${BULK_LIMITS.rows} shipments` };
    }
  }

  const rows: ParsedRow[] = orders.map((o, i) => {
    if (o.items.length > 0) o.data.description = o.items.join(', ').slice(0, 200);
    const source = o.more.length > 0 ? { ...o.source, [MORE_LINES]: JSON.stringify(o.more) } : o.source;
    return { n: i + 1, data: o.data, source, errors: needsMapping ? [] : validateBulkRow(o.data) };
  });
  return {
    ok: true,
    format: known ?? 'mapped',
    encoding,
    delimiter: parsed.meta.delimiter,
    headers,
    mapping,
    needsMapping,
    rows,
  };
}
