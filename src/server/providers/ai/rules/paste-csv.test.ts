import { describe, expect, it } from 'vitest';
import { readAddress } from './roles';

/**
 * Spreadsheet and CSV pastes: what a user sees in the form after pasting an export or a few rows
 * of a sheet. One rule per test, each on a small paste of the kind that needs it.
 */
const read = (text: string) => readAddress(text, 'address').address;

describe('spreadsheet pastes', () => {
  it('a markdown table under a title line is read by its header, its |---| rule skipped', () => {
    expect(
      read(
        'Mailing address for the kit\n\n' +
          '| Name | Address | City | Prov | Postal code |\n' +
          '|------|---------|------|------|-------------|\n' +
          '| Priya Shah | 88 Lansdowne Ave | Toronto | ON | M6K 2V9 |',
      ),
    ).toMatchObject({
      firstName: 'Priya',
      lastName: 'Shah',
      address1: '88 Lansdowne Ave',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M6K 2V9',
    });
  });

  it('a civic number in a column of its own ("House #", "Numéro", "門牌號") goes before the street beside it', () => {
    expect(
      read(
        'Name (Last, First)\tHouse #\tStreet\tUnit\tCity\tProv\tPostal\nTran, Mai\t402\tVictoria Ave E\t\tRegina\tSK\tS4N 0N9',
      ),
    ).toMatchObject({ firstName: 'Mai', lastName: 'Tran', address1: '402 Victoria Ave E', city: 'Regina' });
    expect(
      read(
        'Nom complet (Nom, Prénom)\tNuméro\tRue\tVille\tCode postal\nGagnon, Élise\t77\true Principale\tGranby\tJ2G 2T8',
      ),
    ).toMatchObject({ firstName: 'Élise', lastName: 'Gagnon', address1: '77 rue Principale' });
    expect(
      read('姓\t名\t門牌號\t街道\t單位\t城市\t省份\t郵編\n司徒\t美華\t6060\tMinoru Blvd\t#210\tRichmond\tBC\tV6Y 1Y2'),
    ).toMatchObject({ lastName: '司徒', firstName: '美華', address1: '6060 Minoru Blvd', address2: 'Unit 210' });
  });

  it('a header of two rows: the lower words under merged group cells name the columns', () => {
    expect(
      read(
        'Order\tCustomer\t\tAddress\t\t\t\tPhone\n' +
          '\tLast\tFirst\tStreet\tCity\tProv\tPostal\t\n' +
          'B-1142\tMelnyk\tOksana\t10212 97 St\tEdmonton\tAB\tT5H 2M1\t780 555 0191',
      ),
    ).toMatchObject({
      firstName: 'Oksana',
      lastName: 'Melnyk',
      address1: '10212 97 St',
      city: 'Edmonton',
      province: 'AB',
      postalCode: 'T5H 2M1',
      phone: '780-555-0191',
    });
  });

  it('a civic number in its own column is joined to the street name', () => {
    expect(
      read('Name,Street No.,Street name,City,Prov,Postal code\nTomasz Wiśniewski,218,Queens Quay W,Toronto,ON,M5J 2Y6'),
    ).toMatchObject({ address1: '218 Queens Quay W', city: 'Toronto', postalCode: 'M5J 2Y6' });
  });

  it("Shopify's leading quote on a zip or a phone is not part of it", () => {
    expect(
      read(
        'Shipping Name,Shipping Address1,Shipping City,Shipping Province,Shipping Zip,Shipping Country,Shipping Phone\n' +
          "Ava Cohen,12 Beacon St,Boston,MA,'02134,US,'6175550142",
      ),
    ).toMatchObject({ city: 'Boston', postalCode: '02134', phone: '617-555-0142' });
  });

  it('a "#" column beside the street is the unit; a "#" first column counts the rows', () => {
    expect(
      read('Name\tStreet\t#\tCity\tProv\tPostal\nKenji Nakamura\t4190 Fraser St\t2\tVancouver\tBC\tV5V 4E8'),
    ).toMatchObject({ address1: '4190 Fraser St', address2: 'Unit 2', city: 'Vancouver' });
    expect(
      read('#\tName\tStreet\tCity\tProv\tPostal\n7\tKenji Nakamura\t4190 Fraser St\tVancouver\tBC\tV5V 4E8'),
    ).not.toHaveProperty('address2');
  });

  it('"Suburb" is the city (BigCommerce exports)', () => {
    expect(
      read(
        'Shipping First Name,Shipping Last Name,Shipping Street 1,Shipping Suburb,Shipping State,Shipping Zip\n' +
          'Mateo,Alvarez,5610 Gaetz Ave,Red Deer,Alberta,T4N 4B9',
      ),
    ).toMatchObject({ address1: '5610 Gaetz Ave', city: 'Red Deer', province: 'AB' });
  });

  it('the labelled lines under a table still fill the form', () => {
    expect(
      read(
        'Apt/Unit | Street No. | Street name | City | Prov | Postal code\n' +
          '1806 | 218 | Queens Quay W | Toronto | ON | M5J 2Y6\n\n' +
          'Name: Tomasz Wiśniewski\nPhone: 647-555-0183\nEmail: t.wisniewski@gmail.com',
      ),
    ).toMatchObject({
      firstName: 'Tomasz',
      lastName: 'Wiśniewski',
      address1: '218 Queens Quay W',
      address2: 'Unit 1806',
      phone: '647-555-0183',
      email: 't.wisniewski@gmail.com',
    });
  });

  it('of several rows the first complete one is read', () => {
    expect(
      read(
        'Name,Address,City,Province,Postal code\n' +
          'Ana Lima,,Toronto,ON,\n' +
          'Ben Roy,45 Church St,Toronto,ON,M5E 1A1\n' +
          'Cleo Park,9 Bay St,Toronto,ON,M5J 2R8',
      ),
    ).toMatchObject({ firstName: 'Ben', lastName: 'Roy', address1: '45 Church St', postalCode: 'M5E 1A1' });
  });

  it("a gift: the buyer's e-mail and phone are not the recipient's; an order to oneself keeps them", () => {
    const gift = read(
      'Email,Billing Name,Billing Phone,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province\n' +
        "liam@example.com,Liam Oduya,902-555-0109,Mary-Kate O'Rourke,610 Charlotte St,Fredericton,E3B 1M3,NB",
    );
    expect(gift).toMatchObject({ firstName: 'Mary-Kate', address1: '610 Charlotte St', city: 'Fredericton' });
    expect(gift).not.toHaveProperty('email');
    expect(gift).not.toHaveProperty('phone');
    expect(
      read(
        'billing_first_name,billing_last_name,billing_email,billing_phone,shipping_first_name,shipping_last_name,shipping_address_1,shipping_city,shipping_state,shipping_postcode\n' +
          'Harjot,Grewal,harjot@example.com,705-555-0168,Harjot,Grewal,2048 Long Lake Rd,Sudbury,ON,P3E 5H3',
      ),
    ).toMatchObject({ firstName: 'Harjot', email: 'harjot@example.com', phone: '705-555-0168' });
  });

  it('Google Contacts: the mobile is chosen by its Type column, the e-mail by "E-mail 1 - Value"', () => {
    expect(
      read(
        'Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value,Address 1 - Street,Address 1 - City,Address 1 - Region,Address 1 - Postal Code\n' +
          'Jerome Dela Cruz,Work,jerome@example.com,Work,204-555-0100 ext 312,Mobile,+1 204-555-0124,300 Princess St,Winnipeg,MB,R3B 1M3',
      ),
    ).toMatchObject({ email: 'jerome@example.com', phone: '204-555-0124', city: 'Winnipeg' });
  });

  it('Outlook\'s "E-mail Address" is the e-mail, not the street', () => {
    expect(
      read(
        'First Name,Last Name,Business Street,Business City,Business State,Business Postal Code,E-mail Address\n' +
          'Svetlana,Ivanova,124 Kelsey Blvd,Churchill,MB,R0B 0E0,svetlana@example.com',
      ),
    ).toMatchObject({ address1: '124 Kelsey Blvd', email: 'svetlana@example.com' });
  });

  it('camel-case headers are read by their words; a parcel\'s "WeightUnit" is no unit', () => {
    const address = read(
      'Name;Address1;City;ProvinceCode;PostalCode;CountryCode;Weight;WeightUnit\n' +
        'Lucas Ferreira;6080 Young St;Halifax;NS;B3K 5L2;CA;0.6;kg',
    );
    expect(address).toMatchObject({ province: 'NS', postalCode: 'B3K 5L2', country: 'CA' });
    expect(address).not.toHaveProperty('address2');
  });

  it('the English name column wins over the Chinese one', () => {
    expect(
      read(
        '收貨人\t英文名\t電話\t地址\t城市\t省\t郵遞區號\n黃家駿\tKelvin Wong\t(403) 555-0126\t4815 Varsity Dr NW\tCalgary\tAB\tT3A 0Z9',
      ),
    ).toMatchObject({ firstName: 'Kelvin', lastName: 'Wong', address1: '4815 Varsity Dr NW' });
  });

  it('a school sheet: the parent, not the pupil, receives the order', () => {
    expect(
      read(
        "Nom de l'élève\tNom du parent\tAdresse\tVille\tProv.\tCode postal\n" +
          'Léa Cormier\tStéphanie Arsenault\t150 rue Archibald\tMoncton\tN.-B.\tE1C 5J3',
      ),
    ).toMatchObject({ firstName: 'Stéphanie', lastName: 'Arsenault', city: 'Moncton' });
  });

  it('a bare number under "App." takes its word', () => {
    expect(
      read('Nom\tAdresse\tApp.\tVille\tCode postal\nThi Nguyen\t4215 rue de Brébeuf\t3\tMontréal\tH2J 3K8'),
    ).toMatchObject({ address1: '4215 rue de Brébeuf', address2: 'App. 3' });
  });

  it('"245, 2e Rang Ouest" in an address cell is the civic number and its street', () => {
    expect(
      read(
        'Prénom,Nom,Adresse,Ville,Province,Code postal\nGaston,Bérubé,"245, 2e Rang Ouest",Saint-Fabien,Québec,G0L 2Z0',
      ),
    ).toMatchObject({ address1: '245 2e Rang Ouest', city: 'Saint-Fabien' });
  });

  it('a row alone: a turned-around name after a class cell is the name; a cell in brackets is a note', () => {
    expect(
      read(
        "Gr. 4 - Ms. Dubé\tSingh, Manjit\t(Arjun's mom)\t1180 Commissioners Rd E\tLondon\tON\tN6C 2V6\t519-555-0159",
      ),
    ).toMatchObject({ firstName: 'Manjit', lastName: 'Singh', address1: '1180 Commissioners Rd E', city: 'London' });
  });

  it('a row alone: first and last name in two cells after an order number and a date are one name', () => {
    expect(read('2291\t2025-02-28\tIfeoma\tNwosu\tUnit 9, 2180 Itabashi Way\tBurlington\tON\tL7M 5A5')).toMatchObject({
      firstName: 'Ifeoma',
      lastName: 'Nwosu',
      address1: '2180 Itabashi Way',
      city: 'Burlington',
    });
  });

  it('a sentence with commas above a signature is no header', () => {
    const address = read(
      "Bonjour,\n\nEnvoie-le à mon nom, au bureau, qu'il appelle mon cell, merci.\n\nMerci,\n\n" +
        "Mireille Cyr\n125, rue de l'Église\nEdmundston NB E3V 1J8",
    );
    expect(address).toMatchObject({ firstName: 'Mireille', lastName: 'Cyr', city: 'Edmundston' });
  });

  it('an ATTN column names the person at a company row; an Invitee column is the name', () => {
    const erp =
      'CUST#|SHIP-TO NAME|ATTN|ADDR1|ADDR2|CITY|PROV|PC|TEL|FAX|TERMS\n004417|KOOTENAY LAKE MARINE LTD|DARREN HOLUBOWICH|1120 LAKESIDE DR||NELSON|BC|V1L 5Z4|250-555-0149|250-555-0150|NET30';
    expect(read(erp)).toMatchObject({
      firstName: 'Darren',
      lastName: 'Holubowich',
      company: 'Kootenay Lake Marine Ltd',
      city: 'Nelson',
      phone: '250-555-0149',
    });
    const wedding =
      'Invitee\t# in party\tMailing address\tCity/Town\tProv\tPostal code\nMs. Tamara Yellowquill\t1\t27 Crescent Rd W\tPortage la Prairie\tMB\tR1N 1A7';
    expect(read(wedding)).toMatchObject({ firstName: 'Tamara', lastName: 'Yellowquill', city: 'Portage la Prairie' });
  });

  it('of several rows, the one the note names, not the one it sets aside', () => {
    const sheet =
      'First Name,Last Name,Company,Shipping Address,Shipping City,Shipping Province,Shipping Postal Code\n' +
      'Kristen,Holloway,Tidewater Bio Inc.,1 Research Dr,Dartmouth,NS,B2Y 4M9\n' +
      'Rahul,Menon,PrairieGrid Energy Ltd.,2045 Broad St,Regina,SK,S4P 1Y2';
    expect(read(`hey can you ship the kit to Rahul? Kristen cancelled so ignore her row\n\n${sheet}`)).toMatchObject({
      firstName: 'Rahul',
      city: 'Regina',
    });
    expect(read(`Kristen cancelled, skip her.\n\n${sheet}`)).toMatchObject({ firstName: 'Rahul', city: 'Regina' });
    // With no note, the first complete row.
    expect(read(sheet)).toMatchObject({ firstName: 'Kristen', city: 'Dartmouth' });
  });

  it('a school sheet: "teacher" is the person ("Last, First"), "school" the company, "community" the city, "terr" the territory', () => {
    expect(
      read(
        'teacher,school,ship_addr,community,terr,pc,phone\n"Kablutsiak, Jessie",Kivalliq Learning Centre,PO Box 301,Rankin Inlet,NU,X0C 0G0,867-555-0175',
      ),
    ).toMatchObject({
      firstName: 'Jessie',
      lastName: 'Kablutsiak',
      company: 'Kivalliq Learning Centre',
      address1: 'PO Box 301',
      city: 'Rankin Inlet',
      province: 'NU',
    });
  });

  it('a courier takes the street column over the PO box beside it; "Rev." is no name', () => {
    expect(
      read(
        'Name,Organization,Mailing Address,Street Address (couriers),City,Prov,Postal,Phone\n"Rev. Deborah Anstey","Anglican Parish of Bonavista","PO Box 220","14 Church St",Bonavista,NL,A0C 1B0,709-555-0102',
      ),
    ).toMatchObject({ firstName: 'Deborah', lastName: 'Anstey', address1: '14 Church St', city: 'Bonavista' });
  });

  it('a "Contact #" column is the phone', () => {
    expect(
      read(
        'Full Name,Street,City/Town,Province/Territory,Postal Code,Contact #\nSiobhan Kearney,#305 - 1488 Ellis St,Kelowna,British Columbia,V1Y 2A3,(250) 555-0145',
      ),
    ).toMatchObject({ firstName: 'Siobhan', address1: '1488 Ellis St', address2: 'Unit 305', phone: '250-555-0145' });
  });

  it("of several rows, the one the note names by its number or a quoted status; a long header's note in brackets", () => {
    const form =
      'Row 13 picked hers up at the gala, only row 14 still needs the kit shipped.\n\n' +
      'ID,Start time,Email,Full name,"Shipping address (street, unit, city, province, postal code)",Phone number\n' +
      '13,3/4/25 8:51:02,anonymous,Fatima Zahra Benali,"1600 boul. Le Corbusier, Laval QC H7S 1Y9",450-555-0135\n' +
      '14,3/4/25 9:02:11,anonymous,Rajesh Iyer,"4090 Living Arts Dr, Suite 1804\nMississauga, ON L5B 4M8",905-555-0114';
    expect(read(form)).toMatchObject({
      firstName: 'Rajesh',
      address1: '4090 Living Arts Dr',
      address2: 'Suite 1804',
      city: 'Mississauga',
      phone: '905-555-0114',
    });
    const airtable =
      'just the one still marked "To ship" please.\n\n' +
      'Organization\tContact\tAddress\tCity\tProvince\tPostal Code\tStatus\n' +
      'Aurora College\tMarcel Beaulieu\tPO Box 1290\tFort Smith\tNT\tX0E 0P0\tShipped\n' +
      'Nunavut Arctic College\tAnnie Kilabuk\tPO Box 600\tIqaluit\tNU\tX0A 0H0\tTo ship';
    expect(read(airtable)).toMatchObject({ firstName: 'Annie', company: 'Nunavut Arctic College', city: 'Iqaluit' });
  });

  it('of several rows, the one the note names by its city ("the victoria one")', () => {
    expect(
      read(
        "the victoria one hasn't shipped yet, can you do a label for it\n\n" +
          'Full Name,Street 1,Street 2,Ship City,Ship State,Ship Zipcode,Ship Country\n' +
          'Jonah Whitecloud,412 Main St,,Brandon,MB,R7A 1A3,Canada\n' +
          'Margaret Sam,1034 Pandora Ave,Apt 3,Victoria,BC,V8V 3P5,Canada',
      ),
    ).toMatchObject({ firstName: 'Margaret', address1: '1034 Pandora Ave', address2: 'Apt 3', city: 'Victoria' });
  });

  it('"Tél. cellulaire" is a header (an abbreviation\'s dot ends no sentence) and "Localité" is the city', () => {
    expect(
      read(
        'Nom de famille\tPrénom\tAdresse postale\tLocalité\tProvince\tCode postal\tTél. cellulaire\tCourriel\n' +
          'Mallet\tYvon\t3520, rue Principale\tTracadie\tN.-B.\tE1X1G5\t506-555-0157\tymallet@nb.sympatico.ca',
      ),
    ).toMatchObject({ firstName: 'Yvon', lastName: 'Mallet', city: 'Tracadie', province: 'NB', phone: '506-555-0157' });
  });

  it('of several rows, the one the note names by its place ("only the 2nd one"), not one whose parcel "went out"; "hasn\'t shipped yet" keeps its row', () => {
    const sheet =
      "only the 2nd one still needs a label, Aaron's went out yesterday with the morning pickup\n\n" +
      'Name,Address,City,Province,Postal Code,Phone\n' +
      'Aaron Fisher,55 Johnson St,Kingston,ON,K7L 1X7,613-555-0108\n' +
      'Marcus Bell,"Apt 6, 212 Albert St",Kingston,ON,K7L 3V2,343-555-0125';
    expect(read(sheet)).toMatchObject({ firstName: 'Marcus', address1: '212 Albert St', address2: 'Apt 6' });
    const last =
      'the last row please\n\nName,Address,City,Province,Postal Code\n' +
      'Aaron Fisher,55 Johnson St,Kingston,ON,K7L 1X7\nMarcus Bell,212 Albert St,Kingston,ON,K7L 3V2\nLise Roy,9 Rue Main,Shediac,NB,E4P 2A1';
    expect(read(last)).toMatchObject({ firstName: 'Lise', city: 'Shediac' });
  });

  it('French Shopify headers ("Adresse d\'expédition 2"); a row of quoted cells without its header, "Last, First" turned round', () => {
    const shopify =
      "Commande,Courriel,Nom de facturation,Nom d'expédition,Adresse d'expédition 1,Adresse d'expédition 2,Ville d'expédition,Code postal d'expédition,Province d'expédition\n" +
      '#1188,v.marchand@hotmail.com,Valérie Marchand,Valérie Marchand,412 rue Lindsay,app. 4,Drummondville,J2B 1G8,QC';
    expect(read(shopify)).toMatchObject({ address1: '412 rue Lindsay', address2: 'App. 4', city: 'Drummondville' });
    const row =
      'can you do this one for me?\n"Nakamura, Kenji","Unit 7, 2250 Oak Bay Ave","Victoria","BC","V8R 1G5","250-555-0186"';
    expect(read(row)).toMatchObject({
      firstName: 'Kenji',
      lastName: 'Nakamura',
      address1: '2250 Oak Bay Ave',
      address2: 'Unit 7',
    });
    expect(read('Mr. Harold J. Greeley\tGreeley Hardware Ltd.\t51 Main St N\tMoose Jaw\tSK\tS6H 0V9')).toMatchObject({
      firstName: 'Harold',
      lastName: 'Greeley',
    });
  });

  it('an "Account" column is the company', () => {
    const sheet =
      'Next shipment is for the Kenora account.\n\nAccount\tContact\tStreet\tSuite\tCity\tProv\tPostal\n' +
      'Harbourfront Gifts Ltd.\tIan MacLellan\t38 Water St\t\tSummerside\tPE\tC1N 1A6\n' +
      'Lake of the Woods Outfitters\tBrenda Sinclair\t224 Main St S\tUnit B\tKenora\tON\tP9N 1T3';
    expect(read(sheet)).toMatchObject({ company: 'Lake of the Woods Outfitters', firstName: 'Brenda', city: 'Kenora' });
  });

  it('rows named in Chinese by their place ("第二位", "最后一个") and their town ("高貴林那位"); "下周再寄" sets a row aside', () => {
    const sheet =
      '姓名\t電話\t地址\t城市\t省\t郵遞區號\n' +
      '何美玲\t604-555-0111\t2288 Main St\t溫哥華\tBC\tV5T 3C9\n' +
      '葉志強\t778-555-0122\t#805 - 3008 Glen Dr\t高貴林\tBC\tV3B 0J2\n' +
      '梁家輝\t604-555-0133\t4151 No. 3 Rd\t列治文\tBC\tV6X 2C2';
    expect(read(`只寄第二位就可以，其他的下週一起寄。\n\n${sheet}`)).toMatchObject({
      address1: '3008 Glen Dr',
      postalCode: 'V3B 0J2',
    });
    expect(read(`寄高貴林那位\n\n${sheet}`)).toMatchObject({ postalCode: 'V3B 0J2' });
    expect(read(`帮我寄最后一个，何美玲下周再说\n\n${sheet}`)).toMatchObject({ postalCode: 'V6X 2C2' });
  });

  it('a row named by its order number ("la commande 10483", "A1022"), or by a name typed in lower case', () => {
    const orders =
      'No commande;Client;Adresse;Ville;Province;Code postal\n' +
      '10482;Gabrielle Roy;612 rue Notre-Dame;Joliette;QC;J6E 3J9\n' +
      '10483;Alain Grandbois;77 rue Principale Ouest;Magog;QC;J1X 2A5';
    expect(read(`C'est la commande 10483 qu'il faut expédier.\n\n${orders}`)).toMatchObject({
      firstName: 'Alain',
      postalCode: 'J1X 2A5',
    });
    const coded =
      'Order,Name,Address,City,Prov,Postal\nA1021,Kelvin Chan,25 The Esplanade,Toronto,ON,M5E 1W5\nA1022,Shu Lin,6511 Sussex Ave,Burnaby,BC,V5H 3C6';
    expect(read(`ship A1022 please\n\n${coded}`)).toMatchObject({ firstName: 'Shu', postalCode: 'V5H 3C6' });
    const form =
      'Timestamp,Full name,Address,City,Province,Postal code\n3/1/2025 19:22:05,Ravi Menon,18 Lisgar St,Toronto,ON,M6J 3E9\n3/1/2025 20:03:41,oksana kolomiets,1250 Pembina Hwy,Winnipeg,MB,R3T 2B5';
    expect(read(`only oksana's please, the other one is a pickup\n\n${form}`)).toMatchObject({ postalCode: 'R3T 2B5' });
    // A short word of a name in lower case is a word of the sentence: "will" names no "Will Tran".
    const club =
      'Name,Address,City,Prov,Postal\nWill Tran,12 Elm St,Guelph,ON,N1H 1A1\nMaya Ross,34 Oak St,Guelph,ON,N1H 2B2';
    expect(read(`i will pick up the rest, ship Maya's\n\n${club}`)).toMatchObject({ firstName: 'Maya' });
  });

  it('a club sheet: the "Athlete" or "Nom complet" names the row, the "Parent/Guardian" beside it gets the label; a town all rows share names none', () => {
    expect(
      read(
        "Can you ship Daniel's jacket to his mom?\n\nAthlete,Parent/Guardian,Address,City,Postal,Phone\n" +
          'Lila Berg,Erik Berg,128 Benchlands Terr,Canmore,T1W 1G2,403-555-0110\n' +
          'Daniel Obi,Grace Obi,"1005 Cougar Creek Dr, Unit 14",Canmore,T1W 1C8,403-555-0157',
      ),
    ).toMatchObject({ firstName: 'Grace', lastName: 'Obi', address1: '1005 Cougar Creek Dr', address2: 'Unit 14' });
    expect(
      read(
        'Peux-tu envoyer le costume de Noémie? Au nom de sa mère.\n\nClub de patinage de Rouyn-Noranda\n' +
          'Nom complet,Parent,Adresse,Ville,Code postal\n' +
          'Léa Dubé,Annie Dubé,19 rue Murdoch,Rouyn-Noranda,J9X 2S5\n' +
          'Noémie Kistabish,Sonia Kistabish,244 rue Perreault Est,Rouyn-Noranda,J9X 3C9',
      ),
    ).toMatchObject({ firstName: 'Sonia', lastName: 'Kistabish', postalCode: 'J9X 3C9' });
  });

  it('a shop\'s own French export: "Nom livraison", "Adresse livraison 2" are the shipping columns, the client\'s e-mail stays off a gift', () => {
    const got = read(
      'No commande;Client;Courriel;Nom livraison;Adresse livraison 1;Adresse livraison 2;Ville livraison;Province;Code postal\n' +
        '10483;Pierre-Luc Boisvert;plb@example.ca;Maude Boisvert;77 rue Principale Ouest;app. 2;Magog;QC;J1X 2A5',
    );
    expect(got).toMatchObject({ firstName: 'Maude', address2: 'App. 2', city: 'Magog' });
    expect(got.email).toBeUndefined();
  });

  it('Google Contacts: "Address 1 - Extended Address" is the unit', () => {
    expect(
      read(
        'Name,Address 1 - Street,Address 1 - City,Address 1 - Region,Address 1 - Postal Code,Address 1 - Extended Address\n' +
          'Dmitri Volkov,2250 Commercial Dr,Vancouver,BC,V5N 5P9,Unit 305',
      ),
    ).toMatchObject({ address1: '2250 Commercial Dr', address2: 'Unit 305', city: 'Vancouver' });
  });

  it('a row named by a word of its own in a column no field takes ("our treasurer" under "Role", "the one going by mail" under "Delivery")', () => {
    const roster =
      'Trophy goes to our treasurer.\nSurname\tGiven name\tRole\tAddress\tCity\tProv\tPostal code\n' +
      'MacAulay\tFiona\tPresident\t19 Tupper St\tAntigonish\tNS\tB2G 1Y4\nDeveau\tRaymond\tTreasurer\t4 Boulderwood Lane\tTatamagouche\tNS\tB0K 1V0';
    expect(read(roster)).toMatchObject({ firstName: 'Raymond', lastName: 'Deveau', city: 'Tatamagouche' });
    const club =
      'Jackets: everyone picks up at the meeting except the one going by mail.\nName,Mailing address,Town,Prov,Postal,Delivery\n' +
      'Cody Ross,Box 87,Bashaw,AB,T0B 0H0,Pickup at meeting\nBrianna Skoro,PO Box 1190,Vegreville,AB,T9C 1S4,Mail\nJenna Wiebe,Box 14,Camrose,AB,T4V 2N1,Pickup at meeting';
    expect(read(club)).toMatchObject({ firstName: 'Brianna', address1: 'PO Box 1190' });
  });

  it('"ship the one that hasn\'t gone out yet": the row without a date under "Date Shipped"; "Delivery" is no name column; "Ship to" over streets is the street', () => {
    const etsy =
      "Etsy export — ship the one that hasn't gone out yet\nFull Name,Date Shipped,Street 1,Ship City,Ship State,Ship Zipcode\n" +
      'Holly Penner,03/04/24,52 Elm Ave,Steinbach,MB,R5G 0J8\nSiân Pritchard,,1623 Chapman Way,Kamloops,BC,V2C 6P5\nJordy Lefebvre,03/04/24,9 Pine St,Kirkland Lake,ON,P2N 2X7';
    expect(read(etsy)).toMatchObject({ firstName: 'Siân', city: 'Kamloops' });
    const form =
      "only Aiden's family asked for home delivery. Address it to the parent.\nStudent name,Parent/Guardian name,Street address,City,Postal code,Delivery\n" +
      'Ethan Wong,Lisa Wong,,,,Pick up at school\nAiden Naka,Rebecca Naka,148 Cranleigh Way SE,Calgary,T3M 1A5,Ship home';
    expect(read(form)).toMatchObject({ firstName: 'Rebecca', lastName: 'Naka', address1: '148 Cranleigh Way SE' });
    const orders =
      'skip the cancelled one\nOrder\tStatus\tCustomer\tShip to\tCity\tProv\tPostal\n' +
      'W-3318\tCancelled\tGreg Tomczak\t78 Lorne Ave\tNewmarket\tON\tL3Y 4K6\nW-3319\tPaid\tAdwoa Owusu\t3015 Glen Erin Dr, Unit 41\tMississauga\tON\tL5L 1J3';
    expect(read(orders)).toMatchObject({ firstName: 'Adwoa', address1: '3015 Glen Erin Dr', address2: 'Unit 41' });
  });

  it('numbered groups of columns: "mail it to Guardian 2", "her work address" (Google\'s "Address 2 - Type: Work"); a row by the month of its date ("joined in October")', () => {
    const guardians =
      "Please mail the report card to Guardian 2 — see Maya's row.\nStudent\tGuardian 1\tG1 Address\tG1 Phone\tGuardian 2\tG2 Address\tG2 Phone\n" +
      'Liam Oduya\tGrace Oduya\t55 Cedar St, Sudbury ON P3E 1A9\t705-555-0148\t\t\t\n' +
      'Maya Castel\tJulia Castel\t212 Regent St, Sudbury ON P3C 4C8\t705-555-0165\tMarco Castel\t1390 Kingsway, Apt 6, Sudbury ON P3B 2E7\t705-555-0110';
    expect(read(guardians)).toMatchObject({ firstName: 'Marco', address1: '1390 Kingsway', phone: '705-555-0110' });
    const contacts =
      'Send it to her work address pls (she is never home)\nName,Address 1 - Type,Address 1 - Street,Address 1 - City,Address 1 - Region,Address 1 - Postal Code,Address 2 - Type,Address 2 - Street,Address 2 - City,Address 2 - Region,Address 2 - Postal Code\n' +
      'Rosalie Nkem,Home,14 Poplar Cres,Saskatoon,SK,S7H 2V1,Work,"3311 Fairlight Dr, Suite 108",Saskatoon,SK,S7M 3Y5';
    expect(read(contacts)).toMatchObject({
      address1: '3311 Fairlight Dr',
      address2: 'Suite 108',
      postalCode: 'S7M 3Y5',
    });
    const members =
      'Kits to mail — just the new member (joined in October).\nMember,Joined,Address,Community,Province,Postal code\n' +
      'Alasdair Beaton,2019-05-11,2281 Hwy 19,Mabou,NS,B0E 1X0\nMorag Chisholm,2024-10-03,RR 2,Judique,NS,B0E 1P0';
    expect(read(members)).toMatchObject({ firstName: 'Morag', city: 'Judique' });
  });

  it('a second parent\'s columns named by the note ("c\'est Mme Aubin qui le reçoit"); without a note, not the row marked "已取消"', () => {
    const sheet =
      "Pour le bulletin : c'est Mme Aubin (la mère de Félix) qui le reçoit, pas le père.\n" +
      'Élève;Parent/tuteur 1;Adresse 1;Parent/tuteur 2;Adresse 2;Téléphone 1;Téléphone 2\n' +
      'Félix Bergeron;Stéphane Bergeron;128, rue King Ouest, Sherbrooke (Québec) J1H 1P1;Caroline Aubin;455, rue Galt Est, app. 3, Sherbrooke (Québec) J1G 1Y2;819 555-0179;819 555-0126';
    expect(read(sheet)).toMatchObject({
      firstName: 'Caroline',
      lastName: 'Aubin',
      address1: '455 rue Galt Est',
      address2: 'App. 3',
      phone: '819-555-0126',
    });
    const orders =
      '收件人,聯絡電話,地址,城市,省份,郵遞區號,狀態\n張家豪,604-555-0122,6088 Willingdon Ave #1503,Burnaby,BC,V5H 0A3,已取消\n' +
      '蔡佩珊,778-555-0174,"3333 Corvette Way, Unit 2108",Richmond,BC,V6X 0L1,待出貨';
    expect(read(orders)).toMatchObject({ lastName: '蔡', city: 'Richmond' });
  });
});
