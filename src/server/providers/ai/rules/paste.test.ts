import { describe, expect, it } from 'vitest';
import { readPaste } from './paste';
import { findHeading } from './paste-block';
import { splitColumns } from './paste-columns';
import { splitCells } from './csv-records';
import { readCsv } from './paste-csv';
import { CORRECTION, isIdLine, lineKind, otherCountryOf, SECTION } from './paste-lines';
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

  it('headings: "ship to head office instead" makes the Head Office block the ship-to; "to my attention at the X office" names X', () => {
    const instead =
      'Hi Dana,\n\nThe warehouse is closed for inventory this week, so please ship to head office instead.\n\nRegards,\nMarc Pelletier\nLogistics Coordinator\nBoréal Supply Ltd.\n\nHead Office\n900 Portage Ave, Suite 300\nWinnipeg MB R3G 0P5\n\nWarehouse / Receiving\n55 Keewatin St\nWinnipeg MB R2X 2R9';
    expect(read(instead).address).toMatchObject({ address1: '900 Portage Ave', postalCode: 'R3G 0P5' });
    const attention =
      'Please courier the files to my attention at the Moncton office.\n\nThanks,\nLuc Cormier\nSaint John | 1 Germain St, Saint John NB E2L 4V1\nMoncton | 770 Main St, Moncton NB E1C 1E7';
    expect(read(attention).address).toMatchObject({ address1: '770 Main St', city: 'Moncton' });
  });

  it('signature: the person the message asks to address it to receives it, with the number given for them', () => {
    const mail =
      'Hi Omar,\n\nPlease ship the pallet to our Dorval warehouse, attention Linda in receiving. Her line is 514-555-0170.\n\nThanks,\n\nGeoffrey Park\nBuyer\nSaint-Laurent Textiles Inc.\nT 514-555-0111 | C 514-555-0112\ngpark@stlaurenttextiles.ca\n\nHead office: 800 rue Sherbrooke O, Montréal QC H3A 1G1\nWarehouse: 1650 ch. de la Côte-de-Liesse, Dorval QC H9P 1A7';
    const address = read(mail).address;
    expect(address).toMatchObject({ firstName: 'Linda', phone: '514-555-0170', postalCode: 'H9P 1A7' });
    expect(address.lastName).toBeUndefined();
    expect(address.email).toBeUndefined();
    const french =
      "Bonjour,\n\nVeuillez livrer à notre atelier, à l'attention de Réal Thibodeau, contremaître (cell. 418 555-0177).\n\nMerci,\nNadine Roy\nAdjointe administrative\nUsinage Beauce Ltée\nAtelier : 455 1re Avenue, Saint-Georges QC G5Y 3M3";
    expect(read(french).address).toMatchObject({ firstName: 'Réal', lastName: 'Thibodeau', phone: '418-555-0177' });
    // "attn me" and a department name no one.
    expect(
      readPaste('Ship to the club please, attn me. Weekday afternoons somebody is there.', 'address').attention,
    ).toBeUndefined();
    expect(
      readPaste('Mark it HOT and send it attn Parts at the Humboldt store please.', 'address').attention,
    ).toBeUndefined();
  });

  it('a block\'s "a/s <name>, <title>" names the person; a borough in brackets is not the city', () => {
    const block =
      'Livrer à :\nRénovations Boréal Inc.\na/s Luc Gervais, surintendant\n88, rue Principale\nGatineau (secteur Hull) QC J8X 2A1\n\nMerci,\nSandra Viens\nEstimatrice\nRénovations Boréal Inc.';
    expect(read(block).address).toMatchObject({ firstName: 'Luc', lastName: 'Gervais', city: 'Gatineau' });
  });

  it("e-mails: the recipient company's own desk when the person has none; a colleague's or the accounts desk never", () => {
    const order =
      'Order #7712\n\nCustomer\nPinecrest Hardware Ltd.\nContact information\nMarc Doiron\norders@pinecresthardware.ca\n\nShipping address\nMarc Doiron\nPinecrest Hardware Ltd.\n410 Main St\nSussex NB E4E 1T1\nCanada';
    expect(read(order).address).toMatchObject({ firstName: 'Marc', email: 'orders@pinecresthardware.ca' });
    const accounts = order.replace('orders@', 'accounts@');
    expect(read(accounts).address.email).toBeUndefined();
  });

  it('names: "Attn: Receiving – <name>" is the person; a couple with "put <name>" gives one person', () => {
    expect(
      read('Shipping address\nLakehead Rigging LLC\nAttn: Receiving – Maria Ortega\n500 Harbor Dr\nDuluth, MN 55802')
        .address,
    ).toMatchObject({ firstName: 'Maria', lastName: 'Ortega' });
    expect(
      read('Ship to: Paul & Anne Leduc — put Anne on the label\n12 Lakeview Rd\nHuntsville ON P1H 1A1').address,
    ).toMatchObject({ firstName: 'Anne', lastName: 'Leduc' });
    expect(read('Salt & Fern Mercantile\n12 Lakeview Rd\nHuntsville ON P1H 1A1').address.company).toBe(
      'Salt & Fern Mercantile',
    );
  });

  it('names: with no other name, who placed the order or whom a sentence sends it to', () => {
    expect(
      read(
        'Oct 2, 9:02 AM   Order placed by Hannah Oyelowo (Online Store)\nShipping address changed\nTo: 610 Regent St, Apt 14, Fredericton NB E3B 3X8',
      ).address,
    ).toMatchObject({ firstName: 'Hannah', lastName: 'Oyelowo' });
    expect(
      read(
        'can someone send a spare dock to Priya Natarajan in the Halifax office?\nHarbour Data Inc. – 1801 Hollis St, Halifax NS B3J 3N4',
      ).address,
    ).toMatchObject({ firstName: 'Priya', lastName: 'Natarajan' });
  });

  it('"don\'t send to my house" keeps the signer\'s company on a parcel sent to the shop', () => {
    expect(
      read(
        "hey Nate,\n\nya send the drysuits to the shop. don't send to my house, nobody's there.\n\nthanks man\nMel\n\n--\nMelissa Sidney\nOwner / Lead Guide\nKlondike North Outfitters Ltd.\n106 Main St, Suite 201\nWhitehorse, YT Y1A 2A7\ncell (best) 867-555-0153",
      ).address,
    ).toMatchObject({ firstName: 'Melissa', company: 'Klondike North Outfitters Ltd.', address1: '106 Main St' });
  });

  it('chat speakers with an emoji ("Tía Lupe 🌺:") or a full-width colon without a space; a Hong Kong romanisation "Wong Chi Keung" is "Chi-Keung Wong"', () => {
    expect(
      read(
        'Tía Lupe 🌺: mija send the tamale steamer to my mailbox place\nTía Lupe 🌺: Guadalupe Herrera\n2261 Market St PMB 4521\nSan Francisco CA 94114-1612\nTía Lupe 🌺: phone 415-555-0108\nMe: ok tía!',
      ).address,
    ).toMatchObject({ firstName: 'Guadalupe', lastName: 'Herrera', city: 'San Francisco', country: 'US' });
    expect(
      read('收件人 黃志強 Wong Chi Keung\n4080 Confederation Pkwy, Suite 1910, Mississauga ON L5B 0G1').address,
    ).toMatchObject({
      firstName: 'Chi-Keung',
      lastName: 'Wong',
    });
  });

  it('the newest message\'s signature over a quoted one\'s; "les adresser au Dr X"; "Name on it should be X" over a one-word name', () => {
    expect(
      read(
        'Please send the laptop to my place instead of the office:\n\n40 Homewood Ave, Apt 1507\nToronto ON M4Y 2K2\n\nOlumide\n\nOlumide Fashola\nSenior Analyst, Risk Analytics\nBeaconsfield Mutual Insurance Company\nolumide.fashola@beaconsfieldmutual.ca\n\n________________________________\nFrom: IT Service Desk <servicedesk@beaconsfieldmutual.ca>\nSent: Friday, February 21, 2025 4:55 PM\n\nHello Olumide, reply with the full address.\n\nRegards,\nIT Service Desk\nExt. 5000',
      ).address,
    ).toMatchObject({ firstName: 'Olumide', lastName: 'Fashola', email: 'olumide.fashola@beaconsfieldmutual.ca' });
    expect(
      read(
        'Merci de faire livrer au laboratoire. Veuillez les adresser au Dr Karim Benali, chef du contrôle qualité.\n\nMerci!\n\nNathalie Bérubé\nAcheteuse principale\nLaboratoires BioNord inc.\nLaboratoire : 2705, boul. du Parc-Technologique, Québec (Québec) G1P 4S3',
      ).address,
    ).toMatchObject({ firstName: 'Karim', lastName: 'Benali' });
    expect(
      read(
        'Mike\nAddress is 63 Aspen Stone Way SW Calgary AB T3H 5Y9\nMike\nName on it should be Mikhail Petrenko (Mike is just what everyone calls me lol)',
      ).address,
    ).toMatchObject({ firstName: 'Mikhail', lastName: 'Petrenko' });
  });

  it('a counter form: the sender\'s whole address on its "Sender:" line and the "Contents:" are not the recipient\'s; French organisations in capitals', () => {
    expect(
      read(
        "Parcel ship-to form (filled in at counter)\n\nRecipient name: BRIGID O'SULLIVAN-HART\nStreet / Box: GENERAL DELIVERY\nCity: DAWSON CITY      Prov: YT\nPostal code:\nY0B 1G0\nPhone: 867 555 0106\nContents: winter boots, wool socks, 2 books\nDeclared value: $160.00\nSender: J. HART, 77 ELM ST, SUDBURY ON P3C 1T3, 705 555 0147",
      ).address,
    ).toEqual({
      name: "Brigid O'Sullivan-Hart",
      firstName: 'Brigid',
      lastName: "O'Sullivan-Hart",
      address1: 'General Delivery',
      city: 'Dawson City',
      province: 'YT',
      postalCode: 'Y0B 1G0',
      country: 'CA',
      phone: '867-555-0106',
    });
    expect(
      read(
        'DESTINATAIRE\nM. ÉTIENNE LAPLANTE\nUNIVERSITÉ DE MONTRÉAL\nCASE POSTALE 6128 SUCC. CENTRE-VILLE\nMONTRÉAL QC\nH3C 3J7',
      ).address,
    ).toMatchObject({
      firstName: 'Étienne',
      lastName: 'Laplante',
      company: 'Université de Montréal',
      city: 'Montréal',
    });
  });

  it("in a chat, the full name the address's writer gives in their own lines; a name line over a street is no place heading", () => {
    expect(
      read(
        '[2025-03-02, 7:14:22 PM] Brandon: yo send me ur addy\n[2025-03-02, 7:15:03 PM] Kayden 🏒: 88 isabella st unit 5 toronto on m4y 1n1\n[2025-03-02, 7:15:40 PM] Brandon: full name for the label?\n[2025-03-02, 7:16:02 PM] Kayden 🏒: kayden whitebird',
      ).address,
    ).toMatchObject({ firstName: 'Kayden', lastName: 'Whitebird', address1: '88 Isabella St' });
    expect(
      read(
        'Ousmane: mon adresse c 1200 boul alphonse-desjardins app 210 levis qc g6v 6y8\nMoi: Merci! Ton nom de famille?\nOusmane: Diallo. Ousmane Diallo',
      ).address,
    ).toMatchObject({ firstName: 'Ousmane', lastName: 'Diallo' });
    expect(
      read(
        "Léa-Rose 🌸, [2025-01-19 21:41]\nadresse : 1455 rue King O app. 6, Sherbrooke QC J1H 1S1\n\nLéa-Rose 🌸, [2025-01-19 21:41]\nLéa-Rose Fortin si t'as besoin du nom complet\n\nTom, [2025-01-19 21:50]\nparfait",
      ).address,
    ).toMatchObject({ firstName: 'Léa-Rose', lastName: 'Fortin', city: 'Sherbrooke' });
    expect(
      read(
        "[10:42 AM] Chen, Lily\nhey can you send one of the welcome swag boxes to Amir? he's fully remote\n[10:42 AM] Chen, Lily\nhe said to use his home:\nAmir Haddad\n211 Powell Ave\nOttawa, ON K1S 2A3",
      ).address,
    ).toMatchObject({ firstName: 'Amir', lastName: 'Haddad', address1: '211 Powell Ave' });
  });

  it('lower-case "la ronge sk" over its postal code; "Room E-210"; "DUKE OF YORK"; "c\'est pas 4e avenue c\'est 5e avenue"; "Localité :"', () => {
    expect(read('Destiny McKenzie\npo box 243\nla ronge sk\ns0j 1l0').address).toMatchObject({
      address1: 'PO Box 243',
      city: 'La Ronge',
      province: 'SK',
    });
    expect(
      read('Kyle Ross\nSt. Boniface Hospital, Room E-210\n409 Taché Ave\nWinnipeg MB R2H 2A6').address,
    ).toMatchObject({
      address1: '409 Taché Ave',
      address2: 'Room E-210',
    });
    expect(read('ANA SILVA\n3880 DUKE OF YORK BLVD\nMISSISSAUGA ON L5B 4M7').address).toMatchObject({
      address1: '3880 Duke of York Blvd',
    });
    expect(
      read("Gab: 5820 4e Avenue Montréal QC H1Y 2S8\nGab: attends non c'est pas 4e avenue, c'est 5e avenue").address,
    ).toMatchObject({ address1: '5820 5e Avenue' });
    expect(
      read('Nom : Yvon Mallet\nAdresse : 6524, route 134\nLocalité : Cocagne\nProvince : N.-B.\nCode postal : E4R 2N5')
        .address,
    ).toMatchObject({ city: 'Cocagne', province: 'NB' });
  });

  it('"EXP. :" / "DEST. :" label headings; a French street in capitals keeps its small words small; "Mailing address:" among a form\'s fields is its address', () => {
    expect(
      read(
        '*** ÉTIQUETTE - ENVOI STANDARD ***\n\nEXP. : ENTREPÔT DISTRIBUTIONS LAURENTIDES\n       1250 RUE DE MARTIGNY O, SAINT-JÉRÔME QC J7Y 4Y2\n\nDEST. :\nM. JEAN-FRANÇOIS TREMBLAY\n1845 RUE DES ÉRABLES APP 3\nDRUMMONDVILLE QC\nJ2B 4T7',
      ).address,
    ).toMatchObject({
      firstName: 'Jean-François',
      lastName: 'Tremblay',
      address1: '1845 Rue des Érables',
      address2: 'App. 3',
      city: 'Drummondville',
      postalCode: 'J2B 4T7',
    });
    expect(
      read(
        'SHIP REPLACEMENT PART TO:\n\nFirst name: Everett\nLast name: Many Guns\nMailing address: SITE 5 COMP 12 RR 2\nTown: OLDS\nProv: AB\nPostal code: T4H 1P3\nPhone: 403-555-0161\n\nPurchased from: Mountain View Ag Supply, 5401 46 St, Olds AB T4H 1M5',
      ).address,
    ).toMatchObject({ firstName: 'Everett', lastName: 'Many Guns', postalCode: 'T4H 1P3', phone: '403-555-0161' });
  });

  it('a forwarded Chinese order: "请寄到：" after an order number is the heading; "寄给她妈妈" is a home, not the signer\'s company', () => {
    expect(
      read(
        '小林，这个客户的订单请改一下收货地址，寄给她妈妈（见下面邮件）。谢谢！\n\n---------- 转发的邮件 ----------\n发件人：Jessica Shangguan <jessica.sg@outlook.com>\n\n您好，订单 #88213（花旗参 2 盒）请寄到：\n\n收件人：上官秀兰\n电话：416-555-0173\n地址：加拿大 安大略省 多伦多市 Silver Springs Blvd 120号\n邮编：M1V 1S4\n\nJessica\n\n--\nJessica Shangguan\nSenior Accountant, Bow Valley Energy Ltd.\n500 4 Ave SW, Suite 2100, Calgary AB T2P 2V6',
      ).address,
    ).toEqual({
      name: '上官秀兰',
      lastName: '上官',
      firstName: '秀兰',
      address1: '120 Silver Springs Blvd',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M1V 1S4',
      country: 'CA',
      phone: '416-555-0173',
    });
  });

  it('a label in capitals with two-language headings: the TO block, its company line no heading, "GOVERNMENT OF NUNAVUT" no place', () => {
    expect(
      read(
        'SHIPPING LABEL - PLEASE PRINT CLEARLY\n\nFROM / EXPÉDITEUR:\nNORTHERN BOOKS DISTRIBUTION\n2-1155 KING ST W\nTORONTO ON M6K 3C5\n\nTO / DESTINATAIRE:\nPITSEOLAK ALAINGA\nGOVERNMENT OF NUNAVUT\nPO BOX 1000 STN 900\nIQALUIT NU\nX0A 0H0\n\nTEL: 867-555-0111',
      ).address,
    ).toEqual({
      name: 'Pitseolak Alainga',
      firstName: 'Pitseolak',
      lastName: 'Alainga',
      company: 'Government of Nunavut',
      address1: 'PO Box 1000 Stn 900',
      city: 'Iqaluit',
      province: 'NU',
      postalCode: 'X0A 0H0',
      country: 'CA',
      phone: '867-555-0111',
    });
  });

  it("a Chinese room (1106房) corrected in the next message; the place's own line when the parcel goes there for someone else", () => {
    expect(
      read(
        '地址是 滑铁卢 330 Columbia St W 1106房 N2L 3L1\n哦不对 是1108房 刚才写错了\n名字写 孙浩然 电话 226-555-0104',
      ).address,
    ).toMatchObject({ address1: '330 Columbia St W', address2: 'Unit 1108', city: 'Waterloo' });
    expect(
      read(
        "Please ship to our Commerce City warehouse, attn: Luis (receiving) - the Denver office can't take freight.\n\nThanks,\n\nAmber Kowalski\nOperations Manager\nHigh Plains Coffee Roasters, Inc.\nOffice: 1550 Wewatta St, Suite 200, Denver, CO 80202\nWarehouse: 5200 E 56th Ave, Unit C, Commerce City, CO 80022-3926\nO (303) 555-0147 | Warehouse (303) 555-0138",
      ).address,
    ).toMatchObject({ firstName: 'Luis', address1: '5200 E 56th Ave', phone: '303-555-0138' });
  });

  it('"SHIPPING TO" / "BILLING TO" and "Adresse d\'expédition de l\'acheteur" are headings; "1 article sur Etsy" is no street', () => {
    expect(
      read(
        'Squarespace Commerce\nORDER #00412\n\nSHIPPING TO\nCallum Roberts\nGeneral Delivery\nDawson City YT Y0B 1G0\nCanada\n867-555-0111\n\nBILLING TO\nCallum Roberts\nGeneral Delivery\nDawson City YT Y0B 1G0',
      ).address,
    ).toMatchObject({ firstName: 'Callum', lastName: 'Roberts', address1: 'General Delivery', city: 'Dawson City' });
    expect(
      read(
        "Félicitations! Vous avez vendu 1 article sur Etsy.\nCommande n° 3204418876\n\nAdresse d'expédition de l'acheteur :\nChloé Beaulieu-Paquette\n652, rue Saint-Charles-Borromée Nord\nJoliette QC J6E 4R9",
      ).address,
    ).toMatchObject({ firstName: 'Chloé', address1: '652 rue Saint-Charles-Borromée Nord', city: 'Joliette' });
    // Without the heading too.
    expect(
      read(
        'Félicitations! Vous avez vendu 1 article sur Etsy.\n\nChloé Beaulieu-Paquette\n652, rue Saint-Charles-Borromée Nord\nJoliette QC J6E 4R9',
      ).address,
    ).toMatchObject({ firstName: 'Chloé', address1: '652 rue Saint-Charles-Borromée Nord' });
  });

  it('"Tu peux les shipper à :" opens the block; a form\'s labels with notes in brackets ("Adresse (ligne 1)*", "Courriel (avis de suivi)")', () => {
    expect(
      read(
        "Allo! Oui j'vas prendre les deux chandails\nTu peux les shipper à :\nMonique Gallant\n41 rue Belliveau\nShediac NB E4P 1H2\nMon cell c'est 506 555-0191. Merci bcp!!",
      ).address,
    ).toEqual({
      name: 'Monique Gallant',
      firstName: 'Monique',
      lastName: 'Gallant',
      address1: '41 rue Belliveau',
      city: 'Shediac',
      province: 'NB',
      postalCode: 'E4P 1H2',
      country: 'CA',
      phone: '506-555-0191',
    });
    expect(
      read(
        'Destinataire\nNom du destinataire*\nFrancis Bélanger\nEntreprise (facultatif)\n\nAdresse (ligne 1)*\n9800 boul. Lacroix\nVille*\nSaint-Georges\nProvince*\nQuébec\nCode postal*\nG5Y 2B8\nTéléphone\n418-555-0189\nCourriel (avis de suivi)\nfrancis.belanger@cgocable.ca',
      ).address,
    ).toMatchObject({
      firstName: 'Francis',
      lastName: 'Bélanger',
      address1: '9800 boul. Lacroix',
      city: 'Saint-Georges',
      email: 'francis.belanger@cgocable.ca',
    });
  });

  it('Chinese label words inside sentences are no labels; "收货人写…" names the recipient; a Chinese closing opens the signature', () => {
    const store = read(
      '货架请直接送到密西沙加新店，新店地址和收货人如下：\n\n收货人：司徒慧敏（新店店长）\n电话：647-555-0133\n地址：5985 Rodeo Dr, Unit 1, Mississauga ON L5R 3X8\n\n送货前一天请提前电话联系。谢谢！\n\n赵明\n运营总监\nAbundance Supermarket Inc.\n手机：416-555-0167\n\n本邮件及附件仅供收件人使用，如误收请删除。',
    ).address;
    expect(store).toMatchObject({
      lastName: '司徒',
      firstName: '慧敏',
      phone: '647-555-0133',
      company: 'Abundance Supermarket Inc.',
    });
    expect(
      read(
        '大货请直接发到我们列治文的仓库。收货人写仓库主管陈志强，电话 604-555-0144。\n\n谢谢！\n\n刘雅婷 Tina Liu\nMaple China Trading Ltd.\n仓库：13511 Crestwood Pl, Unit 8, Richmond BC V6V 2E9\n手机 778-555-0127',
      ).address,
    ).toMatchObject({ lastName: '陈', firstName: '志强', phone: '604-555-0144' });
    // A chat's picture placeholder under the name is no company.
    expect(
      read('收件人：司徒家豪\n電話：778-555-0190\n地址：2788 E 49th Ave, Vancouver, BC V5S 1J6\n謝謝\n司徒家豪\n[圖片]')
        .address.company,
    ).toBeUndefined();
  });

  it('"Ship-to is our Soils Lab, attn: X" is a sentence naming the block; the number on a line opening with her name is hers; "PO 4410-0992" is no unit', () => {
    expect(
      read(
        "Thanks - PO 4410-0992 attached.\n\nShip-to is our Soils Lab (Argyll), attn: Natasha Petrenko, Lab Supervisor. Do not send to the downtown office.\n\nNatasha's direct line: 780-555-0148\n\nRegards,\n\nOluwaseun Adeyemi, P.Eng.\nGeotechnical Engineer\nTamarack Geotechnical Engineering Ltd.\nHead Office | 10180 101 St NW, Suite 1400, Edmonton AB T5J 3S4\nSoils Lab | 6320 Argyll Rd NW, Bay 2, Edmonton AB T6C 4K6\nT 780-555-0186 | M 780-555-0119",
      ).address,
    ).toMatchObject({
      firstName: 'Natasha',
      lastName: 'Petrenko',
      address1: '6320 Argyll Rd NW',
      address2: 'Bay 2',
      postalCode: 'T6C 4K6',
      phone: '780-555-0148',
    });
  });

  it('"it needs to go to our X office instead" chooses that block; "Jas" signs over "Jaspreet Kaur Dhillon" and "jas@" is hers', () => {
    expect(
      read(
        'It was set up to go to our Prince George head office but it needs to go to our Vanderhoof field office instead.\n\nVanderhoof Field Office\n2415 Burrard Ave\nVanderhoof BC V0J 3A0\n\nThank you!\n\nBrenda Thiessen\nOffice Administrator\nNechako Forest Consulting Ltd.\n1488 4th Ave, Suite 204, Prince George BC V2L 4Y2',
      ).address,
    ).toMatchObject({ address1: '2415 Burrard Ave', city: 'Vanderhoof' });
    expect(
      read(
        'Please send the vials to the Deliveries address below.\n\nThank you!\nJas\n\nJaspreet Kaur Dhillon, RPh\nPharmacy Manager\nForest City Compounding Pharmacy Ltd.\nCourier / Deliveries: 1280 Commissioners Rd W, Unit 9, London ON N6K 1C7\njas@forestcitycompounding.ca',
      ).address,
    ).toMatchObject({
      firstName: 'Jaspreet',
      lastName: 'Kaur Dhillon',
      company: 'Forest City Compounding Pharmacy Ltd.',
      email: 'jas@forestcitycompounding.ca',
    });
  });

  it('an English street glued to a Chinese place, or after a city ("温哥华 Kingsway 3550号"), is the street', () => {
    expect(read('加拿大不列颠哥伦比亚省温哥华市3333 W 4th Ave V6R 1N6 慕容雪 778-555-0149').address).toMatchObject({
      address1: '3333 W 4th Ave',
      city: 'Vancouver',
      lastName: '慕容',
    });
    expect(read('麻烦寄到：温哥华 Kingsway 3550号 #207 张伟 778-555-0191 V5R 5L7').address).toMatchObject({
      address1: '3550 Kingsway',
      address2: 'Unit 207',
      city: 'Vancouver',
    });
    expect(read('地址：素里 Surrey 10153 King George Blvd\n收件人：诸葛明德\n邮编：V3T 2W1').address).toMatchObject({
      city: 'Surrey',
    });
  });

  it('a chat export\'s stamp lines ("Marcus Oyelaran, [14.05.24 21:03]") are no names', () => {
    expect(
      read(
        'Marcus Oyelaran, [14.05.24 21:04]\ncongrats lol send me your addy\nKelsey Dueck, [14.05.24 21:06]\nkelsey dueck 1-620 corydon ave winnipeg r3m 0x3\nMarcus Oyelaran, [14.05.24 21:09]\nthx',
      ).address,
    ).toMatchObject({ firstName: 'Kelsey', lastName: 'Dueck', address1: '620 Corydon Ave', address2: 'Unit 1' });
  });

  it('a "Bill to / Ship to" block is the parcel\'s, over the sender\'s "From"; the unit of a second address is not the first\'s', () => {
    for (const heading of ['Bill to / Ship to:', 'Facturé à / Livré à :']) {
      expect(
        read(
          `From: Atelier Boisé\n245 rue Racine Est, Chicoutimi QC G7H 1S3\n\n${heading}\nSophie Gagnon\n1200 boul. Talbot, bureau 204\nChicoutimi QC G7H 4B6`,
        ).address,
      ).toMatchObject({ firstName: 'Sophie', address1: '1200 boul. Talbot', postalCode: 'G7H 4B6' });
    }
    const home = read(
      'Could you send the replacement to my home address?\n\nAlicia Moreau\n22 Stonemeadow Dr\nKanata, ON K2M 2J8\n\nAlicia Moreau | Senior QA Analyst\nNorthwind Telemetry Corp.\n350 Legget Dr, Suite 200, Kanata ON K2K 2W7',
    ).address;
    expect(home).toMatchObject({ address1: '22 Stonemeadow Dr', postalCode: 'K2M 2J8' });
    expect(home.address2).toBeUndefined();
  });

  it('the person a message hands the parcel to ("livrer … à Me Julie Bouchard", "signed for by our Registrar, X") receives it, not the one who signs', () => {
    expect(
      read(
        "Bonjour,\n\nPourriez-vous livrer l'enveloppe (documents originaux) à Me Julie Bouchard? Elle est à notre bureau de Lévis.\n\nMerci!\n\nKarine Gosselin\nAdjointe juridique\nBouchard Paradis Avocats\n5700, boul. Guillaume-Couture, bureau 210, Lévis (Québec) G6V 3A5",
      ).address,
    ).toMatchObject({ firstName: 'Julie', lastName: 'Bouchard', city: 'Lévis' });
    expect(
      read(
        'The crate must be signed for by our Registrar, Anika Sorensen, personally.\n\nWith thanks,\n\nRobert Hughes\nDirector of Exhibitions\n4180 Lochside Dr, Unit 7, Victoria BC V8X 2E1',
      ).address,
    ).toMatchObject({ firstName: 'Anika', lastName: 'Sorensen' });
    // A place or a department after the verb names no one.
    expect(
      read(
        'Please deliver the boxes to Head Office before noon.\n\nThanks,\n\nRobert Hughes\nDirector of Exhibitions\n4180 Lochside Dr, Victoria BC V8X 2E1',
      ).address,
    ).toMatchObject({ firstName: 'Robert', lastName: 'Hughes' });
  });

  it('a name in one case takes its capitals back, "Mc" with the capital after it', () => {
    expect(read('JOHN MCISAAC\n12 KING ST W\nTORONTO ON M5H 1A1').address).toMatchObject({
      firstName: 'John',
      lastName: 'McIsaac',
    });
    expect(read('ship to jessica mclean 12 king st w toronto on m5h 1a1').address).toMatchObject({
      firstName: 'Jessica',
      lastName: 'McLean',
    });
    // A name written with its capitals stays as written; "Mack" is no "Mc" name.
    expect(read('Ian Mcdonald\n12 King St W\nToronto ON M5H 1A1').address).toMatchObject({ lastName: 'Mcdonald' });
    expect(read('PAT MACK\n12 KING ST W\nTORONTO ON M5H 1A1').address).toMatchObject({ lastName: 'Mack' });
  });

  it('a French street named for a place ("chemin de Montréal") keeps its name; an empty "App./Bureau :" is a form field', () => {
    expect(read('Roch Gauthier\n275, chemin de Montréal\nOttawa (Ontario) K1L 6B9').address).toMatchObject({
      address1: '275 chemin de Montréal',
      city: 'Ottawa',
    });
    expect(
      read(
        'DESTINATAIRE\nNom : Martine Boisvert\nAdresse : 126 boul. de Gaspé\nApp./Bureau :\nVille : Gaspé\nProvince : QC\nCode postal : G4X 1A9',
      ).address,
    ).toMatchObject({ address1: '126 boul. de Gaspé', city: 'Gaspé', province: 'QC', postalCode: 'G4X 1A9' });
  });

  it('a Chinese message with an English street before its number and 号; a signature "Me <name>, notaire" without a sign-off', () => {
    expect(read('麻烦寄到：多伦多 Yonge St 5000号 #1203 李明 416-555-0111 M2N 7E9').address).toMatchObject({
      address1: '5000 Yonge St',
      address2: 'Unit 1203',
      city: 'Toronto',
    });
    expect(
      read(
        'Envoyez le tout chez moi plutôt qu’à l’étude :\n\n12 rue des Pins, Sherbrooke (Québec) J1H 1Z3\n\nMe Sophie Lavoie, notaire\nLavoie Notaires inc.',
      ).address,
    ).toMatchObject({ firstName: 'Sophie', lastName: 'Lavoie' });
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

  it('side-by-side blocks: a BILL TO / SHIP TO pair is read one column after the other', () => {
    const invoice = [
      'BILL TO                           SHIP TO',
      'Harvest Moon Cafe Inc.            Harvest Moon Cafe Inc.',
      'Accounts Payable                  Attn: Dev Malhotra',
      'PO Box 2290                       721 8th St',
      'Canmore, AB T1W 2T8               Canmore, AB T1W 2B3',
      '                                  (403) 555-0157',
      '',
      'Thank you!',
    ].join('\n');
    expect(splitColumns(invoice)).toBe(
      'BILL TO\nHarvest Moon Cafe Inc.\nAccounts Payable\nPO Box 2290\nCanmore, AB T1W 2T8\n\n' +
        'SHIP TO\nHarvest Moon Cafe Inc.\nAttn: Dev Malhotra\n721 8th St\nCanmore, AB T1W 2B3\n(403) 555-0157\n\nThank you!',
    );
    expect(read(invoice).address).toMatchObject({
      firstName: 'Dev',
      lastName: 'Malhotra',
      address1: '721 8th St',
      postalCode: 'T1W 2B3',
      phone: '403-555-0157',
    });
    // A line of words apart by spaces that are not headings stays as it is.
    expect(splitColumns('Espresso Blend      6      62.00')).toBe('Espresso Blend      6      62.00');
  });

  it('names turned around: "Last, First" in a spreadsheet cell or over a street, capitals as a person writes them', () => {
    expect(read('1087,2024-03-02,"Ostrowski, Paul",1519 Pembina Hwy,Winnipeg,MB,R3T 2E3').address).toMatchObject({
      firstName: 'Paul',
      lastName: 'Ostrowski',
    });
    expect(read('Page 14\n\nHNATYSHYN, Olga\n  1122 Avenue G N\n  Saskatoon SK S7L 1R2').address).toMatchObject({
      firstName: 'Olga',
      lastName: 'Hnatyshyn',
      address1: '1122 Avenue G N',
    });
  });

  it('a labelled city with its province after it: both fields', () => {
    expect(
      read('nom: antoine roy\nadresse: 771 rue Notre-Dame Est\nville: victoriaville qc\ncode postal g6p 4b7').address,
    ).toMatchObject({
      city: 'Victoriaville',
      province: 'QC',
      postalCode: 'G6P 4B7',
    });
  });

  it('greetings in other languages are not names', () => {
    expect(read('Assalamu alaikum bro\nBilal Chaudhry\n88 Castlemore Ave\nMarkham ON L6C 2X8').address).toMatchObject({
      firstName: 'Bilal',
      lastName: 'Chaudhry',
    });
  });

  it('CSV headers no list holds are read by their words, and "Product name" is never the name', () => {
    const form =
      'Timestamp\tEmail Address\tFull name\tShipping address (street, apt)\tCity / Town\tProvince\tPostal code\tPhone number (for courier)\tProduct name\n' +
      '2024/09/14 8:41 p.m.\taisha.farouk@dal.ca\tAisha Farouk\t5991 Spring Garden Rd, apt 1407\tHalifax\tNova Scotia\tb3h 1y6\t902 555 0172\tTote bag';
    expect(read(form).address).toMatchObject({
      firstName: 'Aisha',
      lastName: 'Farouk',
      address1: '5991 Spring Garden Rd',
      address2: 'Apt 1407',
      city: 'Halifax',
      province: 'NS',
      postalCode: 'B3H 1Y6',
      phone: '902-555-0172',
      email: 'aisha.farouk@dal.ca',
    });
    expect(
      read(
        '收件人,电话,省份,城市,详细地址,邮编\n欧阳明轩,+1 (416) 555-0153,安大略省,多伦多,"88 Scott St, Unit 3405",M5E 0A9',
      ).address,
    ).toMatchObject({
      lastName: '欧阳',
      firstName: '明轩',
      city: 'Toronto',
      province: 'ON',
    });
  });

  it('a waybill: SHIPPER / EXPÉDITEUR beside RECEIVER / DESTINATAIRE, the receiver read', () => {
    const waybill = [
      'SHIPPER / EXPÉDITEUR                            RECEIVER / DESTINATAIRE',
      'Name: Northern Bee Supply                        Name: Gurpreet Kaur Dhillon',
      'Address: 4512 50 St                              Address: 33780 Essendene Ave',
      'City: Red Deer   Prov: AB                        City: Abbotsford   Prov: BC',
      'Postal Code: T4N 1X4                             Postal Code: V2S 2H1',
      'Phone: 403-555-0100                              Phone: 604-555-0142',
    ].join('\n');
    expect(read(waybill).address).toMatchObject({
      firstName: 'Gurpreet',
      lastName: 'Kaur Dhillon',
      address1: '33780 Essendene Ave',
      city: 'Abbotsford',
      province: 'BC',
      postalCode: 'V2S 2H1',
      phone: '604-555-0142',
    });
    // A heading in two languages alone on its line opens the block too.
    expect(
      read(
        'From / Expéditeur\nSarah Kim\n2140 NW Glisan St\nPortland OR 97210\n\nTo / Destinataire\nName: Michel Arsenault\nStreet: 15234 Cabot Trail\nCity: Chéticamp\nProvince: NS\nPostal code: B0E 1H0',
      ).address,
    ).toMatchObject({ firstName: 'Michel', address1: '15234 Cabot Trail', city: 'Chéticamp' });
    // "Warehouse / Ship-to: 6675 Millcreek Dr, …" keeps its address.
    expect(splitColumns('Warehouse / Ship-to: 6675 Millcreek Dr')).toBe('Warehouse / Ship-to: 6675 Millcreek Dr');
  });

  it('messenger furniture is not the person: app names, receipts, channels, media and forwarded lines', () => {
    for (const line of [
      'iMessage',
      'Delivered',
      'Read 8:53 PM',
      '#office-swag',
      '<Media omitted>',
      'This message was deleted',
      '📍 Shared location',
      'Forwarded from Mom',
      'Direct message — Kofi Mensah',
      'RESIDENTIAL',
      'Parfait merci!',
      "Allô! c'est pour les courtepointes",
      'Sat sri akal ji 🙏',
    ])
      expect({ line, kind: lineKind(line) }).toEqual({ line, kind: 'noise' });
    expect(lineKind('Hello Jane Doe')).toBe('keep');
    expect(
      read('iMessage\nToday 8:47 PM\nShirley MacDonald\n181 Prince Albert Rd\nDartmouth NS B2Y 1M5\nDelivered').address,
    ).toMatchObject({ firstName: 'Shirley', lastName: 'MacDonald' });
  });

  it('"Send to Baba please:" is a heading, not a name; "under anjali pillai" names the person', () => {
    expect(read('Send to Baba please:\nHalyna Kowalczyk\n447 Mountain Ave\nWinnipeg MB R2W 1K3').address).toMatchObject(
      {
        firstName: 'Halyna',
        lastName: 'Kowalczyk',
      },
    );
    expect(read('send to 2181 yonge st #1506 toronto m4s 3h7 under anjali pillai').address).toMatchObject({
      firstName: 'Anjali',
      lastName: 'Pillai',
    });
  });

  it('a Chinese name starts with a surname: words of the message are not people; "收" and "何太" go', () => {
    const chat = '亲 我把地址发你了哈\n加拿大 安大略省 万锦\n8 Clegg Rd L6G 0B4\n上官婉 收\n手机 905-555-0142';
    expect(read(chat).address).toMatchObject({ lastName: '上官', firstName: '婉', city: 'Markham' });
    const home = '林太 林美玲\n1180 Kingsway, Vancouver BC V5V 3C8\n家裡電話 604-555-0131 都可以';
    expect(read(home).address).toMatchObject({ lastName: '林', firstName: '美玲' });
    // No known surname: no name, rather than a word of the message.
    expect(read('格式 77 Queen St E, Toronto ON M5C 1S1').address.lastName).toBeUndefined();
  });

  it('forms: two-language labels, starred labels over their values, form-service furniture, general delivery', () => {
    const twoLanguages =
      'TO / À\nName / Nom: Hélène Arsenault\nCompany / Entreprise:\nAddress line 1 / Adresse ligne 1: 45 Church St\nUnit / Unité: 3\nCity / Ville: Moncton\nProv.: NB\nPostal code / Code postal: E1C 4Z5';
    expect(read(twoLanguages).address).toEqual(
      expect.objectContaining({ firstName: 'Hélène', address1: '45 Church St', address2: 'Unit 3', city: 'Moncton' }),
    );
    expect(read(twoLanguages).address.company).toBeUndefined();
    const starred =
      'Google Forms\nQuilt raffle — shipping\nResponse #4\n\nFull name *\njamal osei\n\nStreet address (number + street) *\n22 pine st\n\nCity *\nthunder bay\n\nProvince *\nOntario\n\nPostal code *\np7b 3a1';
    expect(read(starred).address).toMatchObject({
      firstName: 'Jamal',
      lastName: 'Osei',
      address1: '22 Pine St',
      postalCode: 'P7B 3A1',
    });
    expect(read(starred).address.company).toBeUndefined();
    const general =
      'Name: Ada Lee\nAddress: General Delivery\nCity: Ucluelet\nProvince: BC\nPostal code: V0R 3A0\nMessage: pick up at the post office';
    expect(read(general).address).toMatchObject({ address1: 'General Delivery', city: 'Ucluelet' });
  });

  it('chats: an address taken back ("wait actually send it to my work") gives way to the next one, its name kept', () => {
    const chat =
      'Dev Malhotra: hey the hoodie is for me\nDev Malhotra: dev malhotra 88 bloor st e toronto on m4w 3g9\nDev Malhotra: wait actually send it to my work, no one is home\nDev Malhotra: Lakeshore Print Co., 1200 Lake Shore Blvd W, Toronto ON M6K 1A1\nMe: 👍';
    expect(read(chat).address).toMatchObject({
      firstName: 'Dev',
      lastName: 'Malhotra',
      company: 'Lakeshore Print Co.',
      address1: '1200 Lake Shore Blvd W',
      postalCode: 'M6K 1A1',
    });
    // Without a word that takes it back, two addresses are not read as a change.
    const two = 'from: 88 Bloor St E, Toronto ON M4W 3G9\nto: 1200 Lake Shore Blvd W, Toronto ON M6K 1A1';
    expect(read(two).address.postalCode).toBe('M6K 1A1');
  });

  it('chats: the billing address a shop repeats is not the ship-to; "just put PO Box …" names no one', () => {
    const billing =
      '[2024-07-22 15:40] Prairie Saddlery: Hi Dana, billing we have as 12 Main St, Brandon\n[2024-07-22 15:44] Dana Kowalchuk: ship to the farm please\n[2024-07-22 15:46] Dana Kowalchuk: 55 rr 1 road 40w souris mb r0k 2c0';
    expect(read(billing).address).toMatchObject({ firstName: 'Dana', lastName: 'Kowalchuk', postalCode: 'R0K 2C0' });
    expect(read(billing).address.address1).not.toContain('Main St');
    const box = "Hey it's Aputi Kilabuk\nJust put PO Box 210 Pangnirtung NU X0A 0R0";
    expect(read(box).address).toMatchObject({ firstName: 'Aputi', lastName: 'Kilabuk', address1: 'PO Box 210' });
  });

  it('a Vietnamese given name of two words stays whole; other names split at the first space', () => {
    expect(read('Kim Anh Pham\n3300 Rue Sherbrooke E, Montréal QC H1W 1C4').address).toMatchObject({
      firstName: 'Kim Anh',
      lastName: 'Pham',
    });
    expect(read('Fatima Zahra Idrissi\n3300 Rue Sherbrooke E, Montréal QC H1W 1C4').address).toMatchObject({
      firstName: 'Fatima',
      lastName: 'Zahra Idrissi',
    });
  });

  it('an English name before the Chinese one, or asked for in a note, is the one on the label', () => {
    expect(
      read('收件人:Jessica Zhao 赵静怡\n收货地址:1151 W 8th Ave, Apt 305\n城市:Vancouver\n省:BC\n邮编:V6H 1C5').address,
    ).toMatchObject({
      firstName: 'Jessica',
      lastName: 'Zhao',
    });
    expect(
      read('收件人：黄梓琪（英文名 Kiki Wong，快递单写英文名吧）\n地址：16 Main St, Markham ON\n邮编：L3R 2E4').address,
    ).toMatchObject({
      firstName: 'Kiki',
      lastName: 'Wong',
    });
  });

  it('a long sentence with numbers that are no street or postal code is prose ("file no. 21874-003", "request (#48219)")', () => {
    for (const line of [
      'Could you courier them to my attention? Reception is on 37. Please reference our file no. 21874-003 on the envelope.',
      'Your request (#48219) has been updated. To add additional comments, reply to this email.',
      "We'd like to go ahead with the 2 replacement treatment-table cushions (quote Q-1187, burgundy vinyl).",
    ])
      expect({ line, kind: lineKind(line) }).toEqual({ line, kind: 'noise' });
    for (const line of [
      'Please send it to 45 Main St in Sackville, my sister will be home all week',
      'ok so its going to my moms place at 1320 blah blah Blaine, WA 98230 thanks',
    ])
      expect({ line, kind: lineKind(line) }).toEqual({ line, kind: 'keep' });
  });

  it('a name in a sentence has its capitals when the message does: "I\'m usually out back" names no one', () => {
    const text =
      "Jorge here. Deliveries go to the yard only. Have the driver call when he's out, I'm usually out back.\n\nJorge Villanueva\nNorthgate Industrial Supply Ltd.\n9704 34 Ave NW, Edmonton AB T6E 5P2";
    expect(read(text).address).toMatchObject({ firstName: 'Jorge', lastName: 'Villanueva' });
    expect(read('its jess btw\n12 king st w toronto m5h 1a1').address).toMatchObject({ firstName: 'Jess' });
  });

  it('signature lines: credentials after a name, a title before the company, a company under "Ship to:" and "– Attn" inside a line', () => {
    expect(
      read(
        "Dre Mireille Cyr, DMV\nClinique vétérinaire du Madawaska Ltée\n125, rue de l'Église\nEdmundston (N.-B.)  E3V 1J8",
      ).address,
    ).toMatchObject({ firstName: 'Mireille', lastName: 'Cyr', company: 'Clinique vétérinaire du Madawaska Ltée' });
    expect(read('Jane Doe\n100 N Charles St\nBaltimore, MD\n21201\nUSA').address).toMatchObject({
      city: 'Baltimore',
      province: 'MD',
    });
    expect(
      read('— Tavish Grant | Principal, Saltchuck Architecture Ltd. | 1001 Wharf St, Suite 300, Victoria BC V8W 1T6')
        .address,
    ).toMatchObject({ firstName: 'Tavish', lastName: 'Grant', company: 'Saltchuck Architecture Ltd.' });
    expect(
      read('SHIP TO: Harbour Fresh Foods Inc. – Attn Ahmed El-Sayed, 40 Raddall Ave, Unit 4, Dartmouth NS B3B 1T2')
        .address,
    ).toMatchObject({
      firstName: 'Ahmed',
      lastName: 'El-Sayed',
      company: 'Harbour Fresh Foods Inc.',
      address2: 'Unit 4',
    });
  });

  it('chats: the writer of the address names it, your own address in the chat is not it, a short sentence before it goes', () => {
    const teams =
      'Microsoft Teams — Chat: Onboarding\n\nKelly Boudreau 9:02 AM\nShould they go to your home or the office?\n\nNadia Farah 9:11 AM\n5599 Fenwick St, Unit 807, Halifax NS B3H 1R2\n\nKelly Boudreau 9:12 AM\nthanks! best phone?';
    expect(read(teams).address).toMatchObject({ firstName: 'Nadia', lastName: 'Farah', address1: '5599 Fenwick St' });
    const kijiji =
      "Kijiji · Re: Vintage turntable – $650\n\nYou: Hi, yes it's still available. Pickup is at my place, 455 Dundas St, London ON N6B 1W4, or I can ship.\nAmit Desai: Please ship. I'm in Guelph\nAmit Desai: Amit Desai, 73 Dublin St N, Guelph ON N1H 4M4\nYou: Sure. Phone?\nAmit Desai: 226-555-0172";
    expect(read(kijiji).address).toMatchObject({
      firstName: 'Amit',
      lastName: 'Desai',
      address1: '73 Dublin St N',
      postalCode: 'N1H 4M4',
      phone: '226-555-0172',
    });
    expect(
      read('Mom: Yes beta. Kamla Sharma, 10 Knightsbridge Rd, apt 1412, Brampton ON L6T 3X5\nMom: ok').address,
    ).toMatchObject({
      firstName: 'Kamla',
      lastName: 'Sharma',
    });
    // "Sault Ste. Marie" keeps its "Ste.".
    expect(read('Jane Doe\n70 Foster Dr, Sault Ste. Marie ON P6A 5X6').address.city).toBe('Sault Ste. Marie');
  });

  it('chats: "pour ma blonde, <name>" wins over a name line; French stamps and acknowledgements are not names; "à <town>" splits the street', () => {
    const marketplace =
      "Marketplace · Chaise Eames (réplique) · 120 $\n\nJonathan Roy\nBonjour! C'est encore dispo?\nVous\nOui! Livraison possible par Purolator.\nJonathan Roy\nParfait. C'est un cadeau pour ma blonde, Sarah-Maude Gingras, je vais te donner son adresse\nJonathan Roy\n5290 rue Fabre, app. 2, Montréal H2J 3W5";
    const filled = read(marketplace).address;
    expect(filled).toMatchObject({ firstName: 'Sarah-Maude', lastName: 'Gingras', address1: '5290 rue Fabre' });
    expect(filled.company).toBeUndefined();
    const slack =
      "#bureau-logistique\nAnnie Lavoie  9 h 12\n@Olivier Caron ton nouvel écran part aujourd'hui, on l'envoie où?\nOlivier Caron  9 h 20\nMerci! Je suis à Saint-Jérôme maintenant : 312 rue De Martigny Ouest, Saint-Jérôme J7Y 2G2\nAnnie Lavoie  9 h 26\nParfait, c'est booké avec Purolator";
    expect(read(slack).address).toMatchObject({
      firstName: 'Olivier',
      lastName: 'Caron',
      address1: '312 rue De Martigny Ouest',
    });
    expect(read('Benoît Thibodeau\n14 rue des Érables à Sainte-Marie, G6E 1A3').address).toMatchObject({
      address1: '14 rue des Érables',
      city: 'Sainte-Marie',
    });
  });

  it('a unit named before the civic number with a dash: "Suite 201 – 4133 4th Ave", "app. 3 – 45, rue Church"', () => {
    expect(read('Colleen Jules\nSuite 201 – 4133 4th Ave\nWhitehorse, Y.T.  Y1A 1H8').address).toMatchObject({
      address1: '4133 4th Ave',
      address2: 'Suite 201',
    });
    expect(read('Rachel Cyr\napp. 3 – 45, rue Church\nEdmundston (Nouveau-Brunswick)  E3V 1J6').address).toMatchObject({
      address1: '45 rue Church',
      address2: 'App. 3',
      province: 'NB',
    });
    // "Room 4-120, Edmonton" is one room number, not a room and a civic number.
    expect(read('11361 87 Ave NW, Room 4-120, Edmonton AB T6G 2E1').address).toMatchObject({
      address1: '11361 87 Ave NW',
      address2: 'Room 4-120',
    });
  });

  it("e-mail replies: quoted lines are read, the short sign-off gives way to the full name, an assistant's or a desk's e-mail is not the recipient's", () => {
    const reply =
      'Yes please ship it — address is in my signature further down. Thx!\n\nAlicia\n\nOn Mar 12, 2025, at 9:47 AM, Renfrew Sales <sales@renfrewsci.ca> wrote:\n\n> Hi Alicia, shall we ship it?\n>\n>> Alicia Fontaine, C.Tech\n>> Water Quality Technician\n>> Riverbend Water Services Inc.\n>> 1351 Kelly Lake Rd, Unit 5\n>> Sudbury ON  P3E 5P5\n>> Office 705.555.0136 | Cell 705.555.0174\n>> afontaine@riverbendwater.ca';
    expect(read(reply).address).toMatchObject({
      firstName: 'Alicia',
      lastName: 'Fontaine',
      company: 'Riverbend Water Services Inc.',
      city: 'Sudbury',
      phone: '705-555-0174',
      email: 'afontaine@riverbendwater.ca',
    });
    const assistant =
      'Hello,\n\nPlease courier the agreement to her attention:\n\nMs. Leilani Santos\nManaging Director\nKalama Coffee Importers Ltd.\n1188 West Pender St, Suite 1450\nVancouver, BC V6E 0A2\n\nKind regards,\n\nBrianna Tso\nExecutive Assistant to Leilani Santos\nKalama Coffee Importers Ltd.\nT 604-555-0100 ext. 2 | brianna.tso@kalamacoffee.com';
    const filled = read(assistant).address;
    expect(filled).toMatchObject({ firstName: 'Leilani', lastName: 'Santos' });
    expect(filled.email).toBeUndefined();
    expect(
      read(
        'Dr. Mehreen Qureshi\n6975 Meadowvale Town Centre Cir, Unit 14\nMississauga ON L5N 2V7\nreception@meadowvaledental.ca',
      ).address.email,
    ).toBeUndefined();
  });

  it('phones and e-mails of a signature: "Phone: … Fax: …" on one line keeps the phone; the assistant who wrote is not the recipient', () => {
    expect(
      read("Shauna Power\n55 Bonaventure Ave\nSt. John's, NL  A1C 3Z3\nPhone: 709-555-0124  Fax: 709-555-0125").address
        .phone,
    ).toBe('709-555-0124');
    expect(read('Jane Roy\n1 Main St\nToronto ON M5H 1A1\n416-555-0199 (fax)  416-555-0100').address.phone).toBe(
      '416-555-0100',
    );
    const assistant =
      "Au nom de M. Dany Simard, je vous confirme l'adresse de livraison :\n\nUsinage Simard-Gauthier inc.\nÀ l'attention de M. Dany Simard\n2480, rue Saint-Dominique\nJonquière (Québec)  G7X 6M1\n\nMarie-Pier Bouchard\nAdjointe à la direction\nUsinage Simard-Gauthier inc.\nmp.bouchard@usinagesg.ca";
    const filled = read(assistant).address;
    expect(filled).toMatchObject({ firstName: 'Dany', lastName: 'Simard' });
    expect(filled.email).toBeUndefined();
  });

  it('chat additions and corrections: a unit given later, a town of two words, "Québec" as the only town', () => {
    const reddit =
      "u/leafsfan_1967: Jordan MacPhee\nu/leafsfan_1967: 58 Fitzroy St\nu/leafsfan_1967: Charlottetown PE C1A 1R4\nu/pixelpusher_yyz: no apt?\nu/leafsfan_1967: oh yeah apt 2, it's a house split in two";
    expect(read(reddit).address).toMatchObject({ firstName: 'Jordan', address1: '58 Fitzroy St', address2: 'Apt 2' });
    expect(lineKind('oh her unit is 4!! basement, side door')).toBe('correction');
    expect(lineKind('Apt 2')).toBe('keep');
    const signal =
      "Ronan: Ronan Gillis, 412 Cobequid Rd, Bedford NS B4A 2M9\nRonan: wait no it's Lower Sackville not Bedford, postal is B4C 2M9\nMe: 👍";
    expect(read(signal).address).toMatchObject({ city: 'Lower Sackville', postalCode: 'B4C 2M9' });
    expect(read('Steve Bilodeau\n2254 boul. Wilfrid-Hamel\nQuébec G1N 3Z6').address).toMatchObject({
      city: 'Québec',
      province: 'QC',
    });
  });

  it("gifts and home deliveries: a relative's e-mail is not the recipient's; a parcel sent home takes no company", () => {
    const gift =
      'Nouvelle commande n° 10544\nCoordonnées du client\nAnnie Bergeron · annie.bergeron@hotmail.com · 418-555-0185\nInformations de livraison\nDestinataire : Gilles Bergeron\nAdresse : 88, rue Lafontaine, Rivière-du-Loup (Québec) G5R 3A1\nTéléphone du destinataire : 418-555-0120';
    const filled = read(gift).address;
    expect(filled).toMatchObject({ firstName: 'Gilles', lastName: 'Bergeron', phone: '418-555-0120' });
    expect(filled.email).toBeUndefined();
    const home =
      "Hi Priscilla,\n\nI'm working from home, so could you send the proofs to my place instead of the office?\n\nApt 4, 210 Clarence St\nOttawa ON K1N 5R1\n\nThanks!\n\nNgozi Eze\nCommunications Advisor\nRideau Policy Group Inc.\nngozi.eze@rideaupolicy.ca";
    const sent = read(home).address;
    expect(sent).toMatchObject({
      firstName: 'Ngozi',
      lastName: 'Eze',
      address1: '210 Clarence St',
      email: 'ngozi.eze@rideaupolicy.ca',
    });
    expect(sent.company).toBeUndefined();
  });

  it('printed forms: fields side by side, blanks, empty fields, numbered titles, "PO Box: 583", a consignee, a gift\'s sender', () => {
    const form =
      'GIFT SUBSCRIPTION ORDER FORM\nSend the magazine to:\nFirst name: Liam          Last name: Fraser\nStreet: 5599 Fenwick St Apt 12B\nCity: Halifax      Prov: N.S.      Postal code: B3H 1R2\n\nThis gift is from:\nName: Moira Fraser\nAddress: 22 Church St, Antigonish N.S.  B2G 2C9\nPhone: 902-555-0177';
    const gift = read(form).address;
    expect(gift).toMatchObject({
      firstName: 'Liam',
      lastName: 'Fraser',
      address2: 'Apt 12B',
      city: 'Halifax',
      postalCode: 'B3H 1R2',
    });
    expect(gift.phone).toBeUndefined();
    const blanks =
      '1. APPLICANT\nSurname: GRUBEN        Given name(s): Lucy\n\n2. MAILING ADDRESS\nApt./Unit: ____   Street No.: ____   Street name: ______\nPO Box: 583       RR: ___\nCity/Town: Inuvik        Province/Territory: NT        Postal code: X0E 0T0';
    const filled = read(blanks).address;
    expect(filled).toMatchObject({
      firstName: 'Lucy',
      lastName: 'Gruben',
      address1: 'PO Box 583',
      city: 'Inuvik',
      province: 'NT',
    });
    expect(filled.company).toBeUndefined();
    expect(filled.address2).toBeUndefined();
    const proforma =
      'PROFORMA INVOICE\nShipper: Northern Lights Candle Works, 18 Selkirk Ave, Thompson MB R8N 0M5\nConsignee:\nKivalliq Trading Post Ltd.\nAttn: Simon Kigusiuq\nPO Box 450\nRankin Inlet NU  X0C 0G0\nTel 867-555-0108';
    expect(read(proforma).address).toMatchObject({
      firstName: 'Simon',
      address1: 'PO Box 450',
      city: 'Rankin Inlet',
      province: 'NU',
    });
    expect(read('Wade Hryniuk\nSITE 14 BOX 22 RR 1\nDIDSBURY AB  T0M 0W0').address.address1).toBe(
      'Site 14 Box 22 RR 1',
    );
    expect(read('Gerald Ng\nPO BOX 2780 STN TERMINAL\nVANCOUVER BC  V6B 3X2').address.address1).toBe(
      'PO Box 2780 Stn Terminal',
    );
  });

  it("the billing block's e-mail is the recipient's when it bears their name (an order to oneself)", () => {
    const order =
      'Adresse de facturation\nMathieu Gagnon\n3275 chemin Sainte-Foy\nQuébec (Québec) G1X 1S2\nmathieu.gagnon@videotron.ca\n\nAdresse de livraison\nMathieu Gagnon\nGagnon Lavoie avocats inc.\n400 boul. Jean-Lesage, bureau 210\nQuébec (Québec) G1K 8W1';
    expect(read(order).address).toMatchObject({
      address1: '400 boul. Jean-Lesage',
      email: 'mathieu.gagnon@videotron.ca',
    });
    const gift =
      'Billing address\nJohn Smith\n1 Elm St\nToronto ON M4W 1A1\njohn.smith@example.com\n\nShipping address\nMary Smith\n2 Oak Ave\nOttawa ON K1N 5Y8';
    expect(read(gift).address.email).toBeUndefined();
  });

  it('Chinese chats: "我是…的林怡君" names the writer, "收件人請寫：" is the label, a note in brackets is no part of the name', () => {
    expect(
      read('您好～我是在蝦皮上下單的林怡君，麻煩寄到：\n1001 rue Sanguinet, app. 804\nMontréal H2X 3E7').address,
    ).toMatchObject({
      lastName: '林',
      firstName: '怡君',
    });
    expect(
      read('收件人請寫：何志強 Raymond Ho（我老闆，佢會轉交俾我）\n地址：3331 Viking Way, Unit 8, Richmond BC V6V 1X7')
        .address,
    ).toMatchObject({ firstName: 'Raymond', lastName: 'Ho', address2: 'Unit 8' });
  });

  it('"City/State: Portland, Oregon" is the city and the state', () => {
    expect(
      read('Name: Declan Mercer\nAddress: 3316 SE Belmont St\nCity/State: Portland, Oregon\nZIP: 97214').address,
    ).toMatchObject({
      city: 'Portland',
      province: 'OR',
      postalCode: '97214',
      country: 'US',
    });
    expect(
      read('Nom : Émilie Roy\nAdresse : 12 rue Saint-Jean\nVille : Québec, QC\nCode postal : G1R 1N4').address,
    ).toMatchObject({
      city: 'Québec',
      province: 'QC',
    });
  });

  it('signatures: a blank line between title and company, "Ph. D.", a room like "5D34"', () => {
    const clinic =
      'Thanks,\nDr. Claire Vandenberg\nAssociate Veterinarian\n\nNorfolk Mixed Animal Clinic\nClinic: 1274 Highway 24, Simcoe ON N3Y 4K5\nMail: PO Box 511, Simcoe ON N3Y 4N5';
    expect(read(clinic).address).toMatchObject({ company: 'Norfolk Mixed Animal Clinic', address1: '1274 Highway 24' });
    expect(
      read(
        'Camille Nguyen-Tremblay, Ph. D.\nUniversité Laval\nPavillon Alexandre-Vachon, local 3258\n1045, avenue de la Médecine\nQuébec (Québec)  G1V 0A6',
      ).address,
    ).toMatchObject({ lastName: 'Nguyen-Tremblay', company: 'Université Laval', address2: 'Local 3258' });
    expect(read('Seun Adebayo\n51 Campus Drive, Room 5D34\nSaskatoon, SK  S7N 5A8').address.address2).toBe('Room 5D34');
  });

  it('e-mails written for someone: "on behalf of <name>", closings in any language, pronouns, header lines, a dock phone', () => {
    const behalf =
      "From: Jessica Liu <jliu@bowriverlaw.ca>\nTo: Deliveries <deliveries@northstarcouriers.ca>\nCc: Hannah Wojcik <hwojcik@bowriverlaw.ca>\n\nHello,\nI'm writing on behalf of Hannah Wojcik. Could you please deliver the package to Ms. Wojcik at our Calgary office?\n\nThank you,\nJessica Liu\nLegal Assistant\nBow River Law LLP\nCalgary: Suite 1600, 333 7 Ave SW, Calgary AB T2P 2Z1";
    expect(read(behalf).address).toMatchObject({
      firstName: 'Hannah',
      lastName: 'Wojcik',
      email: 'hwojcik@bowriverlaw.ca',
    });
    const ekosi =
      'Please put my name on the boxes.\n\nEkosi,\n\nDakota Spence (she/her)\nYouth Program Coordinator\nNorthern Star Indigenous Youth Centre Inc.\n181 Higgins Ave, Suite 212\nWinnipeg, Manitoba R3B 3G1';
    expect(read(ekosi).address).toMatchObject({
      firstName: 'Dakota',
      lastName: 'Spence',
      company: 'Northern Star Indigenous Youth Centre Inc.',
    });
    // No sign-off: the name with a job title under it signs, and its company is the one line under the title
    // (not a branch named past a blank line).
    const unsigned =
      'Ship the two survey kits to the Regina office please.\n\nMateus\n\nMateus Oliveira, P.Geo. (he/him)\nField Geologist\nFlatland Drilling Services Ltd.\n\nSaskatoon Yard · 3302 Millar Ave, Saskatoon SK S7K 5Y2\nRegina office: 2050 Cornwall St, Regina SK S4P 2K5';
    expect(read(unsigned).address).toMatchObject({
      firstName: 'Mateus',
      lastName: 'Oliveira',
      company: 'Flatland Drilling Services Ltd.',
      city: 'Regina',
    });
    const branch =
      'Regards,\n\nNoor Haddad (she/her)\nChildren’s Librarian\nLethbridge Public Library\n\nMain Branch · 810 5 Ave S, Lethbridge AB T1J 4C4';
    expect(read(branch).address).toMatchObject({ firstName: 'Noor', company: 'Lethbridge Public Library' });
    // Buttons of an order page are not a signer with a job under them.
    expect(
      readPaste(
        'Ship to\nAmy Chen\n12 Elm St\nGuelph ON N1H 1A1\n\nAdd tracking number\nContact buyer\nCancel order',
        'address',
      ).signature,
    ).toEqual({});
    const initial =
      'From: Oksana Petrenko <oksana.petrenko@mcmaster.ca>\nTo: Bluebird Books <orders@bluebirdbooks.ca>\n\nship to 1650 Main St W, Hamilton ON L8S 1G3 please\n\nthanks\nO.';
    const filled = read(initial).address;
    expect(filled).toMatchObject({ firstName: 'Oksana', lastName: 'Petrenko', email: 'oksana.petrenko@mcmaster.ca' });
    expect(filled.company).toBeUndefined();
    expect(
      read(
        'Coastal Marine Supply Ltd.\nAttn: Hamid Rahimi\n8035 Enterprise St\nBurnaby, BC V5A 1V5\nDock phone: 604-555-0157',
      ).address,
    ).toMatchObject({
      firstName: 'Hamid',
      phone: '604-555-0157',
    });
  });

  it('a forward without an address of its own: the forwarded message and its signature are read', () => {
    const forward =
      "Bonjour,\nJe vous transfère le message de notre directrice. C’est elle qui recevra les portables.\nAmélie Nadeau\nIntervenante jeunesse\n450 555-0102\n-----Message d'origine-----\nDe : Fatou Diallo <fdiallo@mdjvl.org>\nObjet : Livraison des portables\nAmélie, peux-tu dire au fournisseur d’envoyer les 8 portables à mon attention?\nFatou Diallo\nDirectrice générale\nMaison des jeunes du Vieux-Longueuil\n150, rue Grant\nLongueuil (Québec)  J4H 3H6\nCellulaire : 514 555-0149\nfdiallo@mdjvl.org";
    expect(read(forward).address).toMatchObject({
      firstName: 'Fatou',
      lastName: 'Diallo',
      address1: '150 rue Grant',
      phone: '514-555-0149',
      email: 'fdiallo@mdjvl.org',
    });
    expect(lineKind('Warmly,')).toBe('noise');
    expect(lineKind('Toronto,')).toBe('keep');
  });

  it('chats: "put <name> on it", "under my name, <name>", a surname written in full elsewhere, parts apart by slashes', () => {
    expect(read('Apt 7, 1020 Temperance St\nSaskatoon S7N 0M9\nput Dr. Amina Yusuf on it lol').address).toMatchObject({
      firstName: 'Amina',
      lastName: 'Yusuf',
    });
    expect(
      read(
        'Mike B. · Jun 3\nSent. Ship it to the shop. Put it under my name, Mike Bérubé\nNorthern Tire & Auto Ltd\n1379 Kingsway\nSudbury ON P3B 2E9',
      ).address,
    ).toMatchObject({ firstName: 'Mike', lastName: 'Bérubé', company: 'Northern Tire & Auto Ltd' });
    expect(
      read('Graham W.\nCottage: 1066 Peninsula Rd, Port Carling ON P0B 1J0\nGraham Whitfield, 416-555-0129').address,
    ).toMatchObject({ firstName: 'Graham', lastName: 'Whitfield' });
    expect(read('jade nguyen / 1025 5 ave sw suite 1402 / calgary ab t2p 1n4 / 587-555-0131').address).toMatchObject({
      firstName: 'Jade',
      lastName: 'Nguyen',
      address2: 'Suite 1402',
      city: 'Calgary',
    });
  });

  it('greetings and closings of more languages are not names', () => {
    for (const line of ['Tansi Kevin,', 'Boozhoo,', 'JazakAllah khair,', 'Merci encore,'])
      expect({ line, kind: lineKind(line) }).toEqual({ line, kind: 'noise' });
    expect(lineKind('Saint-Jérôme,')).toBe('keep');
  });

  it('a name said at the end of a chat line stops at the line; a billing block of the same person with a title gives the phone', () => {
    expect(
      read(
        'Numéro civique : 1215\nRue : rue Principale Ouest\nVille : Magog\nCode postal : J1X 2B3\nAh et mon nom complet c’est Léa-Rose Gagnon-Rivard\nTéléphone : 819-555-0145',
      ).address,
    ).toMatchObject({ firstName: 'Léa-Rose', lastName: 'Gagnon-Rivard', phone: '819-555-0145' });
    const slip =
      'Shipping Address:\nDr. Rebecca Saint-Amand\nNorthern Roots Naturopathic Clinic\n1040 Algonquin Ave, Unit 3\nNorth Bay, ON P1B 4Y2\nBilling Address:\nRebecca Saint-Amand\n12 Lakeshore Dr\nNorth Bay, ON P1A 2A8\n705-555-0168';
    expect(read(slip).address).toMatchObject({ address1: '1040 Algonquin Ave', phone: '705-555-0168' });
  });

  it('chats: "his name is …" over "for my bf …", "Carol Henderson here", Telegram stamps name the writer', () => {
    const dm =
      "it's a gift for my bf tho so send it to him\nhis name is tyler brooks\n182 james st\nottawa\nk1r 5m5\nhis cell is 613 555 0190";
    expect(read(dm).address).toMatchObject({ firstName: 'Tyler', lastName: 'Brooks', city: 'Ottawa' });
    expect(
      read(
        'Hi Jenn! Carol Henderson here. Could you ship the new one down here?\n2150 Gulf Shore Blvd N, Unit 306\nNaples, Florida 34102',
      ).address,
    ).toMatchObject({ firstName: 'Carol', lastName: 'Henderson', province: 'FL' });
    const telegram =
      'Olena Kovalenko, [2024-10-14 9:32 AM]\nMy address: 180 Roslyn Rd, apt 305, Winnipeg, MB R3L 0G7\nVasyl | Craft Shop, [2024-10-14 9:40 AM]\nThanks! Total with shipping $96';
    expect(read(telegram).address).toMatchObject({ firstName: 'Olena', lastName: 'Kovalenko', address2: 'Apt 305' });
  });

  it('"Hey Sarah here" names Sarah, not "Hey Sarah"', () => {
    expect(read('Hey Sarah here! 12 King St W, Toronto M5H 1A1').address).toMatchObject({ firstName: 'Sarah' });
    expect(read('Hey Sarah here! 12 King St W, Toronto M5H 1A1').address.lastName).toBeUndefined();
  });

  it("more titles, a carrier's service line, 'Organisme :', 'Informations d'expédition' and a name written twice", () => {
    for (const line of ['Associé', 'Biomedical Engineering Technologist', 'Postes Canada – Colis standard', 'Messages'])
      expect({ line, kind: lineKind(line) }).toEqual({ line, kind: 'noise' });
    expect(
      read(
        'Nom : Chloé Gauvin\nOrganisme : Services juridiques Gauvin inc.\nAdresse : 666 Burrard St\nVille : Vancouver\nCode postal : V6C 2X8',
      ).address.company,
    ).toBe('Services juridiques Gauvin inc.');
    const wix =
      'Article   Qté   Prix\nSavon × 2   48,00 $\nInformations d’expédition\nMathilde Arsenault\n67 rue Victoria, app. 5\nEdmundston, Nouveau-Brunswick, E3V 2H4\nInformations sur le client\nMathilde Arsenault\nmathilde.arsenault@umoncton.ca';
    expect(read(wix).address).toMatchObject({ firstName: 'Mathilde', lastName: 'Arsenault', address2: 'App. 5' });
    const twice =
      'Customer info\nJi-hoon Baek\n\nDelivery details\nJi-hoon Baek\n13688 100 Ave, Unit 1704\nSurrey, British Columbia V3T 0G5';
    expect(read(twice).address.company).toBeUndefined();
  });

  it('attack review: none of these is misread', () => {
    const cases: [string, Record<string, string>][] = [
      [
        'Hello, I am writing on behalf of Dr. Ahmed Khan. Please ship the samples to our lab manager:\nSara Malik\n9 Bay St\nToronto ON M5J 2R8',
        { firstName: 'Sara', lastName: 'Malik' },
      ],
      ['Sent on behalf of Dr. Ahmed Khan\nShip to: Sara Malik\n9 Bay St\nToronto ON M5J 2R8', { firstName: 'Sara' }],
      [
        "You: hey can you ship the blanket to my sister? she lives at 55 Elm St, Guelph ON N1H 2K8\nPriya: sure what's her name\nYou: Anika Rao\nPriya: ok our pickup is 10 King St, Toronto ON M5H 1A1",
        { address1: '55 Elm St', city: 'Guelph', postalCode: 'N1H 2K8' },
      ],
      [
        'Marie Tremblay\n55 Rue du Moulin à Vent, Laval, QC H7N 3K2',
        { address1: '55 Rue du Moulin à Vent', city: 'Laval' },
      ],
      ['Ann Lee\n17 Shops in Bayview Village, Toronto ON M2K 1E6', { address1: '17 Shops in Bayview Village' }],
      ['Jane Doe\n5 Main St\nTsawwassen,\nBC V4M 1A1', { city: 'Tsawwassen' }],
      [
        'City: Port Washington\nName: Ann Lee\nAddress: 5 Main St\nState: NY\nZip: 11050',
        { city: 'Port Washington', province: 'NY' },
      ],
      [
        "Hi! I'm in apt 5 most evenings, ship to Jane Doe 12 Elm St Toronto ON M4C 1B5",
        { firstName: 'Jane', lastName: 'Doe' },
      ],
      [
        "Jane Lee\nSuite 5 - 300 Main St\nSaskatoon SK S7K 1A1\nsorry it's unit 5 not suite 5",
        { address1: '300 Main St', address2: 'Unit 5' },
      ],
    ];
    for (const [text, want] of cases) expect({ text, got: read(text).address }).toMatchObject({ text, got: want });
    expect(
      read("Hi! I'm in apt 5 most evenings, ship to Jane Doe 12 Elm St Toronto ON M4C 1B5").address.address2,
    ).toBeUndefined();
  });

  it('a bilingual closing opens the signature, and a building line under the company is not the company', () => {
    const sig =
      'Merci pour la soumission.\n\nCordialement / Best regards,\nSylvie Cormier-LeBlanc, Ph. D.\nProfesseure agrégée | Associate Professor\nUniversité de Moncton\nPavillon Rémi-Rossignol\n18, avenue Antonine-Maillet\nMoncton (N.-B.)  E1A 3E9';
    expect(read(sig).address).toMatchObject({
      firstName: 'Sylvie',
      lastName: 'Cormier-LeBlanc',
      company: 'Université de Moncton',
      address1: '18 avenue Antonine-Maillet',
    });
  });

  it('a chat\'s lower-case saint\'s street is a street, and "mtl" is Montréal', () => {
    expect(read('Maxime: 4410 st-denis app 3 mtl qc h2j 2l1').address).toMatchObject({
      address1: '4410 St-Denis',
      address2: 'App. 3',
      city: 'Montréal',
      province: 'QC',
    });
    expect(read('200 ste-catherine o\nMTL QC H2X 1L1').address).toMatchObject({ city: 'Montréal' });
  });

  it('"its Lakeshore Rd W not E" changes the direction, not the street type', () => {
    const chat =
      'Tomás Aguilar, 1345 Lakeshore Rd E, Oakville ON L6L 1G9\nsorry its Lakeshore Rd W not E 🤦 E is the other side of downtown';
    expect(read(chat).address.address1).toBe('1345 Lakeshore Rd W');
  });

  it('"ton nom c\'est Danick LeBlanc sur le label" ends the name before "sur"', () => {
    const chat =
      "Danick: 155 rue Botsford app. 5 Moncton NB E1C 4X6\nRémi: ok ton nom c'est Danick LeBlanc sur le label right?\nDanick: yes";
    expect(read(chat).address).toMatchObject({ firstName: 'Danick', lastName: 'LeBlanc' });
  });

  it("someone else's shop keeps its own company line; the signer's company goes only to the signer", () => {
    const mail =
      "For the replacement bolts, don't send them to me, send them to my wife's shop:\n\nGrace MacDonald\nIsland Threads\n98 Queen St\nCharlottetown PE C1A 4B1\n902-555-0128\n\nEwan\n\nEwan MacDonald\nMaintenance Planner\nStratford Food Processors Inc.\n11 Mason Rd, Stratford PE C1B 2G2";
    expect(read(mail).address).toMatchObject({ firstName: 'Grace', company: 'Island Threads', city: 'Charlottetown' });
  });

  it('"K.C." after a name is a credential, not the company', () => {
    const block =
      'New address:\nKevin Pelletier, K.C.\nPelletier Wolfe LLP\n1801 Hamilton St, Suite 600\nRegina SK S4P 4B4';
    expect(read(block).address).toMatchObject({ lastName: 'Pelletier', company: 'Pelletier Wolfe LLP' });
  });

  it('"Msit No\'kmaq," and "Wela\'lin," are closings, not names', () => {
    const mail =
      "Please send everything to my attention.\n\nMsit No'kmaq,\nTanya\n\nTanya Paul (she/her)\nProgram Manager\nKespu'kwitk Community Development Society\nUnit 3, 202 Brownlow Ave, Dartmouth NS B3B 1T5\nCell 902-555-0135";
    expect(read(mail).address).toMatchObject({
      firstName: 'Tanya',
      lastName: 'Paul',
      company: "Kespu'kwitk Community Development Society",
    });
    expect(read("Wela'lin,\nMary Denny\n5 Pine Rd\nEskasoni NS B1W 1A1").address).toMatchObject({ firstName: 'Mary' });
  });

  it('a long "On …, Shop <e-mail> wrote:" line cuts the quoted message off when the reply gives the address', () => {
    const mail =
      'Could you resend it to:\n\nAarav Mehta\n57 Cheapside St Bsmt\nLondon ON N6A 2A2\n\nThank you so much!\nAarav\n\nOn Feb 20, 2025, at 3:02 PM, Forest City Coffee Roasters <hello@forestcitycoffee.ca> wrote:\n\n> Hi Aarav,\n> Cheers,\n> Jen @ Forest City Coffee Roasters\n> 630 Dundas St, London ON N5W 2Z8';
    const { address } = read(mail);
    expect(address).toMatchObject({ firstName: 'Aarav', address1: '57 Cheapside St', address2: 'Bsmt' });
    expect(address.company).toBeUndefined();
    expect(address.email).toBeUndefined();
  });

  it('"Attn: Receiving" sends it to a desk: the signer is not named on it, nor their e-mail', () => {
    const mail =
      'Please address the shipment to our Receiving department.\n\nShip to:\nPrairie Sky Grain Co-operative Ltd.\nAttn: Receiving\n1875 Victoria Ave E\nRegina SK S4N 6E6\n\nThanks,\n\nBogdan Kowalczyk\nOperations Supervisor\nPrairie Sky Grain Co-operative Ltd.\nbkowalczyk@prairieskygrain.ca';
    const { address } = read(mail);
    expect(address).toMatchObject({ company: 'Prairie Sky Grain Co-operative Ltd.', address1: '1875 Victoria Ave E' });
    expect(address.firstName).toBeUndefined();
    expect(address.email).toBeUndefined();
  });

  it('"envoyer chez moi" under a signature whose title gives grades ("4e et 5e secondaire"): the school is no company', () => {
    const mail =
      "Comme l'école est fermée pendant la relâche, pourriez-vous plutôt les envoyer chez moi?\n\n455, boul. des Laurentides, app. 4\nLaval (Québec) H7G 2T9\n\nMerci encore et bonne fin de journée!\n\nÉlise Saint-Onge\nEnseignante de français, 4e et 5e secondaire\nÉcole secondaire Georges-Vanier\n3995, boul. Lévesque Est, Laval (Québec) H7E 2R3";
    const { address } = read(mail);
    expect(address).toMatchObject({
      firstName: 'Élise',
      lastName: 'Saint-Onge',
      address1: '455 boul. des Laurentides',
    });
    expect(address.company).toBeUndefined();
  });

  it("a forwarded customer's address takes no company from the forwarder's signature, but keeps their own", () => {
    const forward =
      'Can you ship the cartridge to this customer? - Dev\n\n---------- Forwarded message ---------\nFrom: Noor Al-Khatib <noor.alkhatib@gmail.com>\nSubject: we moved!\n\nMy new address is:\n\nNoor Al-Khatib\n10925 87 Ave NW\nEdmonton AB T6G 0X4\n\nNoor\n\n--\nDev Malhotra\nCustomer Care Lead | Clear Springs Water Co.\n7500 Martin Grove Rd, Unit 6, Woodbridge ON L4L 8H2';
    const { address } = read(forward);
    expect(address).toMatchObject({ firstName: 'Noor', city: 'Edmonton', email: 'noor.alkhatib@gmail.com' });
    expect(address.company).toBeUndefined();
    const colleague =
      'Can you send Kyle a headset? - M\n\nBegin forwarded message:\n\nFrom: Kyle Monias <kmonias@redriverhealth.mb.ca>\nSubject: Headset\n\nPlease send it there.\n\nMiigwech,\n\nKyle Monias\nIntake Coordinator\nRed River Community Health Authority\n409 Taché Ave, Room E-210\nWinnipeg, MB R2H 2A6\n\n--\nMarisol Duarte\nIT Asset Coordinator\nRed River Community Health Authority\n650 Main St, Winnipeg MB R3B 1E2';
    expect(read(colleague).address).toMatchObject({
      firstName: 'Kyle',
      company: 'Red River Community Health Authority',
    });
  });

  it('Messenger copied as text: the user\'s own e-mail under "You sent" is not the buyer\'s', () => {
    const chat =
      'Mike\nOk deal. E-transfer to what email?\nYou sent\nryan.koh88@gmail.com\nMike\nAddress is 63 Aspen Stone Way SW Calgary AB T3H 5Y9\nMike\nName on it should be Mikhail Petrenko\nMike\n403 555 0125';
    const { address } = read(chat);
    expect(address).toMatchObject({
      firstName: 'Mikhail',
      lastName: 'Petrenko',
      city: 'Calgary',
      phone: '403-555-0125',
    });
    expect(address.email).toBeUndefined();
  });

  it("the signer's e-mail under their name is theirs when they ship to someone of the same surname", () => {
    const mail =
      "C'est pour ma mère, svp l'envoyer chez elle :\n\nMme Marie-Ange Pierre-Louis\n8451, boul. Pie-IX, app. 12\nMontréal (QC) H1Z 3T8\n\nMerci de votre aide,\n\nJean-Robert Pierre-Louis\nTechnicien en informatique\njr.pierrelouis@gmail.com";
    const { address } = read(mail);
    expect(address).toMatchObject({ firstName: 'Marie-Ange', lastName: 'Pierre-Louis' });
    expect(address.email).toBeUndefined();
    const own =
      'Merci!\n\nChef Antoine Vézina\nRestaurant Le Quai 17 inc.\n17 rue Saint-Pierre\nQuébec (Québec) G1K 4A1\nantoine@lequai17.ca';
    expect(read(own).address).toMatchObject({ lastName: 'Vézina', email: 'antoine@lequai17.ca' });
  });

  it('"Put Wayne Skinner\'s name on it": the possessive ends the name', () => {
    const mail =
      "Send them to the plant, not to me. Put Wayne Skinner's name on it, he runs the dock.\n\nHarbour Breton Plant\n1 Marine Dr, Harbour Breton NL A0H 1P0";
    expect(read(mail).address).toMatchObject({ firstName: 'Wayne', lastName: 'Skinner' });
  });

  it('"Owner, Paper Crane Stationery" gives the company, and a phone\'s "(shop)" is no company', () => {
    const mail =
      "We've moved! Please use the new address below.\n\nWarmly,\nTheo\n\nTheo Vandermeer\nOwner, Paper Crane Stationery\nNEW (from June 1): 2-118 Richmond St, Charlottetown PE C1A 1H9\nold: 154 Queen St, Charlottetown PE C1A 4B5\n902-555-0135 (shop) · 902-555-0189 (cell)";
    expect(read(mail).address).toMatchObject({
      company: 'Paper Crane Stationery',
      address1: '118 Richmond St',
      address2: 'Unit 2',
    });
  });

  it('an e-mail header\'s "To:" is no ship-to heading; "at our Kelowna branch, not head office in Vernon" picks the Kelowna address', () => {
    const mail =
      'From: Donna McAllister <dmcallister@okanaganirrigation.ca>\nSent: Wednesday, April 9, 2025 11:20 AM\nTo: Parts Desk <parts@westcoastpumps.ca>\nSubject: FW: Pump seal kit\n\nPlease send it to him at our Kelowna branch, not head office in Vernon — his details are below.\n\nThanks,\nDonna\nOffice Manager, Okanagan Irrigation Supply Ltd.\n3001 31st St, Vernon BC V1T 5J8 | 250-555-0100\n\nFrom: Raj Dhaliwal <rdhaliwal@okanaganirrigation.ca>\nSent: Tuesday, April 8, 2025 4:48 PM\nTo: Donna McAllister\nSubject: Pump seal kit\n\nDonna, can you order a seal kit?\n\nRaj Dhaliwal\nBranch Manager – Kelowna\nOkanagan Irrigation Supply Ltd.\n1960 Windsor Rd, Kelowna BC V1Y 4R5\nMobile 250-555-0168';
    expect(read(mail).address).toMatchObject({
      firstName: 'Raj',
      lastName: 'Dhaliwal',
      address1: '1960 Windsor Rd',
      city: 'Kelowna',
      email: 'rdhaliwal@okanaganirrigation.ca',
    });
  });

  it('a floor by its ordinal ("2nd Floor", "12th floor", "6e étage") is the second line, after a unit', () => {
    expect(read('2nd Floor, 4133 4th Ave\nWhitehorse, Yukon Y1A 1H8').address).toMatchObject({
      address1: '4133 4th Ave',
      address2: 'Floor 2',
    });
    expect(read('150 Metcalfe St\n6e étage\nOttawa ON K1P 1P2').address.address2).toBe('Floor 6');
    expect(read('460 King St W, Suite 210, 3rd Floor\nToronto ON M5V 1L7').address.address2).toBe('Suite 210');
  });

  it('a company written in Latin letters and Chinese is written in Latin letters, as the carrier prints it', () => {
    const block = 'Chen Siyuan\nMaple Harvest Trading Inc.(枫收贸易有限公司)\n4350 Still Creek Dr\nBurnaby BC V5C 0G5';
    expect(read(block).address.company).toBe('Maple Harvest Trading Inc.');
    expect(read('鸿达贸易有限公司 Hongda Trading Ltd.\n88 Esna Park Dr\nMarkham ON L3R 1E1').address.company).toBe(
      'Hongda Trading Ltd.',
    );
  });

  it('French chats: "Yo c\'est Max" is no name line, "X pour le nom" names the person, "nom de famille c\'est Gallant" the surname, "Moi:" speaks once', () => {
    expect(
      read("Yo c'est Max\n4410 st-denis app 3 mtl h2j 2l1\nMaxime Lalonde-Hébert pour le nom").address,
    ).toMatchObject({ firstName: 'Maxime', lastName: 'Lalonde-Hébert' });
    expect(
      read(
        "hey c'est Mélanie\n45 rue Main app 2\nshediac nb E4P 2A1\nah pis mon nom de famille c'est Gallant astheure, pas Bourque",
      ).address,
    ).toMatchObject({ firstName: 'Mélanie', lastName: 'Gallant' });
    const chat =
      'Sam: hey tu peux tu envoyer les billets à ma job?\nSam: Studio Pixelune inc, 5445 av de Gaspé bureau 610, mtl H2T 3B2\nSam: a/s Samuel Nguyen-Lavoie\nMoi: parfait je poste ça demain';
    expect(read(chat).address).toMatchObject({ firstName: 'Samuel', lastName: 'Nguyen-Lavoie' });
  });

  it('chats: "under dani kowalchuk" names the recipient beside stamped speakers; curly quotes around an address; a double-barrelled surname', () => {
    const stamped =
      "[2:14 PM] Me: hey what's the address?\n[2:16 PM] Dani: 5-1480 rosser ave brandon mb r7a 0m5\n[2:16 PM] Dani: under dani kowalchuk\n[2:17 PM] Me: 👍 got it";
    expect(read(stamped).address).toMatchObject({
      firstName: 'Dani',
      lastName: 'Kowalchuk',
      address1: '1480 Rosser Ave',
    });
    const quoted =
      'Evangeline: Could you send it to “57 Aberdeen St, Fredericton NB E3B 1R5” instead?\nEvangeline: keep my name on it — Evangeline Batiste-Ward\nYou: No problem!';
    expect(read(quoted).address).toMatchObject({
      firstName: 'Evangeline',
      lastName: 'Batiste-Ward',
      address1: '57 Aberdeen St',
    });
  });

  it('"c/o Liz Weasel Head" keeps a surname of two words over the sign-off "Liz"', () => {
    const mail =
      'From: Liz Weasel Head <lizweaselhead@gmail.com>\n\nShip to my work pls:\n\nKainai Wellness Centre\nc/o Liz Weasel Head\nBox 418\nStandoff AB T0L 1Y0\n\nThanks so much!!\nLiz';
    expect(read(mail).address).toMatchObject({
      firstName: 'Liz',
      lastName: 'Weasel Head',
      company: 'Kainai Wellness Centre',
    });
  });

  it('"… the 2 cases of the 750 mL bottles. Send it to:" heads the block, so its "Warehouse line" is the phone', () => {
    const mail =
      "Yes, please go ahead with the 2 cases of the 750 mL amber bottles. Our head office address is in my signature but please DON'T ship there. Send it to:\n\nAttn: Darnell Okafor, Receiving\nPrairie Fermentation Co. Ltd.\n1150 Pacific Ave, Unit 4\nBrandon, MB  R7A 0J2\nWarehouse line: 204-555-0186\n\nCheers,\n\nHeather Lindqvist\nPurchasing Coordinator\nPrairie Fermentation Co. Ltd.\nHead Office: 734 Rosser Ave, Brandon, MB R7A 0K6\nT 204.555.0141 | C 204.555.0199";
    expect(read(mail).address).toMatchObject({
      firstName: 'Darnell',
      address1: '1150 Pacific Ave',
      phone: '204-555-0186',
    });
  });

  it('"250-555-0145 (yard)" under "Yard / deliveries:" is the phone, over the cell', () => {
    const sig =
      'Deb Sorensen\nOwner\nHarewood Greenhouses Ltd.\nMailing: PO Box 2314 Stn A, Nanaimo BC V9R 6X5\nYard / deliveries: 1985 Bowen Rd, Nanaimo BC V9S 1H7\n250-555-0145 (yard) • 250-555-0187 (cell)';
    expect(read(sig).address).toMatchObject({ address1: '1985 Bowen Rd', phone: '250-555-0145' });
  });

  it('"Tomás and Lucía Herrera" with "Tomás\'s cell is …": Tomás and his cell, over the writer\'s', () => {
    const mail =
      "Could you send the basket to my clients? Their new place:\n\nTomás and Lucía Herrera\n47 Belvedere Ave\nCharlottetown PE  C1A 6B3\n\nTomás's cell is 902-555-0132 if the driver needs it. Put it under his name.\n\nThanks!\n\nKelly-Ann MacPhee\nRed Sands Realty Ltd.\nCell 902-555-0190 | Office 902-555-0155";
    expect(read(mail).address).toMatchObject({ firstName: 'Tomás', lastName: 'Herrera', phone: '902-555-0132' });
  });

  it('"a/s M. Jean-Philippe Côté, réception" and "a/s Luc Paquet-Morin (chantier)" name the person over the signer', () => {
    const mail =
      "Livre ça directement sur le chantier, c'est Luc qui est contremaître là-bas.\n\nConstruction Roy & Fils inc.\na/s Luc Paquet-Morin (chantier)\n5820, rue Saint-Georges\nLévis QC G6V 4M9\nCell Luc : 418 555-0119\n\nMerci!\n\nSylvain Roy\nChargé de projets\nConstruction Roy & Fils inc.\nT 418 555-0146 | C 418 555-0153\nsylvain@constructionroy.qc.ca";
    const { address } = read(mail);
    expect(address).toMatchObject({
      firstName: 'Luc',
      lastName: 'Paquet-Morin',
      company: 'Construction Roy & Fils inc.',
    });
    expect(address.email).toBeUndefined();
    const plant =
      'Usine de Sherbrooke\nLes Aliments Vallée-Verte Ltée\na/s M. Jean-Philippe Côté, réception\n2755, rue Léger\nSherbrooke (Québec)  J1L 1Y4';
    expect(read(plant).address).toMatchObject({
      firstName: 'Jean-Philippe',
      lastName: 'Côté',
      company: 'Les Aliments Vallée-Verte Ltée',
    });
  });

  it('"à notre case postale, alors …" is a sentence; "Put my name on it not Grandpa\'s, Jo Ostrowski"; Kijiji\'s "Name — Mar 3" stamps', () => {
    const mail =
      "Je vous confirme la commande des 3 boîtes de livres. Ici aux Îles, on reçoit tout à notre case postale, alors merci d'utiliser Postes Canada.\n\nAu plaisir,\n\nJosée Arseneau\nResponsable\nBibliothèque des Îles\nC.P. 1145\nCap-aux-Meules (Québec)  G4T 1S3";
    expect(read(mail).address).toMatchObject({ firstName: 'Josée', lastName: 'Arseneau', address1: 'C.P. 1145' });
    const grandma =
      "Nana Jo\nToday 10:02 AM\nHoney did you get our new address??\n1550 dunlop st e apt 308\nbarrie L4M 1T5\nPut my name on it not Grandpa's, Jo Ostrowski, the concierge knows me";
    expect(read(grandma).address).toMatchObject({ firstName: 'Jo', lastName: 'Ostrowski' });
    const kijiji =
      "Gurpreet S. — Mar 3\nhi bro i'll take them\n\nYou — Mar 3\nSure, send me your full name and address\n\nGurpreet S. — Mar 3\ngurpreet sandhu\n14770 88 ave\nsurrey bc\nv3s 2r2";
    expect(read(kijiji).address).toMatchObject({ firstName: 'Gurpreet', lastName: 'Sandhu', city: 'Surrey' });
  });

  it('a department line next to the name gives way to the company under it ("IT Services" / "Lakeview Analytics Inc.")', () => {
    const block =
      'Priya Natarajan\nIT Services, 6th Floor\nLakeview Analytics Inc.\n150 Metcalfe St\nOttawa ON K2P 1P1';
    expect(read(block).address).toMatchObject({ company: 'Lakeview Analytics Inc.', address2: 'Floor 6' });
    const comma =
      'Kirsten Olafsdottir\nCascadia Freight Analytics, Inc.\n1201 3rd Ave, Suite 2200\nSeattle, WA 98101-3045';
    expect(read(comma).address.company).toBe('Cascadia Freight Analytics, Inc.');
  });

  it('one number for another without a word of excuse ("it\'s 1421 not 1412!!", "係1410唔係1401", "the suite is 410, not 401")', () => {
    const chat =
      "[2025-02-02, 18:05:02] Mom: Kamla Sharma, 10 Knightsbridge Rd, apt 1412, Brampton ON L6T 3X5\n[2025-02-02, 18:07:44] Priyanka: Mom it's 1421 not 1412!! I was there Sunday";
    expect(read(chat).address.address2).toBe('Apt 1421');
    expect(
      read('地址：1320 1 St SE, Unit 1401, Calgary AB T2G 0G8\nSorry 單位打錯 係1410唔係1401').address.address2,
    ).toBe('Unit 1410');
    const mail = 'Sorry, one correction — the suite is 410, not 401.\n\n1 King St W, Suite 401\nHamilton ON L8P 1A4';
    expect(read(mail).address.address2).toBe('Suite 410');
    // (A postal code corrected whole is not read as halves swapped.)
    const postal =
      'Aliyah Thomas\n10160 116 St NW, Apt 1502\nEdmonton AB T5K 0L9\n\nSorry — postal code is T5K 1V9, not T5K 0L9. Typo!';
    expect(read(postal).address.postalCode).toBe('T5K 1V9');
  });

  it('"À l\'attention de Mme Nadia Benali, réception des marchandises" keeps its person; a colon inside a company\'s word', () => {
    const mail =
      "veuillez adresser le colis à ma collègue Nadia :\n\nLaboratoires Pharmascience Nord inc.\nÀ l'attention de Mme Nadia Benali, réception des marchandises\n3650, boul. Industriel\nLaval (Québec) H7L 4S2\n\nSalutations distinguées,\n\nÉtienne Boucher\nDirecteur, assurance qualité\nLaboratoires Pharmascience Nord inc.";
    expect(read(mail).address).toMatchObject({ firstName: 'Nadia', lastName: 'Benali' });
    expect(
      read('Attn: Accounts Receivable\nMarlene Desjarlais\nPO Box 1234 Stn Main\nFort McMurray AB T9H 3H5').address
        .firstName,
    ).toBe('Marlene');
    const sig =
      "Adressez le colis à mon nom.\n\nNiawen'kó:wa,\n\nKateri Jacobs\nAgente de programmes culturels\nCentre culturel Kanien'kehá:ka\nC.P. 1000\nKahnawake (QC) J0L 1B0";
    expect(read(sig).address).toMatchObject({ firstName: 'Kateri', company: "Centre culturel Kanien'kehá:ka" });
  });

  it('chats: an address taken back before it had its postal code; "name is tyler …" and "just put jordan …" in lower case among capitalised lines', () => {
    const work =
      "Jordan: ok so its 68 maple grove rd, thunder bay\nJordan: actually wait send it to my work instead, nobody's home during the day\nJordan: Lakehead Physio & Rehab, 405 Victoria Ave E, Thunder Bay P7C 1A6\nJordan: just put jordan mcallister\nJordan: work # 807 555 0115";
    expect(read(work).address).toMatchObject({
      firstName: 'Jordan',
      lastName: 'McAllister',
      address1: '405 Victoria Ave E',
    });
    const market =
      'Marketplace · Oak bookshelf – $120\nTyler: Hi is this still available?\nYou: Yes! Shipping is $25 within Canada\nTyler: ok great. can you ship to\nTyler: 311 4th ave south\nTyler: lethbridge\nTyler: T1J 0N6\nTyler: name is tyler beauchesne-wolfe\nYou: Perfect, sending the e-transfer details now';
    expect(read(market).address).toMatchObject({
      firstName: 'Tyler',
      lastName: 'Beauchesne-Wolfe',
      city: 'Lethbridge',
    });
  });

  it('a French street typed in lower case keeps its type in lower case; an English type after a capitalised name takes its capital', () => {
    expect(read('Pierre-Luc: 655 avenue cartier app 12\nPierre-Luc: à qc G1R 2S5').address.address1).toBe(
      '655 avenue Cartier',
    );
    expect(read('6524 route 134\nShediac NB E4P 2A1').address.address1).toBe('6524 route 134');
    expect(read('405-1025 Fort street victoria v8v 3k5').address).toMatchObject({
      address1: '1025 Fort Street',
      address2: 'Unit 405',
    });
    expect(read('1845 RUE DES ÉRABLES\nLAVAL QC H7N 1A1').address.address1).toBe('1845 Rue des Érables');
  });

  it('a number said alone in a correction fixes the civic number or unit it resembles; 單位係 1508; "basement apt, side door"', () => {
    const duplex =
      "[12/05/2025 20:11] Nadia: 3240 boul. de la Concorde Est\n[12/05/2025 20:12] Nadia: Laval H7E 2C1\n[12/05/2025 20:13] Nadia: ah c'est un duplex, nous on est en haut, c'est le 3242 en fait";
    expect(read(duplex).address.address1).toBe('3242 boul. de la Concorde Est');
    const zh = '阿May：330 Red Maple Rd, 列治文山 ON L4C 0T6\n阿May：單位係 1508\n阿May：唔好意思打錯，係 1805 先啱';
    expect(read(zh).address).toMatchObject({ address1: '330 Red Maple Rd', address2: 'Unit 1805' });
    const chat =
      'Shauna Kavanagh\nheyy so send it to me at 14 blackmarsh rd st johns a1e 1s4\nShauna Kavanagh\nbasement apt, side door';
    expect(read(chat).address).toMatchObject({ address1: '14 Blackmarsh Rd', address2: 'Bsmt' });
  });

  it('a chat\'s answer to a question for the name names the person ("And your name for the label?" — "oh right lol, Min-jun Park")', () => {
    const chat =
      'Sure, shipping would be about $18. Address?\n405-1025 Fort street victoria v8v 3k5\nAnd your name for the label?\noh right lol, Min-jun Park. Phone 250 555 0102 if needed';
    expect(read(chat).address).toMatchObject({ firstName: 'Min-jun', lastName: 'Park' });
    const mom =
      "Mom: 1187 Peninsula Rd, Port Carling ON P0B 1J0\nMom: not the Oakville house!\nMe: ok what name, yours or dad's\nMom: Dad's. Hubert Vandermeer\nMom: cottage landline 705-555-0148";
    expect(read(mom).address).toMatchObject({ firstName: 'Hubert', lastName: 'Vandermeer' });
  });

  it("Messenger's name alone over each message, three times or more, is a header, not the person", () => {
    const chat =
      'Catherine Tremblay\nAllo! Pour le cadeau de Léa, envoie-le direct chez sa mère\nCatherine Tremblay\nSylvie Girard\nCatherine Tremblay\n888 rue Jacques-Cartier Est, Saguenay G7H 2A7\nCatherine Tremblay\nmerciii';
    expect(read(chat).address).toMatchObject({ firstName: 'Sylvie', lastName: 'Girard', city: 'Saguenay' });
  });

  it('headings chosen by the message: "non au pavillon principal" sets aside only that one; "送到新店" picks "新店："', () => {
    const school =
      "Les dictionnaires sont pour les classes qui sont au pavillon Sainte-Marie. Merci de livrer là et non au pavillon principal.\n\nBonne fin de journée,\n\nNathalie Gauthier\nSecrétaire d'école\nÉcole des Hauts-Sommets\nPavillon principal : 1015, rue Labelle, Saint-Jérôme (Québec) J7Z 5M9\nPavillon Sainte-Marie : 455, rue Saint-Georges, Saint-Jérôme (Québec) J7Z 5A6";
    expect(read(school).address).toMatchObject({ address1: '455 rue Saint-Georges', postalCode: 'J7Z 5A6' });
    const zh =
      '订的餐具请送到新店（还没开业），老店那边放不下。\n\n谢谢\n\n何俊杰\nGolden Lantern Noodle House\n老店：546 Fisgard St, Victoria BC V8W 1R4\n新店：3200 Shelbourne St, Victoria BC V8P 5G8';
    expect(read(zh).address).toMatchObject({ address1: '3200 Shelbourne St', postalCode: 'V8P 5G8' });
  });

  it('side by side, "HEAD OFFICE" and "WAREHOUSE & RECEIVING": "send … to receiving" picks the second column', () => {
    const sig =
      "Please send the seedling trays to receiving — head office is admin only, there's no dock.\n\nKind regards,\n\nLiza Marquez\nInventory Controller\nFraser Valley Greenhouse Supply Ltd.\n\nHEAD OFFICE                          WAREHOUSE & RECEIVING\n33771 George Ferguson Way            2450 Townline Rd, Unit 105\nAbbotsford BC V2S 2M5                Abbotsford BC V2T 6L6\nT 604.555.0190                       Receiving 604.555.0154";
    expect(read(sig).address).toMatchObject({
      address1: '2450 Townline Rd',
      postalCode: 'V2T 6L6',
      phone: '604-555-0154',
    });
  });

  it('"please use our mailing address (the PO box)" picks "Mailing:"; "do not send it to the Burnaby warehouse" sets "Warehouse:" aside', () => {
    const box =
      "Then please use our mailing address (the PO box) — the post office here won't deliver to the shop.\n\nCheers,\n\nTrent Beaulieu\nParts & Service\nLake of the Woods Marine Ltd.\nShop (couriers only): 1100 Hwy 17 E, Kenora ON P9N 1L9\nMailing: PO Box 2310, Kenora ON P9N 3X8";
    expect(read(box).address).toMatchObject({ address1: 'PO Box 2310', postalCode: 'P9N 3X8' });
    const ceo =
      'Could you please courier the award directly to Mr. Tanaka at our Vancouver office? Please do not send it to the Burnaby warehouse.\n\nKenji Tanaka\nChief Executive Officer\nHarbourlight Logistics Corp.\nSuite 2800, 1055 W Georgia St\nVancouver BC V6E 3P3\n\nBest,\nOlivia Brandt\nExecutive Assistant to the CEO\nHarbourlight Logistics Corp.\nWarehouse: 8188 North Fraser Way, Burnaby BC V5J 5M8';
    expect(read(ceo).address).toMatchObject({ firstName: 'Kenji', address1: '1055 W Georgia St', city: 'Vancouver' });
  });

  it('"its Ryan Pattison sending …" ends the name before the verb', () => {
    expect(read('hi its Ryan Pattison sending you my address\n22 Elm St\nGuelph ON N1H 1A1').address).toMatchObject({
      firstName: 'Ryan',
      lastName: 'Pattison',
    });
  });

  it('"à qc G1R 2S5": the line without its preposition, and "qc" with a Québec City postal code is Québec', () => {
    const chat = 'Pierre-Luc: Francis Thibodeau\nPierre-Luc: 655 avenue cartier app 12\nPierre-Luc: à qc G1R 2S5';
    expect(read(chat).address).toMatchObject({
      firstName: 'Francis',
      city: 'Québec',
      province: 'QC',
      postalCode: 'G1R 2S5',
    });
  });

  it('chats: "under my bf\'s name tho, marcus lee"; "envoie à : Marc-André Gagnon"; a nickname in brackets', () => {
    expect(
      read(
        "hey!! can u send it to my new place\n2207-88 harbour st toronto m5j 0c3\nits under my bf's name tho, marcus lee",
      ).address,
    ).toMatchObject({
      firstName: 'Marcus',
      lastName: 'Lee',
    });
    expect(
      read("oui c'est bon, envoie à : Marc-André Gagnon\n2150 ch. Ste-Foy app 3\nQuébec G1V 1R9").address,
    ).toMatchObject({
      firstName: 'Marc-André',
      lastName: 'Gagnon',
    });
    expect(
      read(
        'can you mail it to my grandma instead? Her name is Margaret (Peggy) Doucette, 33 Church St, Antigonish NS B2G 2E3',
      ).address,
    ).toMatchObject({
      firstName: 'Margaret',
      lastName: 'Doucette',
    });
  });

  it('a building\'s two civic numbers ("5850/5980 University Ave") are its street; a grade ("Grade 10/11 Teacher") is not', () => {
    const sig =
      'Go ahead and send it to my attention.\n\n--\nDr. Helen Okafor, MD, FRCPC\nDepartment of Pediatrics\nIWK Health Centre\n5850/5980 University Ave\nHalifax, NS B3K 6R8';
    expect(read(sig).address).toMatchObject({ address1: '5850/5980 University Ave', company: 'IWK Health Centre' });
    expect(read('Ms. Dana Roy\nGrade 10/11 Teacher\n960 Wolseley Ave\nWinnipeg MB R3G 1E7').address.address1).toBe(
      '960 Wolseley Ave',
    );
  });

  it('"Merry Christmas!" and "Envoyé de mon iPad" are no names', () => {
    const mail =
      "please ship the proofs to my house instead:\n42 Monkstown Rd, St. John's A1C 3T2\n\nMerry Christmas!\nBridget\n\nBridget Furlong | Communications Lead | Avalon Ocean Tech Inc.\n140 Water St, Suite 805, St. John's, NL A1C 6H6";
    expect(read(mail).address).toMatchObject({
      firstName: 'Bridget',
      lastName: 'Furlong',
      address1: '42 Monkstown Rd',
    });
    const ipad =
      'De : Sandrine Moreau-Lapointe <s.moreaulapointe@videotron.ca>\nObjet : RE: Commande\n\nVoici mon adresse :\n2150, chemin de Chambly, app. 5\nLongueuil  J4J 3Y5\n\nMerci et bonne soirée\n\nEnvoyé de mon iPad';
    expect(read(ipad).address).toMatchObject({ firstName: 'Sandrine', lastName: 'Moreau-Lapointe' });
  });

  it('chats: "to my mom instead of me" names no one; "thats Grace Tan-Mercado if …"; a nickname in brackets on a name line, not a province', () => {
    const mom =
      '[2025-02-09 18:44] Harjit: bro can u send the mithai box to my mom instead of me\n[2025-02-09 18:44] Harjit: Surinder Grewal\n[2025-02-09 18:45] Harjit: 14522 76 ave surrey bc v3s 2k8';
    expect(read(mom).address).toMatchObject({ firstName: 'Surinder', lastName: 'Grewal' });
    const aunt =
      '[3/14/25, 9:02 AM] Auntie Grace: hi hun its grace, can you send it to my new place\n[3/14/25, 9:03 AM] Auntie Grace: 5-1820 cook st victoria v8t 3p5\n[3/14/25, 9:03 AM] Auntie Grace: thats Grace Tan-Mercado if they need full name lol';
    expect(read(aunt).address).toMatchObject({ firstName: 'Grace', lastName: 'Tan-Mercado' });
    const sig =
      'Dr. Katarzyna (Kasia) Nowak-Haldane, PhD\nChinook Agri-Research Corp.\n1220 31 St N, Lethbridge AB T1H 5J8';
    expect(read(sig).address).toMatchObject({ firstName: 'Katarzyna', lastName: 'Nowak-Haldane' });
    expect(read('Me Anne Roy\n2590, boul. Laurier, bureau 900, Québec (Québec) G1V 4M6').address.city).toBe('Québec');
  });

  it('Marketplace stamps with "·"; "im in brandon mb"; a lower-case answer to "Name for the label?"; "St-Jérôme"; a basement column', () => {
    const chat =
      'Jess · 2:17 PM\nok perfect. im in brandon mb\nJess · 2:17 PM\n1526 princess ave\nYou · 2:18 PM\nName for the label?\nJess · 2:21 PM\njessica wolfe-redsky. postal r7a 0r4';
    expect(read(chat).address).toMatchObject({
      firstName: 'Jessica',
      lastName: 'Wolfe-Redsky',
      city: 'Brandon',
      province: 'MB',
    });
    expect(read('Jade Villeneuve\n455 rue Labelle\nSt-Jérôme QC J7Z 5L6').address.city).toBe('Saint-Jérôme');
    expect(read("Anne Roy\n12 Water St\nSt. John's NL A1C 1A1").address.city).toBe("St. John's");
    expect(
      read('Name,Street,Unit,City,Province,Postal Code\nAl Roy,12 Oak St,basement,Halifax,NS,B3H 1A1').address.address2,
    ).toBe('Bsmt');
  });

  it('the newest message corrects a forwarded address ("we\'re in unit 7, not 17"); a quote\'s number is no unit', () => {
    const fwd =
      "Hi Sophie,\n\nOne correction to the address I sent yesterday — we're in unit 7, not 17. Sorry about that!\n\nAaron\n\n-----Original Message-----\nFrom: Aaron Fitzgerald-Ng <aaron@islandsurfpaddle.ca>\nSubject: Re: Fin order\n\nHi Sophie, please send the order to our shop:\n\nIsland Surf & Paddle Co.\n2220 Bowen Rd, Unit 17\nNanaimo, BC V9S 1H9";
    expect(read(fwd).address).toMatchObject({ address1: '2220 Bowen Rd', address2: 'Unit 7' });
    const quote =
      'RE: Replacement gaskets – quote #Q-22817\n\nThunder Bay Mill\n2001 Neebing Ave\nThunder Bay, ON P7E 6S3';
    expect(read(quote).address.address2).toBeUndefined();
    expect(read('PO Box: 583\nAntigonish NS B2G 2L8').address.address1).toBe('PO Box 583');
  });

  it('"ship them to my work — mail to my house is unreliable" keeps the signer\'s company', () => {
    const mail =
      'Please ship them to my work — mail to my house is unreliable in winter.\n\nThank you!\n\nRosie Beaulieu-Lafferty\nCommunity Health Representative\nGreat Slave Wellness Services\n4910 50 Ave, Suite 201\nYellowknife NT X1A 3S5';
    expect(read(mail).address).toMatchObject({ firstName: 'Rosie', company: 'Great Slave Wellness Services' });
  });

  it('"m\'envoyer les boîtes au bureau, c\'est plus simple qu\'à la maison" keeps the company; "à la maison plutôt qu\'au bureau" does not', () => {
    const sig =
      '\n\nMathieu Chiasson\nCoordonnateur aux événements\nLes Productions Baie-des-Chaleurs inc.\n220, boul. Saint-Pierre Ouest, bureau 2\nCaraquet (N.-B.)  E1W 1A5';
    expect(
      read(
        `Tu peux m'envoyer les 3 boîtes de cartons d'invitation au bureau, c'est plus simple qu'à la maison.\n\nBonne journée!${sig}`,
      ).address.company,
    ).toBe('Les Productions Baie-des-Chaleurs inc.');
    expect(
      read(
        "Pourriez-vous m'envoyer le portable à la maison plutôt qu'au bureau?\n\n205, boul. Cartier Ouest, app. 302\nLaval (Québec) H7N 2J1\n\nMerci beaucoup!\nSandrine\n\nSandrine Roy\nGroupe Assurances Boréal inc.",
      ).address.company,
    ).toBeUndefined();
  });

  it('a company signing alone ("--\\nPrairie Coffee Roasters") names no person; "Chef Marco Bellavance" is a person under a title', () => {
    const mail =
      'From: Tariq Haddad <t.haddad@prairiecoffeeroasters.ca>\nSubject: RE: reorder\n\nShip to the roastery, not the café.\n\n--\nPrairie Coffee Roasters\nCafé: 505 Academy Rd, Winnipeg MB R3N 0E4\nRoastery: 1460 Clarence Ave, Unit 4, Winnipeg MB R3T 1T6';
    expect(read(mail).address).toMatchObject({
      firstName: 'Tariq',
      lastName: 'Haddad',
      company: 'Prairie Coffee Roasters',
    });
    const invoice = 'Ship to:\nOkanagan Table Bistro\nChef Marco Bellavance\n1574 Pandosy St\nKelowna, BC V1Y 1P4';
    expect(read(invoice).address).toMatchObject({
      firstName: 'Marco',
      lastName: 'Bellavance',
      company: 'Okanagan Table Bistro',
    });
  });

  it('"Site contact: Jomar Villanueva, …" outside the yard\'s block names who receives it there', () => {
    const mail =
      'Ship to our yard in Fort Mac, attn. the site contact below. Do NOT send to Edmonton.\n\nSite contact: Jomar Villanueva, 780-555-0167 (cell, 6am–6pm)\n\nYard:\nAthabasca Heavy Haul Ltd.\n235 Taiganova Cres, Unit 4\nFort McMurray AB T9K 0T4\n\nThanks\nLyle Kowalchuk\nFleet Manager\nAthabasca Heavy Haul Ltd.\nEdmonton: 12820 156 St NW, Edmonton AB T5V 1E9\n780-555-0104 | lkowalchuk@athabascaheavyhaul.ca';
    const { address } = read(mail);
    expect(address).toMatchObject({
      firstName: 'Jomar',
      lastName: 'Villanueva',
      city: 'Fort McMurray',
      phone: '780-555-0167',
    });
    expect(address.email).toBeUndefined();
  });

  it('"Her cell: …" is no heading, and is the phone; "oh pis mets app 2"; "i\'m in the basement suite"', () => {
    const chat =
      "Linda: Please ship to her:\nLinda: Abigail Oyelowo\nLinda: 4 Hawthorne St, Apt 2\nLinda: Antigonish, Nova Scotia\nLinda: B2G 1A5\nLinda: Her cell: 902 555 0158. Mine is 416-555-0120 but she'll be the one receiving it.\nMe: perfect";
    expect(read(chat).address).toMatchObject({ firstName: 'Abigail', phone: '902-555-0158' });
    expect(
      read("Natasha LeBlanc\n376 av. Acadie\nDieppe NB E1A 1H1\noh pis mets app 2 , c'est un duplex").address.address2,
    ).toBe('App. 2');
    expect(
      read(
        'ashlyn kowalski-bird\n2260 rae st\nregina sk s4t2b8\ni’m in the basement suite so pls put bsmt on it or they leave it upstairs',
      ).address.address2,
    ).toBe('Bsmt');
  });

  it('a Chinese question for the name and its answer ("写我英文名吧 Rain Zhao"); "her name is on the door Mary-Catherine Hynes"', () => {
    const zh =
      '小雨：地址：温哥华 Kitsilano，2735 W 4th Ave #203\n小雨：邮编 V6K 1P8\n我：好的，收件人写什么名字？\n小雨：写我英文名吧 Rain Zhao（赵雨）\n小雨：电话 604-555-0145';
    expect(read(zh).address).toMatchObject({ firstName: 'Rain', lastName: 'Zhao', address1: '2735 W 4th Ave' });
    const nan =
      "Mom: send the afghan to nan's not here\nMom: 14 cooper blvd gander\nMom: A1V 1T1\nMom: her name is on the door Mary-Catherine Hynes lol you know that";
    expect(read(nan).address).toMatchObject({ firstName: 'Mary-Catherine', lastName: 'Hynes' });
  });

  it('"辦公室：604-555-0134（送貨請打這個）" is a phone\'s line, not an office heading', () => {
    const sig =
      '請將貨品寄到我們本拿比的新辦公室。收件人請寫 Ivy Cheung。\n\n張詠詩 Ivy Cheung\n港楓進出口有限公司 HK Maple Import & Export Ltd.\n新地址：4720 Kingsway, Suite 1608, Burnaby, BC V5H 4N2\n舊地址（停用）：3700 No. 3 Rd, Unit 1015, Richmond, BC V6X 3X2\n辦公室：604-555-0134（送貨請打這個）\n手提：778-555-0150';
    expect(read(sig).address).toMatchObject({ address1: '4720 Kingsway', phone: '604-555-0134' });
  });

  it('a label left alone by its number ("Jasper receiving: 780-555-0108 (ask for Kelsey)") is no name', () => {
    const mail =
      'No — Jasper this time please, not Banff.\n\nJasper receiving: 780-555-0108 (ask for Kelsey or me)\n\nRohan\n\nRohan Desai\nPurchasing Manager\nRockies Lodging Group Ltd.\nBanff: 221 Banff Ave, Banff AB T1L 1B4\nJasper: 98 Connaught Dr, Jasper AB T0E 1E0';
    expect(read(mail).address).toMatchObject({ firstName: 'Rohan', lastName: 'Desai', address1: '98 Connaught Dr' });
  });

  it('a surname with its particles ("Maria de la Cruz", "Pieter van der Berg"); a place with one ("Usine de Sherbrooke") is no name', () => {
    expect(read('Maria de la Cruz\n45 Water St\nHalifax NS B3J 1A1').address).toMatchObject({
      firstName: 'Maria',
      lastName: 'de la Cruz',
    });
    expect(read('Pieter van der Berg\n45 Water St\nHalifax NS B3J 1A1').address).toMatchObject({
      firstName: 'Pieter',
      lastName: 'van der Berg',
    });
    expect(
      read('Usine de Sherbrooke\n2755, rue Léger\nSherbrooke (Québec)  J1L 1Y4').address.firstName,
    ).toBeUndefined();
  });

  it('the e-mail under a one-word sign-off of the recipient is theirs ("Jane" under "Jane Roy")', () => {
    const mail = 'Please send to me at:\n\nJane Roy\n12 Elm St\nGuelph ON N1H 1A1\n\nThanks,\nJane\njane.roy@gmail.com';
    expect(read(mail).address).toMatchObject({ firstName: 'Jane', email: 'jane.roy@gmail.com' });
  });

  it('"c\'est Laval" in a chat is the town, not a writer saying who they are', () => {
    expect(read("Julie: 45 rue Principale\nJulie: c'est Laval\nJulie: H7N 1A1").address).toMatchObject({
      address1: '45 rue Principale',
      city: 'Laval',
    });
  });

  it('a sentence that sends the parcel to a colleague by full name puts them on the label, not the signer', () => {
    const mail =
      'Hi Bruno,\n\nPlease ship the binders to Nadia Ferreira in our HR team, she is on the 3rd floor.\n\nThanks,\n\n' +
      'Owen Tremblay\nOffice Manager\nPrairie Mutual Ltd.\n2055 Albert St, Suite 1100\nRegina, SK  S4P 2T8\n306-555-0144 | owen.t@prairiemutual.ca';
    expect(read(mail).address).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Ferreira',
      company: 'Prairie Mutual Ltd.',
      city: 'Regina',
    });
    // A town, an office or a question is no person.
    expect(
      read('How much to ship to Sioux Lookout?\nPO Box 1423\nSioux Lookout ON P8T 1B9\nRosa Beardy').address.firstName,
    ).toBe('Rosa');
    expect(read('Please send it to Head Office.\n\nJim Park\n12 Elm St\nGuelph ON N1H 1A1').address).toMatchObject({
      firstName: 'Jim',
      lastName: 'Park',
    });
  });

  it('"收件人写我同事 Jason Chen", "收貨人請寫倉務主管 歐陽志明": the name the message asks for, not the signer', () => {
    const zh =
      '王经理您好，\n\n这批货请寄到我们仓库。收件人写我同事 Jason Chen（陈志强），到了请先打给他。\n\n祝好，\n刘晓雯 Vivian Liu\n枫华贸易有限公司 Maple China Trading Inc.\n' +
      '仓库：155 Amber St, Unit 8, Markham, ON L3R 3J7\n陈志强手机：647-555-0196';
    expect(read(zh).address).toMatchObject({ firstName: 'Jason', lastName: 'Chen', postalCode: 'L3R 3J7' });
    const hk =
      '請將貨物送到我們的倉庫。收貨人請寫倉務主管 歐陽志明，手提 647-555-0171。\n\n黃嘉欣 Karen Wong\n金豐食品有限公司\n倉庫：131 Edilcan Dr, Unit 4, Concord, ON L4K 3S6';
    expect(read(hk).address).toMatchObject({ firstName: '志明', lastName: '歐陽' });
    // "收货人写我就可以": the writer, no one else.
    expect(
      read('仓库收货人写我就可以。\n\n高文博 Wenbo Gao\n仓库：13511 Crestwood Pl, Unit 5, Richmond, BC V6V 2E9').address
        .lastName,
    ).not.toBe('我');
  });

  it('two addresses and no heading: the one whose town the message does not turn down ("instead of Peterborough", "don\'t send it to Brampton"), with its phone', () => {
    const mail =
      'Please send it to our cottage on the Island instead of Peterborough, we are there all summer.\n\n' +
      'Many thanks,\nGordon Silva (and Marianne)\n\n' +
      'Home: 38 Aylmer St N, Peterborough ON K9J 3J4 · 705-555-0123\nPEI: 64 Harbourview Dr, North Rustico PE C0A 1X0 · 902-555-0175';
    expect(read(mail).address).toMatchObject({
      firstName: 'Gordon',
      lastName: 'Silva',
      address1: '64 Harbourview Dr',
      city: 'North Rustico',
      province: 'PE',
      phone: '902-555-0175',
    });
    const offices =
      "Could you courier it back to me? Please don't send it to Brampton.\n\nBest,\nGary\n\n" +
      'Gurpreet "Gary" Sandhu, CPA\nSandhu & Partners LLP\n' +
      'Brampton | 7700 Hurontario St, Suite 502, Brampton ON L6Y 4M3\nGuelph | 150 Research Lane, Suite 210, Guelph ON N1G 4T2';
    expect(read(offices).address).toMatchObject({
      firstName: 'Gurpreet',
      lastName: 'Sandhu',
      address1: '150 Research Lane',
      city: 'Guelph',
    });
  });

  it('the phone labelled as the chosen place ("Labo :" under "Laboratoire :", "Warehouse (716) …") over the office line, not over the cell', () => {
    const labo =
      'Pourriez-vous expédier les échantillons au laboratoire (et non au siège social)?\n\nCordialement,\n\nGeneviève Roy\nDirectrice des achats\nBiomarins inc.\n' +
      'Siège social : 310, allée des Ursulines, Rimouski (Québec)  G5L 3A1\nLaboratoire : 186, rue Saint-Germain Est, Rimouski (Québec)  G5L 1B2\n' +
      'Tél. : 418 555-0114, poste 22\nLabo : 418 555-0157';
    expect(read(labo).address).toMatchObject({ postalCode: 'G5L 1B2', phone: '418-555-0157' });
    const store =
      'Please ship to our warehouse, not the Elmwood store.\n\nThanks,\nDominic Russo\nRusso Brothers Fine Foods, Inc.\n' +
      'Store: 905 Elmwood Ave, Buffalo, NY 14222\nWarehouse: 2480 Walden Ave, Suite 6, Cheektowaga, NY 14225\n' +
      'Phone (716) 555-0186 | Warehouse (716) 555-0112';
    expect(read(store).address).toMatchObject({ city: 'Cheektowaga', phone: '716-555-0112' });
    // The writer who will be there keeps their cell.
    const plant =
      'Send the bearings straight to the plant please.\n\nRegards,\nPierre Gauthier\nNickel Basin Fabricating Ltd.\n' +
      'Sales office: 30 Elm St, Suite 305, Sudbury ON P3C 1S8\nPlant: 1180 Lorne St, Sudbury ON P3C 4R9\n' +
      'Plant 705-555-0134 | Cell 249-555-0111';
    expect(read(plant).address).toMatchObject({ address1: '1180 Lorne St', phone: '249-555-0111' });
  });

  it('a marketplace chat: the listing title ("Kijiji · Snowblower carburetor kit") is no name; a name once over a street is the friend the address is for', () => {
    const kijiji =
      'Kijiji · Snowblower carburetor kit (new in package)\n\nDave M. — Mar 2\nstill have it?\nMe — Mar 2\nYep, $15 shipping\nDave M. — Mar 2\n' +
      'deal. send to dave mcintyre 112 wellington st e sault ste marie p6a 2l4';
    expect(read(kijiji).address).toMatchObject({ firstName: 'Dave', lastName: 'McIntyre', city: 'Sault Ste. Marie' });
    const messenger =
      'Alexis Fortin\nYo! mon chum veut une de tes affiches aussi\nAlexis Fortin\nOlivier Nadeau\n1125 3e avenue app 4\nQuébec G1L 2X3\n' +
      "Vous\nParfait! Un numéro?\nAlexis Fortin\n581 555-0149\nc'est le sien pas le mien lol";
    expect(read(messenger).address).toMatchObject({ firstName: 'Olivier', lastName: 'Nadeau', postalCode: 'G1L 2X3' });
  });

  it('chats: "He\'s in a retirement home, room 214:" gives the unit and no name; "au nom de ma blonde, Jade Villeneuve"; "vous pouvez l\'envoyer au 215 rue …"', () => {
    expect(
      read(
        "It's a gift for my grandpa.\n\nHe's in a retirement home, room 214:\nWalter Kowal\n655 Corydon Ave\nWinnipeg MB R3M 0W6",
      ).address,
    ).toMatchObject({ firstName: 'Walter', lastName: 'Kowal', address1: '655 Corydon Ave', address2: 'Room 214' });
    expect(
      read('mets ça au nom de ma blonde, Jade Villeneuve\n1027 rue labelle app 6, st-jérôme J7Z 5N1').address,
    ).toMatchObject({ firstName: 'Jade', lastName: 'Villeneuve', city: 'Saint-Jérôme' });
    expect(
      read(
        "Audrey Roy : bonjour! je prendrais le coussin\nAudrey Roy : vous pouvez l'envoyer au 215 rue lindsay app 5, drummondville j2b 1g8",
      ).address,
    ).toMatchObject({ firstName: 'Audrey', lastName: 'Roy', address1: '215 rue Lindsay', address2: 'App. 5' });
  });

  it('"敬祝 商祺" closes a Chinese letter, no name; "À l\'att. de" is "À l\'attention de"; "Érablière du Sommet" over its person is the company', () => {
    const zh =
      '陳先生您好：\n\n請將貨物寄至本公司門市，收件人寫我的名字即可。\n\n敬祝 商祺\n\n歐陽志明\n店長\nGolden Leaf Tea House Ltd.\n' +
      '門市：4151 Hazelbridge Way, Unit 2780, Richmond BC V6X 4J7';
    expect(read(zh).address).toMatchObject({ lastName: '歐陽', firstName: '志明', city: 'Richmond' });
    expect(
      read(
        "Veuillez livrer à l'installation :\n\nCPE Les Petits Pinsons\nÀ l'att. de Nadia Benali\n235 boul. Sainte-Rose\nLaval (Québec) H7L 1L6",
      ).address,
    ).toMatchObject({ firstName: 'Nadia', lastName: 'Benali', company: 'CPE Les Petits Pinsons' });
    expect(
      read(
        'Envoie ça direct à la cabane :\n\nÉrablière du Sommet\nMathis Thibodeau\n1630 rang Saint-Joseph\nSaint-Benoît-Labre (Québec) G0M 1P0',
      ).address,
    ).toMatchObject({ firstName: 'Mathis', lastName: 'Thibodeau', company: 'Érablière du Sommet' });
  });

  it('the newest message moves the address of the one quoted under it, "same town": the quoted one corrected', () => {
    const mail =
      "Sorry, we moved last month! Please don't use the address in my email below. New one is 88 Central St, Unit 204, same town, postal code C1N 0B4.\n\nAmira\n\n" +
      'On Wed, Feb 12, 2025 at 10:41 AM Amira Said <amira.said@example.com> wrote:\n> Please ship to:\n> Amira Said\n> 212 Granville St\n> Summerside PE C1N 2Z3\n> 902-555-0121';
    expect(read(mail).address).toMatchObject({
      firstName: 'Amira',
      lastName: 'Said',
      address1: '88 Central St',
      address2: 'Unit 204',
      city: 'Summerside',
      postalCode: 'C1N 0B4',
      phone: '902-555-0121',
    });
  });

  it('"this shipment goes to our US store:" heads the block under it; "RR 8 Site 22 Comp 5" keeps the order it is written in', () => {
    const mail =
      'Invoice our Vancouver office as usual but this shipment goes to our US store:\n\nSalt & Cedar Goods LLC\nAttn: Maya Kealoha\n2201 E Madison St, Suite 110\nSeattle, WA 98112\n\n' +
      'Owen Pratt | Buyer\nSalt & Cedar Goods\nVancouver: 300-1275 W 6th Ave, Vancouver BC V6H 1A6';
    expect(read(mail).address).toMatchObject({ firstName: 'Maya', city: 'Seattle', province: 'WA', country: 'US' });
    expect(read('Raj Sidhu\nRR 8 Site 22 Comp 5\nLethbridge, AB T1J 4P4').address.address1).toBe('RR 8 Site 22 Comp 5');
    expect(read('Raj Sidhu\nSite 22 Comp 5 RR 8\nLethbridge, AB T1J 4P4').address.address1).toBe('Site 22 Comp 5 RR 8');
  });

  it('the number the message names ("call the lab line", "the cottage phone is the one to use", "Call the yard office", "appelez l\'usine", "打舖頭電話") over the cell', () => {
    const lab =
      'Please ship the standards to the lab, not head office. Have the driver call the lab line when they arrive.\n\nIngrid Hall\nRed River Labs Inc.\n' +
      'Main: 204-555-0110 | Lab: 204-555-0164 | Cell: 204-555-0195\nHead Office: 1 Lombard Pl, Suite 1400, Winnipeg, MB R3B 0X3\nLaboratory: 1200 Waverley St, Unit 4, Winnipeg, MB R3T 0P4';
    expect(read(lab).address).toMatchObject({ address1: '1200 Waverley St', phone: '204-555-0164' });
    const cottage =
      "Please ship it to the cottage rather than the house. There's no cell service at the lake, so the cottage phone is the one to use.\n\nHugh Tennant\n" +
      'Home: 44 Glenview Ave, Toronto, ON M4R 1P5 · 416-555-0140\nCottage: 2193 Peninsula Rd, Port Carling, ON P0B 1J0 · 705-555-0162\nCell: 647-555-0177';
    expect(read(cottage).address).toMatchObject({ city: 'Port Carling', phone: '705-555-0162' });
    const yard =
      'Please ship them to our Edmonton yard. Call the yard office when you are 30 min out.\n\nRuth Abernethy\nChinook Energy Services Ltd.\n' +
      'Office 403-555-0127 | Cell 587-555-0150 | Edmonton Yard 780-555-0122\nEdmonton Yard: 3904 78 Ave NW, Edmonton AB T6B 3E5';
    expect(read(yard).address.phone).toBe('780-555-0122');
    const usine =
      "Veuillez livrer les coussinets à l'usine et non au bureau. Appelez l'usine à votre arrivée.\n\nMarie-Claude Harvey\nUsinage Fjord inc.\n" +
      'Bureau : 1400, boul. Talbot, bureau 300, Saguenay (Québec) G7H 4B6\nUsine : 2450, rue de la Fonderie, Saguenay (Québec) G7S 4L7\n' +
      'Tél. : 418 555-0135, poste 12 | Usine : 418 555-0161 | Cell. : 581 555-0122';
    expect(read(usine).address).toMatchObject({ address1: '2450 rue de la Fonderie', phone: '418-555-0161' });
    // "Best reached on my cell": the cell, over the clinic's line.
    const home =
      'Could you ship the roller to my home?\n\nHome: 1268 Fall River Rd, Fall River, NS B2T 1E5\nBest reached on my cell.\n\nLeila Farouk\nHarbourview Physiotherapy Inc.\n' +
      'Clinic 902-555-0137 | Cell 902-555-0178';
    expect(read(home).address.phone).toBe('902-555-0178');
  });

  it('Chinese places asked and turned down ("寄去我哋列治文間舖，唔好寄去本拿比個倉"); "微信：…" is no company; "謝家輝 CPA, CA" is the name', () => {
    const hk =
      '批茶葉寄去我哋列治文間舖就得，唔好寄去本拿比個倉。寫我個名，到咗打舖頭電話搵我。\n\n陳嘉欣 Cindy Chan\nJade Mountain Tea Co. Ltd.\n' +
      '舖頭 Store: 8171 Ackroyd Rd, Unit 1150, Richmond BC V6X 3K1 | 604-555-0136\n倉庫 Warehouse: 3871 North Fraser Way, Unit 18, Burnaby BC V5J 5G6\n手機 Cell: 778-555-0109';
    expect(read(hk).address).toMatchObject({ address1: '8171 Ackroyd Rd', city: 'Richmond', phone: '604-555-0136' });
    const bakery =
      '这次请寄到我们北约克的新店，不要再寄到士嘉堡的旧店了。\n\n收货人：欧阳明\n新店：5322 Yonge St, Unit 2, Toronto, ON M2N 5P9\n旧店（已关闭）：4386 Sheppard Ave E, Scarborough, ON M1S 1T8\n\n欧阳明\n明记烘焙 Ming Kee Bakery\n微信：mingkee_bakery';
    expect(read(bakery).address.company ?? '').not.toMatch(/微信/);
    const cpa =
      '報稅文件正本請寄到我們萬錦辦公室給我。\n\n謝謝！\n\n謝家輝 CPA, CA\n合夥人\nTse & Associates CPA Professional Corporation\n萬錦辦公室：3601 Hwy 7 E, Suite 705, Markham ON L3R 0M3';
    expect(read(cpa).address).toMatchObject({ lastName: '謝', firstName: '家輝', city: 'Markham' });
  });

  it('French places asked ("à la librairie plutôt qu\'à l\'entrepôt"); a company naming that place is no heading; "Chalet : 112, route …" is no company', () => {
    const librairie =
      "Merci d'expédier les cartons à la librairie plutôt qu'à l'entrepôt.\n\nGeneviève Bellemare\nLibrairie du Vieux-Port inc.\n" +
      'Librairie : 1420, rue des Forges, Trois-Rivières (Québec) G9A 2G9\nEntrepôt : 3725, boul. Industriel, Trois-Rivières (Québec) G9A 5X3';
    expect(read(librairie).address).toMatchObject({ address1: '1420 rue des Forges', postalCode: 'G9A 2G9' });
    const clinic =
      'Facturation\nIsabelle Côté\n2315 rue Girouard Ouest\nSaint-Hyacinthe QC J2S 3A9\n' +
      'Expédition\nIsabelle Côté\nClinique dentaire des Cascades\n1355 rue des Cascades, bureau 200\nSaint-Hyacinthe QC J2S 3H8\n\nNote du client :\nLivrer à la clinique svp, j’y travaille du lundi au jeudi.';
    expect(read(clinic).address).toMatchObject({ firstName: 'Isabelle', company: 'Clinique dentaire des Cascades' });
    const chalet =
      "Pourriez-vous l'expédier au chalet plutôt qu'à la maison?\n\nGilles Bérubé\nMaison : 87, rue de l'Évêché Ouest, Rimouski (Québec) G5L 4H4\nChalet : 112, route du Fleuve Ouest, Sainte-Luce (Québec) G0K 1P0";
    const got = read(chalet).address;
    expect(got).toMatchObject({ city: 'Sainte-Luce', firstName: 'Gilles' });
    expect(got.company).toBeUndefined();
  });

  it('the one heading the message says after "out of"/"to" ("working out of the Guelph office … send them there"), not one it speaks of ("head office is admin only"); "we moved … to unit 11"', () => {
    const mail =
      "I'm working out of the Guelph office this month, so could you send the binders there instead?\n\nTamsin Oven\nGrand River Biologics Inc.\n" +
      'Head Office: 305 King St W, Suite 600, Kitchener, ON N2G 1B9\nGuelph Office: 150 Research Lane, Suite 215, Guelph, ON N1G 4T2\nManufacturing: 1100 Franklin Blvd, Cambridge, ON N1R 8B5';
    expect(read(mail).address).toMatchObject({ address1: '150 Research Lane', city: 'Guelph' });
    const moved =
      'Heads-up: we moved two doors down last month, to unit 11 in the same building.\n\nMarisol Gut\nLakeshore Print & Sign Ltd.\n4-19 Alliance Blvd, Barrie ON L4M 5K3';
    expect(read(moved).address).toMatchObject({ address1: '19 Alliance Blvd', address2: 'Unit 11' });
  });

  it('"on behalf of Mr. Kerr regarding order …" ends the name at the word without a capital; "to his home" takes no company; "Envoyez à Jean-François de la Durantaye, …"', () => {
    const assistant =
      "I'm writing on behalf of Mr. Kerr regarding order #KH-5521. He has asked that it not be shipped to our office but to his home:\n\n" +
      'Mr. Alistair Kerr\n18 Ridgewood Cres\nKingston, ON K7M 3S4\n\nThank you,\nCarla Vieira\nExecutive Assistant\nKerr Frontenac Holdings Ltd.\n1000 Gardiners Rd, Suite 200, Kingston, ON K7P 3C4';
    const got = read(assistant).address;
    expect(got).toMatchObject({ firstName: 'Alistair', lastName: 'Kerr', address1: '18 Ridgewood Cres' });
    expect(got.company).toBeUndefined();
    expect(
      read(
        "Jean-François : Parfait. Envoyez à Jean-François de la Durantaye, 112 rue Principale, Aylmer... en fait c'est Gatineau maintenant, J9H 3L5",
      ).address,
    ).toMatchObject({ firstName: 'Jean-François', lastName: 'de la Durantaye' });
  });

  it('"her details are in her message below": the quoted message, without its "To:" header line; "He\'s Kofi Asante, at Asante Auto Body Ltd., 2455 …"', () => {
    const hr =
      'Please ship the welcome kit directly to her home — her details are in her message below.\n\nThanks,\nTanya Moreau\nCapital Ledger Software Ltd.\n275 Slater St, Suite 900, Ottawa ON K1P 5H9\n613-555-0112\n\n' +
      '-----Original Message-----\nFrom: Bethany Quaye <bethany.quaye@outlook.com>\nSent: Thursday, January 9, 2025 7:48 PM\nTo: Tanya Moreau\nSubject: Re: Welcome!\n\n' +
      "Here's my address:\nBethany Quaye\n88 Sunnyside Ave\nOttawa, ON K1S 0R1\n613-555-0117";
    expect(read(hr).address).toMatchObject({
      firstName: 'Bethany',
      lastName: 'Quaye',
      address1: '88 Sunnyside Ave',
      phone: '613-555-0117',
      email: 'bethany.quaye@outlook.com',
    });
    const husband =
      "Could you ship it to my husband at his shop instead? He's Kofi Asante, at Asante Auto Body Ltd., 2455 Central Ave, Windsor, ON N8W 4J1.\n\nThank you,\nNadine Asante";
    expect(read(husband).address).toMatchObject({
      firstName: 'Kofi',
      lastName: 'Asante',
      company: 'Asante Auto Body Ltd.',
      address1: '2455 Central Ave',
    });
  });

  it('a chat that sends it to work instead after "ship to jess varga 1405 bank st …": the later address, her cell kept; "mcphillips st" → "McPhillips St"; a company in lower case capitalised', () => {
    const chat =
      'ship to jess varga 1405 bank st apt 3 ottawa on k1h 7z1\nmy cell 613 555 0131\n' +
      "wait send it to my work instead nobody's home to sign during the day\nmaple grove veterinary hospital 2660 carling ave ottawa k2b 7h4";
    expect(read(chat).address).toMatchObject({
      firstName: 'Jess',
      company: 'Maple Grove Veterinary Hospital',
      address1: '2660 Carling Ave',
      postalCode: 'K2B 7H4',
      phone: '613-555-0131',
    });
    expect(read('Rhys Caldwell 2218 mcphillips st winnipeg mb r2v 3m5').address.address1).toBe('2218 McPhillips St');
  });

  it('emoji closing an address line are no part of it ("… fort lauderdale fl 33305 🌴"); "on it 👍" stays no name', () => {
    expect(
      read(
        'pls send the sweater to the condo\nbeverly mcallister 2600 n ocean blvd apt 1408 fort lauderdale fl 33305 🌴\nmy cell 519 555 0139',
      ).address,
    ).toMatchObject({ city: 'Fort Lauderdale', province: 'FL', postalCode: '33305', country: 'US' });
  });

  it('a sender\'s block ("寄件人：…") is set aside for the recipient; a form\'s "Refund instead of replacement? No" turns nothing down; "in Boulder? Kai …, Boulder CO 80302."; "Floride"', () => {
    const form =
      '寄件人：王磊\n地址：5 Park Home Ave, Unit 1102, Toronto ON M2N 6L4\n\n收件人：何佳慧\n地址：加拿大 卑诗省 维多利亚市 1025 Pandora Ave, Apt 302\n邮编：V8V 3P6';
    expect(read(form).address).toMatchObject({ lastName: '何', firstName: '佳慧', city: 'Victoria', province: 'BC' });
    const rma =
      'RETURN AUTHORIZATION — RMA 55102\nReason for return: blade guard cracked\nSend replacement to: Naledi Moko, Apt 2, 87 Regent St, Fredericton NB E3B 3W3\nRefund instead of replacement? No';
    expect(read(rma).address).toMatchObject({ firstName: 'Naledi', address1: '87 Regent St', city: 'Fredericton' });
    expect(
      read(
        'yo can u ship to my dorm in Boulder? Kai Thunder, 1220 Baseline Rd Apt 204, Boulder CO 80302. cell 720 555 0114 🙏',
      ).address,
    ).toMatchObject({ firstName: 'Kai', city: 'Boulder', province: 'CO', postalCode: '80302', country: 'US' });
    expect(
      read('Jocelyne Paquette\n1850 S Ocean Dr, Apt 1207\nHallandale Beach, Floride 33009\nÉtats-Unis').address,
    ).toMatchObject({ city: 'Hallandale Beach', province: 'FL', country: 'US' });
  });

  it('"上面是旧地址 新地址：" drops the old address; a group chat\'s "【示例】" line is nobody\'s; a sheet row "MOVED – do not use" is not taken', () => {
    const moved =
      '郭志伟 Frank Guo\n电话：778-555-0165\n地址：4650 Kingsborough St, Unit 903, Burnaby BC V5H 0C4\n哦对了，我上周搬家了，上面是旧地址 新地址：\n13318 104 Ave, Unit 2901, Surrey BC V3T 1V5';
    expect(read(moved).address).toMatchObject({ firstName: 'Frank', address1: '13318 104 Ave', city: 'Surrey' });
    const group =
      '团长-Lily 11月3日 19:02\n接龙开始啦～格式参考：\n【示例】张三 416-555-0100 100 Queen St W, Toronto ON M5H 2N2\nKelly 11月3日 19:10\n黎雅婷 647-555-0138 33 Empress Ave, Unit 2208, Toronto ON M2N 6Y7';
    expect(read(group).address).toMatchObject({
      address1: '33 Empress Ave',
      postalCode: 'M2N 6Y7',
      phone: '647-555-0138',
    });
    const sheet =
      'Customer\tAddress\tCity\tProv\tPostal\tStatus\nDimitri Papas\t1512 19 Ave NW\tCalgary\tAB\tT2M 1A7\tMOVED Aug 2024 – do not use\nDimitri Papas\t118 Bayside Pt SW\tAirdrie\tAB\tT4B 0S2\tcurrent';
    expect(read(sheet).address).toMatchObject({ address1: '118 Bayside Pt SW', city: 'Airdrie' });
  });

  it('a phone corrected ("电话写错了，应该是 514-555-0176"); the number under a colleague\'s address over the signer\'s cell; "Account #: 00-44817" is no unit', () => {
    expect(
      read(
        '收件人：冯晓宇\n电话：514-555-0167\n地址：2100 rue Guy, app. 1503, Montréal QC H3H 2M8\n不好意思，电话写错了，应该是 514-555-0176',
      ).address.phone,
    ).toBe('514-555-0176');
    const colleague =
      "Le colis doit être adressé à ma collègue Véronique, à l'entrepôt :\n\nVéronique Lalonde\nDistribution Laurentides Plus inc.\n1020, boul. du Grand-Héron\nSaint-Jérôme (Québec) J7Y 3P2\nTél. entrepôt : 450 555-0124\n\n" +
      'Merci,\nMartin Cossette\nDirecteur des achats\nDistribution Laurentides Plus inc.\nTél. : 514 555-0110 | Cell. : 514 555-0185';
    expect(read(colleague).address).toMatchObject({ firstName: 'Véronique', phone: '450-555-0124' });
    const form =
      'CHANGE OF ADDRESS\nName: Hugo Lind\nAccount #: 00-44817\nOld address:\n745 Columbia St W\nKamloops BC  V2C 1L1\nNew address (effective March 1):\n208-1966 Durnin Rd\nKelowna BC  V1X 7Z2';
    expect(read(form).address).toMatchObject({ address1: '1966 Durnin Rd', address2: 'Unit 208', city: 'Kelowna' });
  });

  it('"the buzzer\'s under her name … her name is cassie nguyen": the name said, not "her name"', () => {
    expect(
      read(
        "can u put my roommate's name on the package? the buzzer's under her name and the concierge is strict\nher name is cassie nguyen\n1025 5 ave sw unit 1208 calgary ab t2p 1n4",
      ).address,
    ).toMatchObject({ firstName: 'Cassie', lastName: 'Nguyen', city: 'Calgary' });
  });

  it('names said with whose they are win over a bare "under …" ("(under marcus fairweather) … put it under my mom\'s name — linda fairweather"; "mets le nom de mon mari Benoît Charland"); "Attention : Purolator ne livre pas …" names no one', () => {
    expect(
      read(
        "this is for order #4412 (under marcus fairweather)\ncan u ship it to my parents instead?\nput it under my mom's name — linda fairweather\n1158 7 ave s lethbridge ab t1j 1k3",
      ).address,
    ).toMatchObject({ firstName: 'Linda', lastName: 'Fairweather' });
    expect(
      read(
        'Sylvie Paradis: envoie plutôt au chalet : 1420 chemin du Village, Mont-Tremblant QC J8E 1K5\nSylvie Paradis: mets le nom de mon mari Benoît Charland, c’est lui qui est là',
      ).address,
    ).toMatchObject({ firstName: 'Benoît', lastName: 'Charland' });
    const purolator =
      "Vous pouvez envoyer les pièces par Purolator, c'est plus rapide. Attention : Purolator ne livre pas à la case postale, utilisez l'adresse civique.\n\nMerci!\nBertrand Cyr\nBois francs du Madawaska ltée\n" +
      'Adresse postale : C.P. 1234, Edmundston (N.-B.) E3V 3S9\nAdresse civique : 275, rue Victoria, Edmundston (N.-B.) E3V 2H9';
    expect(read(purolator).address).toMatchObject({ firstName: 'Bertrand', lastName: 'Cyr' });
  });

  it('newcomer pastes: "Ship to: DAVID NGUYEN 1404-330 PRINCESS ST KINGSTON, ON … Phone: …" on one line; "[10:02] Ben Kowalski: …" names the writer; "From our Calgary shop:" is no company; "No. 3 Road 6551号"', () => {
    expect(
      read('Ship to: DAVID NGUYEN 1404-330 PRINCESS ST KINGSTON, ON K7L 1B9 Canada Phone: 6135550193').address,
    ).toMatchObject({
      firstName: 'David',
      lastName: 'Nguyen',
      address1: '330 Princess St',
      address2: 'Unit 1404',
      city: 'Kingston',
      phone: '613-555-0193',
    });
    expect(
      read(
        '[10:02] Ben Kowalski: hi can u ship to 1450 Pembina Hwy unit 4 winnipeg mb r3t 2c4\n[10:02] Ben Kowalski: my number 204 555 0158\n[10:05] Ben Kowalski: oops unit 5 not 4',
      ).address,
    ).toMatchObject({ firstName: 'Ben', lastName: 'Kowalski', address2: 'Unit 5' });
    expect(
      read('From our Calgary shop:\nNorthern Loom Co.\nAttn: Harpreet Gill\n410 11 Ave SE, Unit 5\nCalgary, AB T2G 0Y5')
        .address,
    ).toMatchObject({ firstName: 'Harpreet', company: 'Northern Loom Co.' });
    const wechat =
      '收件人：李娜\n电话：778-555-0163\n地址：加拿大 不列颠哥伦比亚省 列治文 No. 3 Road 6551号 1808室 V6Y 2B6';
    const got = read(wechat).address;
    expect(got).toMatchObject({ address1: '6551 No. 3 Road', address2: 'Unit 1808', city: 'Richmond' });
    expect(got.company).toBeUndefined();
  });
});
