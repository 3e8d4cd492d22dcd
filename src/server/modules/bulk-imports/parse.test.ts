import { describe, expect, it } from 'vitest';
import {
  decodeCsv,
  detectFormat,
  guessMapping,
  MORE_LINES,
  parseBulkCsv,
  templateCsv,
  TEMPLATE_EXAMPLE,
  TEMPLATE_HEADERS,
} from './parse';
import { BULK_CUSTOMS_MESSAGE, BULK_FIELDS } from '../../../shared/contracts/bulk-imports';
import { defuseCsvCell } from '../../../shared/csv-cell';

// Header rows as the shops' exports write them (abridged at the end where the export runs on).
const SHOPIFY =
  'Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,Lineitem fulfillment status,Billing Name,Billing Street,Billing Address1,Billing Address2,Billing Company,Billing City,Billing Zip,Billing Province,Billing Country,Billing Phone,Shipping Name,Shipping Street,Shipping Address1,Shipping Address2,Shipping Company,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Notes,Note Attributes,Cancelled at,Payment Method,Payment Reference,Refunded Amount,Vendor,Id,Tags,Risk Level,Source,Lineitem discount';
const ETSY =
  'Sale Date,Order ID,Buyer User ID,Full Name,First Name,Last Name,Number of Items,Payment Method,Date Shipped,Street 1,Street 2,Ship City,Ship State,Ship Zipcode,Ship Country,Currency,Order Value,Coupon Code,Coupon Details,Discount Amount,Shipping Discount,Shipping,Sales Tax,Order Total,Status,Card Processing Fees,Order Net,Adjusted Order Total,Adjusted Card Processing Fees,Adjusted Net Order Amount,Buyer,Order Type,Payment Type,InPerson Discount,InPerson Location,SKU';
const EBAY =
  '"Sales Record Number","Order Number","Buyer Username","Buyer Name","Buyer Email","Buyer Note",Buyer Address 1,Buyer Address 2,Buyer City,"Buyer State","Buyer Zip","Buyer Country","Buyer Tax Identifier Name","Buyer Tax Identifier Value",Ship To Name,"Ship To Phone",Ship To Address 1,Ship To Address 2,Ship To City,"Ship To State","Ship To Zip","Ship To Country","Item Number","Item Title",Custom Label,"Sold Via Promoted Listings","Quantity","Sold For","Shipping And Handling"';
const WOO =
  'order_id,order_number,order_date,status,shipping_total,shipping_tax_total,fee_total,tax_total,discount_total,order_total,refunded_total,order_currency,payment_method,shipping_method,customer_id,billing_first_name,billing_last_name,billing_company,billing_email,billing_phone,billing_address_1,billing_address_2,billing_postcode,billing_city,billing_state,billing_country,shipping_first_name,shipping_last_name,shipping_company,shipping_address_1,shipping_address_2,shipping_postcode,shipping_city,shipping_state,shipping_country,customer_note';

const cols = (header: string) => header.split(',').map((h) => h.replace(/"/g, ''));
function line(header: string, values: Record<string, string>): string {
  return cols(header)
    .map((h) => {
      const v = values[h] ?? '';
      return /[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    })
    .join(',');
}

describe('bulk import parsing', () => {
  it('tells each export by its header row', () => {
    expect(detectFormat(cols(SHOPIFY))).toBe('shopify');
    expect(detectFormat(cols(ETSY))).toBe('etsy');
    expect(detectFormat(cols(EBAY))).toBe('ebay');
    expect(detectFormat(cols(WOO))).toBe('woocommerce');
    expect(detectFormat(['Order Number', 'First Name (Shipping)', 'Postcode (Shipping)'])).toBe('woocommerce');
    expect(detectFormat(['nom', 'adresse', 'ville'])).toBeNull();
  });

  it('reads its own template, example row included, as a valid shipment', () => {
    const r = parseBulkCsv({ text: templateCsv() });
    expect(r.ok && r.format).toBe('voyageur');
    if (!r.ok) return;
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]!.errors).toEqual([]);
    expect(r.rows[0]!.data).toMatchObject({ city: 'Montréal', postalCode: 'H3B 1K9', weight: '1.2' });
  });

  it("merges a Shopify order's line items into one shipment", () => {
    const first = {
      Name: '#1001',
      Email: 'jo@example.com',
      'Lineitem quantity': '1',
      'Lineitem name': 'Mug',
      'Shipping Name': 'Jo Bloggs',
      'Shipping Address1': '800 Robson St',
      'Shipping City': 'Vancouver',
      'Shipping Zip': "'V6Z 2E7",
      'Shipping Province': 'BC',
      'Shipping Country': 'CA',
      'Shipping Phone': '604-555-0199',
    };
    const csv = [
      SHOPIFY,
      line(SHOPIFY, first),
      line(SHOPIFY, { Name: '#1001', 'Lineitem quantity': '2', 'Lineitem name': 'Tea' }),
      line(SHOPIFY, { ...first, Name: '#1002', 'Shipping Zip': 'K1A 0B1' }),
    ].join('\n');
    const r = parseBulkCsv({ text: csv });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.format).toBe('shopify');
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]!.data).toMatchObject({
      reference: '#1001',
      firstName: 'Jo',
      lastName: 'Bloggs',
      postalCode: 'V6Z 2E7',
      description: 'Mug, Tea',
    });
    expect(r.rows[0]!.errors).toEqual([]);
    // The order's second line item is kept (its own cells) for results.csv.
    expect(JSON.parse(r.rows[0]!.source[MORE_LINES]!)).toEqual([
      expect.objectContaining({ Name: '#1001', 'Lineitem name': 'Tea', 'Lineitem quantity': '2' }),
    ]);
    expect(r.rows[1]!.source[MORE_LINES]).toBeUndefined();
    // K1A is Ontario: the shipment form's message, on the postal code's cell.
    expect(r.rows[1]!.errors).toEqual([{ field: 'postalCode', message: 'Postal code K1A 0B1 is not in BC' }]);
  });

  it('reads Etsy, eBay and WooCommerce rows into the same fields', () => {
    const etsy = parseBulkCsv({
      text: [
        ETSY,
        line(ETSY, {
          'Order ID': '2411',
          'First Name': 'Lea',
          'Last Name': 'Roy',
          'Street 1': '12 Rue Principale',
          'Ship City': 'Gatineau',
          'Ship State': 'QC',
          'Ship Zipcode': 'J8Y 3R5',
          'Ship Country': 'Canada',
        }),
      ].join('\n'),
    });
    expect(etsy.ok && etsy.rows[0]!.data).toMatchObject({
      reference: '2411',
      firstName: 'Lea',
      lastName: 'Roy',
      country: 'Canada',
    });
    // Etsy gives no phone: the form's rule asks for one.
    expect(etsy.ok && etsy.rows[0]!.errors).toEqual([{ field: 'phone', message: 'Phone is required' }]);

    const ebay = parseBulkCsv({
      text: [
        '',
        EBAY,
        line(EBAY, {
          'Sales Record Number': '5',
          'Order Number': '12-345',
          'Ship To Name': 'Sam Lee',
          'Ship To Phone': '4165550100',
          'Ship To Address 1': '1 King St W',
          'Ship To City': 'Toronto',
          'Ship To State': 'ON',
          'Ship To Zip': 'M5H 1A1',
          'Ship To Country': 'CA',
          'Item Title': 'Lamp',
        }),
        '',
        '1 record(s) downloaded',
      ].join('\n'),
    });
    expect(ebay.ok && ebay.format).toBe('ebay');
    expect(ebay.ok && ebay.rows).toHaveLength(1);
    expect(ebay.ok && ebay.rows[0]!.errors).toEqual([]);

    const woo = parseBulkCsv({
      text: [
        WOO,
        line(WOO, {
          order_number: '77',
          shipping_first_name: 'Kim',
          shipping_last_name: 'Ng',
          shipping_address_1: '10 Main St',
          shipping_city: 'Halifax',
          shipping_state: 'NS',
          shipping_postcode: 'B3H 1A1',
          shipping_country: 'CA',
          billing_phone: '902 555 0100',
          billing_email: 'kim@example.com',
        }),
      ].join('\n'),
    });
    expect(woo.ok && woo.rows[0]!.errors).toEqual([]);
    expect(woo.ok && woo.rows[0]!.data.phone).toBe('902 555 0100');
  });

  it('guesses a mapping from English and French header names, and separators ; and tab', () => {
    expect(
      guessMapping(['Prénom', 'Nom', 'Adresse', 'Ville', 'Province', 'Code postal', 'Téléphone', 'Poids (kg)']),
    ).toEqual({
      firstName: 'Prénom',
      lastName: 'Nom',
      address1: 'Adresse',
      city: 'Ville',
      province: 'Province',
      postalCode: 'Code postal',
      phone: 'Téléphone',
      weight: 'Poids (kg)',
    });
    const semi = parseBulkCsv({
      text: 'Prénom;Nom;Adresse;Ville;Province;Code postal;Téléphone;Poids\nÉlise;Côté;5 Rue Racine;Québec;QC;G1R 4P5;418-555-0100;1,5\n',
    });
    expect(semi.ok && semi.format).toBe('mapped');
    expect(semi.ok && semi.delimiter).toBe(';');
    expect(semi.ok && semi.needsMapping).toBe(false);
    expect(semi.ok && semi.rows[0]!.errors).toEqual([]);
    const tab = parseBulkCsv({
      text: 'Name\tAddress\tCity\tState\tZip\tPhone\nAl Poe\t1 King St W\tToronto\tON\tM5H 1A1\t4165550100\n',
    });
    expect(tab.ok && tab.delimiter).toBe('\t');
    expect(tab.ok && tab.rows[0]!.data).toMatchObject({ firstName: 'Al', lastName: 'Poe', postalCode: 'M5H 1A1' });
    const unknown = parseBulkCsv({ text: 'a,b,c\n1,2,3\n' });
    expect(unknown.ok && unknown.needsMapping).toBe(true);
    const mapped = parseBulkCsv({ text: 'a,b,c\n1,2,3\n', mapping: { firstName: 'a', city: 'b' } });
    expect(mapped.ok && mapped.mapping).toEqual({ firstName: 'a', city: 'b' });
  });

  it('reads UTF-8, UTF-8 with a BOM and Windows-1252 bytes', () => {
    const text = 'first_name,city\nÉlise,Montréal\n';
    expect(decodeCsv(new TextEncoder().encode(text))).toEqual({ text, encoding: 'utf-8' });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(decodeCsv(bom)).toEqual({ text, encoding: 'utf-8' });
    const cp1252 = Uint8Array.from(Buffer.from(text, 'latin1'));
    expect(decodeCsv(cp1252)).toEqual({ text, encoding: 'windows-1252' });
    const viaBase64 = parseBulkCsv({ base64: Buffer.from(cp1252).toString('base64') });
    expect(viaBase64.ok && viaBase64.encoding).toBe('windows-1252');
    expect(viaBase64.ok && viaBase64.rows[0]!.data.city).toBe('Montréal');
  });

  it('reads Windows-1252 bytes 0x80–0x9F as their letters, not as C1 controls', () => {
    // 'Zoë’s mug – 5 €' in Windows-1252: ë 0xEB, ’ 0x92, – 0x96, € 0x80
    const bytes = Uint8Array.from([
      ...Buffer.from('first_name,city\nZo', 'latin1'),
      0xeb,
      0x92,
      ...Buffer.from('s mug ', 'latin1'),
      0x96,
      ...Buffer.from(' 5 ', 'latin1'),
      0x80,
      ...Buffer.from(',Qu', 'latin1'),
      0xe9,
      ...Buffer.from('bec\n', 'latin1'),
    ]);
    const { text, encoding } = decodeCsv(bytes);
    expect(encoding).toBe('windows-1252');
    expect(text).toBe('first_name,city\nZoë’s mug – 5 €,Québec\n');
    expect(text).not.toMatch(/[\u0080-\u009f]/);
    expect(decodeCsv(Uint8Array.from([0x41, 0x81, 0x8d, 0x8f, 0x90, 0x9d])).text).toBe(
      'A\ufffd\ufffd\ufffd\ufffd\ufffd',
    );
  });

  const template = (over: Partial<Record<(typeof BULK_FIELDS)[number], string>>) => {
    const row = { ...TEMPLATE_EXAMPLE, ...over };
    const q = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    return (
      BULK_FIELDS.map((f) => TEMPLATE_HEADERS[f]).join(',') + '\n' + BULK_FIELDS.map((f) => q(row[f])).join(',') + '\n'
    );
  };
  const errorsOf = (over: Partial<Record<(typeof BULK_FIELDS)[number], string>>) => {
    const r = parseBulkCsv({ text: template(over) });
    if (!r.ok) throw new Error(r.message);
    return r.rows[0]!.errors;
  };

  it('refuses a row leaving Canada on its country cell (a file has no customs declaration)', () => {
    expect(errorsOf({})).toEqual([]);
    expect(errorsOf({ country: 'Canada' })).toEqual([]);
    const us = errorsOf({ country: 'US', province: 'NY', postalCode: '10001', city: 'New York' });
    expect(us).toContainEqual({ field: 'country', message: BULK_CUSTOMS_MESSAGE });
    expect(errorsOf({ country: 'fr', province: '', postalCode: '75001', city: 'Paris' })).toContainEqual({
      field: 'country',
      message: BULK_CUSTOMS_MESSAGE,
    });
  });

  it('limits each cell to the shipment form’s length, on the cell', () => {
    expect(errorsOf({ description: 'x'.repeat(500) })).toEqual([]);
    expect(errorsOf({ description: 'x'.repeat(501) })).toEqual([
      { field: 'description', message: 'Description must be at most 500 characters' },
    ]);
    expect(errorsOf({ description: 'x'.repeat(4 * 1024 * 1024) })).toEqual([
      { field: 'description', message: 'Description must be at most 500 characters' },
    ]);
    expect(errorsOf({ reference: 'R'.repeat(101) })).toEqual([
      { field: 'reference', message: 'Reference must be at most 100 characters' },
    ]);
    expect(errorsOf({ address2: 'a'.repeat(301) })).toEqual([
      { field: 'address2', message: 'Address line 2 must be at most 300 characters' },
    ]);
    expect(errorsOf({ firstName: 'M'.repeat(61) })).toEqual([
      { field: 'firstName', message: 'First name must be at most 60 characters' },
    ]);
  });

  it('says a negative or zero weight must be more than 0, as the package form does', () => {
    expect(errorsOf({ weight: '-5' })).toEqual([{ field: 'weight', message: 'Weight must be greater than 0' }]);
    expect(errorsOf({ weight: '-1,5' })).toEqual([{ field: 'weight', message: 'Weight must be greater than 0' }]);
    expect(errorsOf({ weight: '0' })).toEqual([{ field: 'weight', message: 'Weight must be greater than 0' }]);
    expect(errorsOf({ weight: 'heavy' })).toEqual([{ field: 'weight', message: 'Weight must be a number' }]);
  });

  it('defuses spreadsheet formulas in CSV cells, keeping plain negative numbers', () => {
    for (const v of ['=1+1', '+1', '@SUM(A1)', '-2+3', '-1e3', '-', '\t=1', '\r=1', '=HYPERLINK("x")']) {
      expect(defuseCsvCell(v), v).toBe(`'${v}`);
    }
    for (const v of ['-12.50', '-3', '12.50', 'Marie', '', "O'Brien"]) expect(defuseCsvCell(v), v).toBe(v);
  });

  it('refuses an empty file and one with only headers, naming the csv field', () => {
    expect(parseBulkCsv({ text: '' })).toEqual({ ok: false, field: 'csv', message: 'The file is empty' });
    expect(parseBulkCsv({ text: 'first_name,city\n' })).toMatchObject({ ok: false, field: 'csv' });
  });
});
