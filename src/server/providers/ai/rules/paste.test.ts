import { beforeEach, describe, expect, it } from 'vitest';
import { findHeading, readPaste } from './paste';
import { readCsv, splitCells } from './paste-csv';
import { CORRECTION, forgetLineKinds, isIdLine, lineKind, otherCountryOf, SECTION } from './paste-lines';
import { parseShipmentDescription, readAddress } from './roles';

/**
 * What people paste into the address assistant (issue 13): order pages, spreadsheet rows, e-mail
 * signatures and chats. Each test checks the fields a user would look at before saving, then the
 * second half shows each rule family of the reading on a small input and its decision.
 */
const read = (text: string) => readAddress(text, 'address');
/** No places asked for in the message: headings are judged on their own words. */
const NO_TARGETS = { ship: new Set<string>(), not: new Set<string>() };

const SHOPIFY_ORDER = `Order #1047
March 3, 2024
Paid
Fulfilled

Customer
Daniel Brooks
daniel.brooks@example.com

Shipping address
Grace Okafor
412 Rideau St
Ottawa ON K1N 5Y8
Canada

Billing address
Daniel Brooks
90 Elgin St
Ottawa ON K2P 0C4
Canada

Subtotal $48.00
Shipping $12.00
Taxes $7.80
Total $67.80 CAD`;

const SIGNATURE = `Hi team,

Please ship the samples to our warehouse rather than head office.

Thanks,
Marcus Leblanc
Purchasing Manager
Northwind Outfitters Inc.
Head Office: 200 Front St W, Suite 1500, Toronto, ON M5V 3K2
Warehouse: 55 Industrial Pkwy S, Aurora, ON L4G 3V6
T: 416-555-0101 | C: 647-555-0199
Fax: 416-555-0102`;

describe('what users paste: an order page', () => {
  it("a Shopify order fills the shipping person, never 'Paid' as a name, the customer as the company nor the order number as a unit", () => {
    const { address, review } = read(SHOPIFY_ORDER);
    expect(address).toEqual({
      name: 'Grace Okafor',
      firstName: 'Grace',
      lastName: 'Okafor',
      address1: '412 Rideau St',
      city: 'Ottawa',
      province: 'ON',
      postalCode: 'K1N 5Y8',
      country: 'CA',
    });
    expect(address.firstName).not.toBe('Paid');
    expect(address.address2).toBeUndefined();
    // The customer who paid is not the recipient: neither their name nor their e-mail is filled.
    expect(JSON.stringify(address)).not.toMatch(/Daniel|Brooks|1047/);
    expect(review?.block?.heading).toBe('Shipping address');
    expect(review?.block?.text).toBe('Grace Okafor\n412 Rideau St\nOttawa ON K1N 5Y8\nCanada');
  });

  it("an order whose billing block comes first keeps the block heading 'Shipping address' and none of the billing lines", () => {
    const { address, review } = read(
      'Billing address\nDaniel Brooks\n90 Elgin St\nOttawa ON K2P 0C4\n\nShipping address\nTom Reyes\n78 Sparks St\nOttawa ON K1P 5A5',
    );
    expect(address).toMatchObject({
      firstName: 'Tom',
      lastName: 'Reyes',
      address1: '78 Sparks St',
      postalCode: 'K1P 5A5',
    });
    expect(review?.block).toEqual({ heading: 'Shipping address', text: 'Tom Reyes\n78 Sparks St\nOttawa ON K1P 5A5' });
    // The heading decided between the two blocks: nothing is left to guess.
    expect(review?.guessed).toEqual([]);
  });

  it('without a ship-to heading, the billing block is set aside and named in the review as the other address', () => {
    const { address, review } = read(
      'Grace Okafor\n412 Rideau St\nOttawa ON K1N 5Y8\n\nBilling address\nDaniel Brooks\n90 Elgin St\nOttawa ON K2P 0C4',
    );
    expect(address).toMatchObject({ firstName: 'Grace', address1: '412 Rideau St', postalCode: 'K1N 5Y8' });
    expect(review?.guessed).toEqual([{ field: 'address1', others: ['Daniel Brooks, 90 Elgin St, Ottawa ON K2P 0C4'] }]);
  });
});

describe('what users paste: Chinese messages', () => {
  it('a message with 收件人/电话/地址/邮编 labels fills the name, phone, street and postal code', () => {
    const { address } = read('收件人：王小明\n电话：416-555-0188\n地址：多伦多市央街5000号\n邮编：M2N 0A1');
    expect(address).toEqual({
      name: '王小明',
      lastName: '王',
      firstName: '小明',
      address1: '央街5000号',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M2N 0A1',
      country: 'CA',
      phone: '416-555-0188',
    });
  });

  it("the labels run together without colons: '王小明电话4165550188地址…邮编…' is never the name '王小明电话' nor '邮编' in the street", () => {
    const { address } = read('王小明电话4165550188地址多伦多市央街5000号邮编M2N 0A1');
    expect(address).toMatchObject({
      lastName: '王',
      firstName: '小明',
      address1: '央街5000号',
      city: 'Toronto',
      postalCode: 'M2N 0A1',
      phone: '416-555-0188',
    });
    expect(JSON.stringify(address)).not.toMatch(/电话|邮编|地址/);
  });

  it("'多伦多市央街5000号' keeps its street beside the city", () => {
    expect(read('多伦多市央街5000号').address).toEqual({
      address1: '央街5000号',
      city: 'Toronto',
      province: 'ON',
      country: 'CA',
    });
  });

  it.each([
    ['歐陽', '收件人：歐陽娜娜\n电话：778-555-0123\n地址：1055 Granville St, Vancouver, BC V6Z 1L4', '娜娜'],
    ['欧阳', '收件人：欧阳娜娜 电话：778-555-0123 地址：温哥华市格兰维尔街1055号 邮编：V6Z 1L4', '娜娜'],
    ['司徒', '司徒美玲 416-555-0126 多伦多市央街386号 M5B 0A5', '美玲'],
    ['司徒', '收件人：司徒文 | 电话：604-555-0111 | 地址：6060 No. 3 Rd, Richmond, BC V6Y 2B3', '文'],
  ])('the compound surname %s is kept whole: %j', (surname, text, given) => {
    const { address } = read(text);
    expect(address.lastName).toBe(surname);
    expect(address.firstName).toBe(given);
    expect(address.address1).toBeDefined();
    expect(address.postalCode).toBeDefined();
  });

  it.each([
    '王小明 Ming Wang\n电话：416-555-0188\n地址：5000 Yonge St, Toronto, ON M2N 0A1',
    '王小明（Ming Wang）\n电话：416-555-0188\n地址：5000 Yonge St, Toronto, ON M2N 0A1',
    '收件人：王小明 Ming Wang\n电话：416-555-0188\n地址：5000 Yonge St, Toronto, ON M2N 0A1',
  ])('the English name beside a Chinese one wins (labels print Latin script): %j', (text) => {
    expect(read(text).address).toMatchObject({
      name: 'Ming Wang',
      firstName: 'Ming',
      lastName: 'Wang',
      address1: '5000 Yonge St',
      phone: '416-555-0188',
    });
  });
});

describe('what users paste: chats and notes', () => {
  it("'ship to bob smith 77 queen st e toronto m5c1s1' gives Bob Smith at 77 Queen St E in Toronto (not 'E Toronto')", () => {
    expect(read('ship to bob smith 77 queen st e toronto m5c1s1').address).toEqual({
      name: 'Bob Smith',
      firstName: 'Bob',
      lastName: 'Smith',
      address1: '77 Queen St E',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5C 1S1',
      country: 'CA',
    });
  });

  it.each([
    [
      'on its own line',
      'hey! can you send it to jenna park 233 king st w toronto m5h 1j9\nsorry, postal code is m5h 1j8',
    ],
    ['after a ship-to line', 'send to jenna park 233 king st w toronto m5h1j9\nsorry, postal code is M5H 1J8'],
    ['with oops', 'Jenna Park\n233 King St W\nToronto ON M5H 1J9\noops sorry, postal code is M5H 1J8'],
  ])("'sorry, postal code is …' %s replaces the postal code", (_where, text) => {
    expect(read(text).address).toMatchObject({
      firstName: 'Jenna',
      lastName: 'Park',
      address1: '233 King St W',
      city: 'Toronto',
      postalCode: 'M5H 1J8',
    });
  });

  it("'sorry unit 5 not 4' replaces the unit, and 'actually it's unit 2301' adds one", () => {
    expect(read("Liam O'Connor, 20 Bay St, Unit 4, Toronto ON M5J 2N8\nsorry unit 5 not 4").address).toMatchObject({
      address1: '20 Bay St',
      address2: 'Unit 5',
      postalCode: 'M5J 2N8',
    });
    expect(read("mike chen, 1 yonge st, toronto on m5e 1w7. actually it's unit 2301").address).toMatchObject({
      address1: '1 Yonge St',
      address2: 'Unit 2301',
      postalCode: 'M5E 1W7',
    });
  });
});

describe('what users paste: spreadsheet rows', () => {
  it('a CSV header with one row fills every column it names', () => {
    const { address, review } = read(
      'First Name,Last Name,Company,Address,City,Province,Postal Code,Phone\n' +
        'Amélie,Tremblay,Atelier Boréal,2120 Rue Sherbrooke E,Montréal,QC,H2K 1C1,514-555-0172',
    );
    expect(address).toEqual({
      name: 'Amélie Tremblay',
      firstName: 'Amélie',
      lastName: 'Tremblay',
      company: 'Atelier Boréal',
      address1: '2120 Rue Sherbrooke E',
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H2K 1C1',
      country: 'CA',
      phone: '514-555-0172',
    });
    // The header is never a name; the review shows the row that was read.
    expect(address.firstName).not.toBe('First Name');
    expect(review?.block?.text).toBe(
      'Amélie,Tremblay,Atelier Boréal,2120 Rue Sherbrooke E,Montréal,QC,H2K 1C1,514-555-0172',
    );
  });

  it('an export with billing and shipping columns fills the shipping ones', () => {
    const { address } = read(
      'Billing Name,Billing City,Shipping Name,Shipping Street,Shipping City,Shipping Province,Shipping Zip\n' +
        'Daniel Brooks,Ottawa,Grace Okafor,412 Rideau St,Ottawa,ON,K1N 5Y8',
    );
    expect(address).toMatchObject({
      firstName: 'Grace',
      lastName: 'Okafor',
      address1: '412 Rideau St',
      postalCode: 'K1N 5Y8',
    });
  });

  it.each([
    [
      'a quoted CSV cell under a "Name (Last, First)" header',
      '"Name (Last, First)",Address,City,Province,Postal Code\n"Nguyen, Linh",55 Bloor St W,Toronto,ON,M4W 1A5',
    ],
    ['a tab-separated row alone', '"Nguyen, Linh"\t55 Bloor St W\tToronto\tON\tM4W 1A5'],
    ['the first line of a label', 'Nguyen, Linh\n55 Bloor St W\nToronto ON M4W 1A5'],
  ])("'Last, First' in %s is turned round", (_where, text) => {
    expect(read(text).address).toMatchObject({
      name: 'Linh Nguyen',
      firstName: 'Linh',
      lastName: 'Nguyen',
      address1: '55 Bloor St W',
      city: 'Toronto',
      postalCode: 'M4W 1A5',
    });
  });
});

describe('what users paste: French', () => {
  it.each([
    ['alone on its line', 'Adresse de livraison\nJulien Côté\n3350 rue Ontario E\nMontréal QC H1W 1P8'],
    ['with a colon and the name', 'Adresse de livraison: Julien Côté\n3350 rue Ontario E\nMontréal QC H1W 1P8'],
    ['in capitals', 'ADRESSE DE LIVRAISON\nJULIEN CÔTÉ\n3350 RUE ONTARIO E\nMONTRÉAL QC H1W 1P8'],
    ['inline after a colon', 'Adresse de livraison : Julien Côté, 3350 rue Ontario E, Montréal QC H1W 1P8'],
  ])("'Adresse de livraison' %s is a heading, never a first name", (_form, text) => {
    const { address } = read(text);
    expect(address).toMatchObject({ firstName: 'Julien', lastName: 'Côté', city: 'Montréal', postalCode: 'H1W 1P8' });
    expect(JSON.stringify(address)).not.toMatch(/adresse|livraison/i);
  });

  it.each([
    ['on its own line', 'Bonjour!\nJulien Côté\n3350 rue Ontario E\nMontréal QC H1W 1P8'],
    ['before a comma', 'Bonjour, Julien Côté, 3350 rue Ontario E, Montréal QC H1W 1P8'],
    ['to someone else', 'Bonjour Marie, voici mon adresse : Julien Côté, 3350 rue Ontario E, Montréal QC H1W 1P8'],
    ['in a chat', 'bonjour! envoyez à julien côté 3350 rue ontario e montréal h1w 1p8 merci'],
  ])("'Bonjour' %s is never the first name", (_form, text) => {
    const { address } = read(text);
    expect(address).toMatchObject({ firstName: 'Julien', lastName: 'Côté', postalCode: 'H1W 1P8' });
  });
});

describe('what users paste: e-mail signatures', () => {
  it('the warehouse wins over the head office, the signer is the person and the company keeps its Inc.', () => {
    const { address, review } = read(SIGNATURE);
    expect(address).toEqual({
      name: 'Marcus Leblanc',
      firstName: 'Marcus',
      lastName: 'Leblanc',
      company: 'Northwind Outfitters Inc.',
      address1: '55 Industrial Pkwy S',
      city: 'Aurora',
      province: 'ON',
      postalCode: 'L4G 3V6',
      country: 'CA',
      phone: '647-555-0199',
    });
    // The job title is never the person nor the company; the head office's suite is not the warehouse's.
    expect(JSON.stringify(address)).not.toMatch(/Purchasing|Manager|Front St|Suite 1500/);
    expect(review?.block?.heading).toBe('Warehouse');
  });

  it('a plain signature gives the signer, the company with Ltd. and the office line', () => {
    const { address } = read(
      'Thanks,\n\nSophie Martin\nOffice Manager\nMaple Leaf Dental Ltd.\n1200 Bay St, Suite 400\nToronto, ON M5R 2A5\nOffice: 416-555-0111\nFax: 416-555-0112',
    );
    expect(address).toMatchObject({
      firstName: 'Sophie',
      lastName: 'Martin',
      company: 'Maple Leaf Dental Ltd.',
      address1: '1200 Bay St',
      address2: 'Suite 400',
      phone: '416-555-0111',
    });
  });
});

describe('what users paste: phones', () => {
  const ADDRESS = 'Karen Liu\n318 Main St\nVancouver BC V6A 2T2\n';

  it.each([
    ['a fax line alone', 'Fax: 604-555-0199', undefined],
    ['a fax before the phone', 'Fax: 604-555-0199\nTel: 604-555-0155', '604-555-0155'],
    ['a number marked (fax) after it', '604-555-0199 (fax)\n604-555-0155', '604-555-0155'],
  ])('a fax is never chosen: %s', (_form, phones, want) => {
    const { address, review } = read(ADDRESS + phones);
    expect(address.phone).toBe(want);
    expect(JSON.stringify(review ?? {})).not.toContain('604-555-0199');
  });

  it('two phones: the cell is filled and the review marks phone as guessed with the other number', () => {
    const { address, review } = read(`${ADDRESS}Home: 604-555-0155\nCell: 778-555-0166`);
    expect(address.phone).toBe('778-555-0166');
    expect(review?.guessed).toEqual([{ field: 'phone', others: ['604-555-0155'] }]);
  });

  it('an order number of ten digits is never a phone', () => {
    const { address } = read('Order # 4165550134\nShip to\nAnna Berg\n12 Elm St\nGuelph ON N1H 1A1');
    expect(address.phone).toBeUndefined();
    expect(address).toMatchObject({ firstName: 'Anna', address1: '12 Elm St', postalCode: 'N1H 1A1' });
  });
});

describe('what users paste: destinations the forms cannot take', () => {
  it.each([
    ['on its own line', 'Oliver Brown\n10 Downing Street\nLondon SW1A 2AA\nUnited Kingdom'],
    ['at the end of one line', 'Jane Doe, 221B Baker Street, London NW1 6XE, United Kingdom'],
    ['as UK', 'Jane Doe\n221B Baker Street\nLondon NW1 6XE\nUK'],
  ])("a UK address %s gives review.otherCountry 'GB' and no country", (_form, text) => {
    const { address, review } = read(text);
    expect(review?.otherCountry).toBe('GB');
    expect(address.country).toBeUndefined();
  });

  it("the same on the shipment form's receiver prefix", () => {
    const result = parseShipmentDescription(
      'Receiver information: Oliver Brown, 10 Downing Street, London SW1A 2AA, UK',
    );
    expect(result.review?.otherCountry).toBe('GB');
    expect(result.receiver?.country).toBeUndefined();
  });

  it('a US address on the address form keeps country US', () => {
    expect(read('Bob Jones\n350 Fifth Avenue\nNew York, NY 10118\nUSA').address).toMatchObject({
      address1: '350 Fifth Avenue',
      city: 'New York',
      province: 'NY',
      postalCode: '10118',
      country: 'US',
    });
  });
});

/**
 * The reading explained: each rule family on a small input and the decision it makes. When a
 * reading surprises a user, these are the rules to look at.
 */
describe('the reading explained', () => {
  beforeEach(() => forgetLineKinds());

  it.each([
    ['Subtotal $48.00', 'a price'],
    ['Total $67.80 CAD', 'a price'],
    ['Order #1047', 'an order number'],
    ['Paid', 'a payment status'],
    ['Fulfilled', 'a fulfilment status'],
    ['Placed on March 3, 2024', 'a date'],
    ['下单时间：2024-03-03', 'a date'],
    ['Qty: 2', 'a quantity'],
    ['Visa ending in 4421', 'a card'],
    ['Standard shipping', 'a shipping method'],
    ['Purchasing Manager', 'a job title'],
    ['Directrice des achats', 'a job title'],
    ['Thanks,', 'a sign-off'],
    ['Bonjour,', 'a greeting'],
    ['www.northwind.ca', 'a web site'],
    ['Mon-Fri 9-5', 'office hours'],
    ['Buzz 1234 at the front door', 'a delivery note'],
    ['Leave it at the back door please', 'a delivery note'],
    ['Thanks for the quick turnaround on the quote, we really appreciate it', 'prose'],
    ['Adresse de livraison', 'a line about an address that holds none'],
  ])("noise lines: lineKind(%j) is 'noise' (%s)", (line) => {
    expect(lineKind(line)).toBe('noise');
  });

  it.each(['Grace Okafor', '412 Rideau St', 'Ottawa ON K1N 5Y8', 'Northwind Outfitters Inc.'])(
    "noise lines: lineKind(%j) is 'keep' (a name, a street, a city line, a company)",
    (line) => {
      expect(lineKind(line)).toBe('keep');
    },
  );

  it.each([
    ['Shipping address', 'Grace Okafor', 'ship'],
    ['Adresse de livraison :', 'Julien Côté', 'ship'],
    ['收货地址：', '王小明', 'ship'],
    ['Warehouse / Ship-to:', '55 Industrial Pkwy S', 'ship'],
    ['Lab / Shipping & Receiving:', '1 Main St', 'ship'],
    ['Billing address', 'Daniel Brooks', 'other'],
    ['Head Office / Siège social', '200 Front St W', 'other'],
    ['Customer', 'Daniel Brooks', 'neutral'],
  ])("headings: findHeading(%j) is a '%s' heading", (line, next, kind) => {
    expect(findHeading(line, next, NO_TARGETS)?.kind).toBe(kind);
  });

  it('headings: a name line is no heading, and "Ship to: Jane Doe" is the ship-to heading with its name', () => {
    expect(findHeading('Grace Okafor', '412 Rideau St', NO_TARGETS)).toBeNull();
    const m = SECTION.exec('Ship to: Jane Doe');
    expect(m?.groups?.ship).toBe('Ship to');
  });

  it('headings: a place the message asks to send to ("please send it to our garage") makes "Garage:" the ship-to', () => {
    const line = 'Garage: 85 rue Principale, Gatineau QC J8X 1A1';
    expect(findHeading(line, '', NO_TARGETS)).toBeNull();
    expect(findHeading(line, '', { ship: new Set(['garage']), not: new Set() })?.kind).toBe('ship');
  });

  it('signature: the line under the sign-off is the signer, the last plain line under the title the company', () => {
    const signature = (text: string) => readPaste(text, 'address').signature;
    expect(
      signature(
        'See you soon.\n\nThanks,\nMarcus Leblanc\nPurchasing Manager\nNorthwind Outfitters Inc.\nT: 416-555-0101',
      ),
    ).toEqual({ name: 'Marcus Leblanc', company: 'Northwind Outfitters Inc.' });
    // The honorific and the credentials are not part of the name.
    expect(
      signature(
        'Merci!\n\nCordialement,\nDr. Anne Roy, P.Eng.\nIngénieure principale\nBoréal Géotech Ltée\n514-555-0100',
      ),
    ).toEqual({ name: 'Anne Roy', company: 'Boréal Géotech Ltée' });
  });

  it('CSV headers: a known header turns the row into labelled lines the parser reads as a form', () => {
    expect(
      readCsv(
        'First Name,Last Name,Address,City,Province,Postal Code\nAmélie,Tremblay,2120 Rue Sherbrooke E,Montréal,QC,H2K 1C1',
      ),
    ).toEqual({
      text: 'Name: Amélie Tremblay\nAddress: 2120 Rue Sherbrooke E\nCity: Montréal\nProvince: QC\nPostal code: H2K 1C1',
      row: 'Amélie,Tremblay,2120 Rue Sherbrooke E,Montréal,QC,H2K 1C1',
    });
  });

  it('CSV headers: shipping columns win over billing ones; an ordinary comma address is no CSV', () => {
    expect(
      readCsv(
        'Billing Name,Billing City,Shipping Name,Shipping Street,Shipping City\nDaniel Brooks,Ottawa,Grace Okafor,412 Rideau St,Ottawa',
      )?.text,
    ).toBe('Name: Grace Okafor\nAddress: 412 Rideau St\nCity: Ottawa');
    expect(readCsv('Grace Okafor, 412 Rideau St, Ottawa ON K1N 5Y8, Canada')).toBeNull();
  });

  it('CSV headers: quoted cells keep their commas and doubled quotes', () => {
    expect(splitCells('"Nguyen, Linh",55 Bloor St W,"Gate ""B"""', ',')).toEqual([
      'Nguyen, Linh',
      '55 Bloor St W',
      'Gate "B"',
    ]);
  });

  it.each(['sorry, postal code is m5h 1j8', 'oops unit 5 not 4', '不好意思，邮编是 M2N 0A1'])(
    "corrections: lineKind(%j) is 'correction'",
    (line) => {
      expect(CORRECTION.test(line)).toBe(true);
      expect(lineKind(line)).toBe('correction');
    },
  );

  it('corrections: what each one changes', () => {
    const corrections = (text: string) => readPaste(text, 'address').corrections;
    expect(corrections('jenna park 233 king st w toronto m5h 1j9\nsorry, postal code is m5h 1j8')).toEqual({
      postal: 'M5H 1J8',
      swaps: [],
    });
    expect(corrections('oops unit 5 not 4')).toEqual({ swaps: [['4', '5']] });
  });

  it('phones: the cell beats the office line and a fax never counts', () => {
    expect(readPaste('Fax: 604-555-0199\nTel: 604-555-0155\nCell: 778-555-0166', 'address').phone).toEqual({
      value: '778-555-0166',
      others: ['604-555-0155'],
    });
  });

  it('order numbers: isIdLine marks a line whose digits are never a phone', () => {
    expect(isIdLine('Order # 4165550134')).toBe(true);
    expect(isIdLine('Tel: 4165550134')).toBe(false);
  });

  it('Chinese labels: run-together labels become one labelled line each, the phone taken out', () => {
    expect(readPaste('王小明电话4165550188地址多伦多市央街5000号邮编M2N 0A1', 'address').text).toBe(
      '王小明\n\n\n地址：多伦多市央街5000号\n邮编：M2N 0A1',
    );
  });

  it('other countries: otherCountryOf reads a country outside Canada and the US at the end of a line', () => {
    expect(otherCountryOf('United Kingdom')).toBe('GB');
    expect(otherCountryOf('London SW1A 2AA, UK')).toBe('GB');
    expect(otherCountryOf('Canada')).toBeUndefined();
    expect(otherCountryOf('USA')).toBeUndefined();
  });
});
