/**
 * What one line of a paste is: a heading that opens an address block, a line that is never part
 * of an address (an order number, a price, a greeting, a job title, a delivery note), a correction
 * in a chat, or a line to keep. Each pattern is one regex tested once per line (no nested
 * quantifiers over the same characters), so a paste of hundreds of lines stays linear.
 */
import { normalizeProvince, normalizeUsState } from '../../../../shared/provinces';
import { LETTER, STARTS_UPPER } from './address-text';
import { lookupCity } from './cities';
import { FRENCH_STREET_TYPES, STREET_TYPES } from './lexicon';
import { POSSESSIVES } from './vocabulary/addresses';
import { AFTERTHOUGHT_WORDS, CORRECTION_WORDS } from './vocabulary/changes';
import { compile, anyOf, anyWord } from './vocabulary/compile';
import { FROM_HEADINGS, NEUTRAL_HEADINGS, OTHER_HEADINGS, SHIP_HEADINGS, TO_HEADINGS } from './vocabulary/headings';
import {
  ACCOUNT_WORDS,
  DELIVERY_NOTES,
  EMAIL_FOOTERS,
  MESSENGER_LINES,
  MONTH_WORDS,
  ORDER_NUMBER_WORDS,
  ORDER_STATUS_WORDS,
  PARCEL_WORDS,
  REQUESTS,
  TOTAL_WORDS,
  WEEKDAYS,
  WEEKDAYS_UNTIL,
} from './vocabulary/messages';
import { CLOSING_WORDS, GREETINGS, JOB_TITLES, SIGN_OFFS } from './vocabulary/signatures';

export type SectionKind = 'ship' | 'to' | 'from' | 'other' | 'neutral';

/**
 * A heading at the start of a line: alone, or followed by a colon (and the block's first line).
 * Ship-to phrases may run straight into the name ("ship to bob smith …").
 */
export const SECTION = new RegExp(
  `^(?:(?<ship>${anyWord(SHIP_HEADINGS)})|(?<other>${anyWord(OTHER_HEADINGS)})|(?<from>${anyWord(FROM_HEADINGS)})|(?<to>${anyWord(TO_HEADINGS)})|(?<neutral>${anyWord(NEUTRAL_HEADINGS)}))` +
    `(?:[ \\t]*(?:address|adresse|addr|地址|信息))?(?:[ \\t]*[:：]+[ \\t]*|(?:[ \\t]+(?:edit|modifier|change|changer|copy|copier|编辑|編輯|修改))?[ \\t]*$|(?<=(?:to|à|a))[ \\t]+(?=[\\p{L}]))`,
  'iu',
);

const MONTHS = anyOf(MONTH_WORDS);

/** Order, invoice, item and transaction numbers: never a phone, even when ten digits long. */
const ID_LINE = compile(
  'iu',
  String.raw`^(?:`,
  ACCOUNT_WORDS,
  String.raw`)[ \t]*(?:#|no\.?|number|num(?:éro)?|id|n°)[ \t]*[:：]?[ \t]*[A-Za-z]{0,3}[\d-]*\d|\b(?:order|quote|quotation|`,
  String.raw`invoice|ticket|rma|soumission|devis)\s*#\s*[A-Za-z]{0,3}-?\d|^(?:`,
  ORDER_NUMBER_WORDS,
  String.raw`)\b[^\n]{0,40}?(?:#|no\.?|number|id|n°|numéro|号|號|[:：])`,
);

export function isIdLine(t: string): boolean {
  return ID_LINE.test(t.trim());
}

/** Greetings in the languages people write to shippers in, for the patterns of a greeting line. */
export const GREETING_WORDS = anyOf(GREETINGS);

/** The NOISE patterns that cannot match a line without a digit (most lines have none: they are not tried there). */
type LineTest = { test(t: string): boolean };
const NEEDS_DIGIT = new Set<LineTest>();
const withDigit = (re: LineTest) => (NEEDS_DIGIT.add(re), re);
/** A pattern tried only on a line that `gate` finds (what every match of it holds). */
const needs = (gate: RegExp, re: RegExp): LineTest => ({ test: (t) => gate.test(t) && re.test(t) });

const NOISE: LineTest[] = [
  // A messaging handle ("微信：mingkee_bakery", "WeChat ID: davidwang_glt", "IG: @tidepool"): no name, no place.
  /^(?:微信|微信号|微信號|wechat|weixin|whatsapp|line(?: id)?|instagram|ig|telegram|signal|skype|kakaotalk)(?:[ \t]*id)?[ \t]*[:：][ \t]*[@\w.-]+$/iu,
  // A line about an address that holds none ("Warranty registration — mailing address"), and "same as before".
  // (Tried only on a line that says one of its words: it reads the whole line more than once.)
  needs(
    /address|adresse|不变|不變|同上|一样|一樣|没变|沒變/iu,
    /^(?![^\n]*(?:general delivery|poste restante))[^\d@]*\b(?:address|adresse)\b[^\d@]*$|^[^\d]*(?:不变|不變|同上|一样|一樣|没变|沒變)[^\d]*$/iu,
  ),
  // Order, invoice and tracking numbers.
  withDigit(/^(?:po|p\.o\.)\s*(?:#|no\.?|number|n°|:)\s*[\w-]*\d/iu),
  withDigit(
    /^(?:order|commande|invoice|facture|receipt|reçu|transaction|confirmation|tracking|suivi|purchase order|bon de commande|ref|reference|référence|订单|訂單|运单|運單|发票|發票|单号|單號)\b[^\n]{0,60}?\d/iu,
  ),
  withDigit(
    /^#\s?\d{3,}(?:\s*$|\s+(?!-|–)\D)|(?:\border|\bcommande|订单|訂單|單號|单号)[ \t]?(?:#|no\.?|number|n°|numéro|号|號)[ \t:]?[\w-]*\d/iu,
  ),
  /^(?:订单号|訂單號|订单编号|訂單編號|单号)/u,
  // A form's numbered section title in capitals ("1. APPLICANT", "3) DECLARATION").
  withDigit(/^\d{1,2}[.)][ \t]+\p{Lu}[\p{Lu} \t&/'-]*$/u),
  // A form service's furniture: "Google Forms", "Response #27", "Submission 1042", "Submitted on: …".
  compile(
    'iu',
    String.raw`^(?:google forms?|microsoft forms?|wix forms?|typeform|jotform|formstack|squarespace forms?|(?:response|`,
    String.raw`réponse|submission|soumission|entry|entrée)[ \t]*(?:#|no\.?|n°)?[ \t]*\d{1,7}|(?:submitted|soumis|envoyé)`,
    String.raw`(?:[ \t]+(?:on|le))?[ \t]*[:：][^\n]*)$`,
  ),
  // Page markers of a printed list ("Page 14", "Page 2 of 3", "p. 2/3").
  withDigit(/^(?:page|p\.)\s*\d{1,4}(?:\s*(?:of|de|\/)\s*\d{1,4})?$/iu),
  // Dates and times (a written date ends with its year's four digits; a numeric one has its separators).
  withDigit(
    needs(
      /\d{4}/u,
      new RegExp(
        `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th|er)?,?\\s+\\d{4}\\b|\\b\\d{1,2}(?:er)?\\s+(?:${MONTHS})\\.?\\s+\\d{4}\\b`,
        'iu',
      ),
    ),
  ),
  withDigit(
    needs(
      /[月年/:]|\d[-.]|\d[ \t]?h/iu,
      /\d{1,2}月\d{1,2}[日号號]|\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\d{4}年\d{1,2}月|\b\d{1,2}:\d{2}\s?(?:am|pm|a\.m\.|p\.m\.)?(?:\s|$)|\b\d{1,2}[ \t]?h[ \t]?\d{2}(?:\s|$)/iu,
    ),
  ),
  /^(?:placed on|placed|date|ordered on|order date|date de (?:la )?commande|passée le|下单时间|下單時間|日期|时间|時間)\b/iu,
  // Prices, totals and items.
  withDigit(
    needs(
      /[$€£¥元加刀]|cad|usd/iu,
      /[$€£¥]\s?\d|\d\s?\$|\b\d+[.,]\d{2}\s?(?:cad|usd|ca\$)\b|\b(?:cad|usd)\s?\$?\s?\d|(?<![\d.])\d+(?:\.\d+)?\s?(?:元|加元|加币|刀)/iu,
    ),
  ),
  compile('iu', String.raw`^(?:`, TOTAL_WORDS, String.raw`)\b`),
  needs(
    /qty|quantit|sku|#|数量|數量|件数|×|^\d/iu,
    /\b(?:qty|quantity|quantité|sku|item\s?#|article\s?#|数量|數量|件数)\b|(?:^|\s)×\s?\d|^\d{1,3}\s?[x×]\s+(?:\p{L}|\d+\s?(?:kg|g|lb|lbs|oz|ml|l|cm|mm|in|pcs?|pack)\b)/iu,
  ),
  // Status, payment and shipping-method words.
  compile('iu', String.raw`^(?:`, ORDER_STATUS_WORDS, String.raw`)\b[\s\p{P}]*$`),
  /^(?:payment|fulfil+ment|order|financial|paiement)\s+status\b|^(?:status|statut|状态|狀態)\s*[:：]/iu,
  /\b(?:visa|mastercard|master card|amex|american express|paypal|shop pay|apple pay|google pay|interac|e-transfer|etransfer|ending (?:in|with)|se terminant par|card ending|carte se terminant)\b/iu,
  /^(?:standard|expedited|express|priority|economy|free|regular|xpresspost|ground|standard shipping|free shipping|livraison (?:standard|gratuite|express))\b[^\n]{0,30}$/iu,
  // A carrier's service named alone: "Postes Canada – Colis standard", "Canada Post Expedited Parcel".
  /^(?:postes canada|canada post|purolator|ups|fedex|dhl|intelcom|canpar|loomis|chit chats|stallion express)\b[^\d\n]{0,60}$/iu,
  // Greetings, sign-offs and e-mail furniture on a line of their own.
  new RegExp(
    String.raw`^(?:${GREETING_WORDS})(?=[\s,!.~～:]|$)(?:[^\n]{0,30}[,!.:~～]|[ \t]+\S+(?:[ \t]+[^\p{L}\p{N}\s]+)?|)\s*$`,
    'iu',
  ),
  // A greeting that runs into a sentence without an address: "Allô! c'est pour les courtepointes", "hi Maria! size L please".
  new RegExp(
    String.raw`^(?:${GREETING_WORDS})(?=[\s,!.~～:]|$)[^\n\d]{0,30}?[,!.~～][ \t]+[^\d\n\s]+(?:[ \t]+[^\d\n\s]+){2,}[ \t]*$`,
    'iu',
  ),
  compile('iu', String.raw`^(?:`, SIGN_OFFS, String.raw`)\b[\s\p{P}\p{Extended_Pictographic}]*$`),
  // A short thank-you in a chat: "Parfait merci!", "ok thx", "Thank you ji, will ship Monday".
  /^(?:[\p{L}'’]+[ \t]+){0,2}(?:merci|thanks|thank you|thx|ty)\b[^\d\n]{0,40}$/iu,
  // A reply that only acknowledges: "Parfait, c'est booké avec Purolator", "Got it! will ship Monday".
  /^(?:parfait|perfect|great|super|awesome|cool|ok|okay|d'accord|génial|nice|sounds good|got it|noted|reçu|entendu|no problem|pas de problème|ça marche|deal)[,!.]+(?:[ \t]+[^\d\n]{0,60})?$/iu,
  // Messenger furniture: read receipts and stamps, media placeholders, forwarded and shared-location
  // lines, a channel, the app or the conversation's title, an address-type tag.
  /^(?:imessage|sms|text message|mms|delivered|read|seen|vu|lu|distribué|today|yesterday|aujourd'hui|hier|edited|modifié)(?:[ \t]+(?:at[ \t]+)?\d{1,2}[:h]\d{2}(?:[ \t]*[ap]\.?m\.?)?)?$/iu,
  compile('iu', MESSENGER_LINES),
  /^(?:cc|bcc|c\.c\.|subject|objet|sent|envoyé|date|de|from|to|à|主题|主題)\s*:\s*(?:[^@\n<]{1,60}<)?\S+@|^(?:subject|objet|sent|envoyé|主题|主題)\s*:/iu,
  compile('iu', EMAIL_FOOTERS),
  // Web sites and social handles.
  needs(
    /[.:：@]|^(?:linkedin|instagram|facebook|twitter|tiktok|ig|fb)\b/iu,
    compile(
      'iu',
      String.raw`https?:\/\/|\bwww\.|^(?:web|website|site|site web|wechat id|微信号|微信號)\s*[:：]|^(?:linkedin|instagram|facebook|`,
      String.raw`twitter|tiktok|ig|fb)\b|\b(?:linkedin|facebook|instagram)\.com\b|^@[\w.]+$|^[\w-]+\.(?:com|ca|net|org|io|shop|`,
      String.raw`store|co)(?:\/\S*)?$`,
    ),
  ),
  // Office hours.
  compile(
    'iu',
    String.raw`\b(?:`,
    WEEKDAYS,
    String.raw`)[a-z]*\.?\s*(?:-|to|à|au)\s*(?:`,
    WEEKDAYS_UNTIL,
    String.raw`)|^(?:hours|heures|office hours|business hours|营业时间|營業時間)\b`,
  ),
  // Delivery notes: buzzers, doors, desks (never the address itself).
  compile('iu', String.raw`\b(?:`, DELIVERY_NOTES, String.raw`)\b`),
  // Message lines that talk about the parcel rather than give the address.
  compile('iu', String.raw`^(?:`, REQUESTS, String.raw`)\b[^\n]*\b(?:`, PARCEL_WORDS, String.raw`)\b(?![^\n]*\d{2,})`),
];
const NOISE_WITHOUT_DIGIT = NOISE.filter((re) => !NEEDS_DIGIT.has(re));

/** A line of a signature that names a job or a department, not a person or a company. */
const JOB = compile('iu', String.raw`(?<![\p{L}\p{N}])(?:`, JOB_TITLES, String.raw`)(?![\p{L}\p{N}])`);
const LEGAL_SUFFIX =
  /\b(?:inc|ltd|ltée|ltee|corp|llc|llp|limited|incorporated|corporation|s\.e\.n\.c|senc|enr|co)\b\.?|有限公司|公司/iu;

/** A line of a signature that is a job title or a department ("Project Engineer", "Infirmière clinicienne – Soutien à domicile"). */
export function isJobTitle(t: string): boolean {
  return !/\d|@/.test(t) && t.length <= 80 && JOB.test(t) && !LEGAL_SUFFIX.test(t);
}

/** "Principal, Saltchuck Architecture Ltd.", "Owner — Shevchuk Plumbing Ltd.": a job title before the company — the company. */
export function dropJobTitle(t: string): string {
  const m = /^([^,\d—–-]{2,60}?)[ \t]*(?:,|[ \t][—–-])[ \t]*([^\d]{2,120})$/u.exec(t.trim());
  return m && JOB.test(m[1]) && !LEGAL_SUFFIX.test(m[1]) && LEGAL_SUFFIX.test(m[2]) ? m[2] : t;
}

/** Chat corrections: "sorry, postal code is …", "oops unit 5 not 4", "不好意思，邮编是 …". */
export const CORRECTION = compile(
  'iu',
  String.raw`(?:^|[\s,.;!])(?:`,
  CORRECTION_WORDS,
  String.raw`)(?=$|[\s,.;:!，])|不好意思|唔好意思|更正|改一下|写错了|寫錯了|打错|打錯|搞错|搞錯|抱歉|不对|不對`,
);

/** Words that close a message in the languages people write to shippers in. */
const CLOSING_WORD = compile('iu', String.raw`(?<![\p{L}])(?:`, CLOSING_WORDS, String.raw`)(?![\p{L}])`);

const NUMBER_SWAP =
  /(?<![\p{L}\d-])\d{2,6}[A-Za-z]?,?[ \t]+(?:not|NOT|pas|PAS)[ \t]+\d{2,6}[A-Za-z]?(?![\p{L}\d-])|\d{2,6}[ \t]*(?:唔係|唔系|而不是|不是)[ \t]*\d{2,6}/u;

/** A unit given later in a chat: "oh yeah apt 2, it's a house split in two", "oh her unit is 4!!". */
const UNIT_ADDED = compile(
  'iu',
  String.raw`^(?:(?:`,
  AFTERTHOUGHT_WORDS,
  String.raw`)[\s,!.]+){1,3}(?:(?:`,
  POSSESSIVES,
  String.raw`)[\s']*)?(?:apt|apartment|unit|suite|app|appartement|appt)\.?[ \t]*(?:is|est|#|:|`,
  String.raw`no\.?)?[ \t]*#?[ \t]*[A-Za-z]?\d{1,5}[A-Za-z]?\b(?![ \t]*[-–][ \t]*\d)[^\d\n]*$`,
);

/** A civic number followed by a word: the start of a street somewhere in the line. */
const STREETISH = compile(
  'iu',
  String.raw`(?<![\p{L}\p{N}#])\d{1,6}[A-Za-z]?(?:-\d{1,6})?,?\s+(?:(?![\u3400-\u9fff])[\p{L}]|\d{1,3}(?:st|nd|rd|th|`,
  String.raw`e)?\s)|\d{1,6}\s*[号號]|(?:p\.?\s?o\.?\s?box|c\.p\.|case postale)\s*\d|\brr\s?\d|general delivery`,
);
const GENERAL_DELIVERY = /general delivery/iu;
/** STREETISH, tried only on a line with a digit or "general delivery" (all it can match; most lines have neither). */
const streetish = (t: string) => (/\d/.test(t) || GENERAL_DELIVERY.test(t)) && STREETISH.test(t);
const POSTALISH = /(?<![\p{L}\p{N}])[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d(?![\p{L}\p{N}])|\b\d{5}(?:-\d{4})?\b/u;
const CJK_CHAR = /[\u3400-\u9fff]/u;
const ZH_PLACE = /[省市街路道号號]|加拿大|多伦多|多倫多|温哥华|溫哥華/u;

/** A civic number with a street type within the four words after it, a PO box or a rural route. */
function streetInSentence(t: string): boolean {
  const tokens = t
    .toLowerCase()
    .split(/[\s,;()]+/)
    .map((w) => w.replace(/\.$/, ''));
  for (let i = 0; i < tokens.length; i++) {
    if (!/^#?\d{1,6}[a-z]?(?:-\d{1,6})?$/.test(tokens[i])) continue;
    for (let k = i + 1; k <= i + 4 && k < tokens.length; k++)
      if (STREET_TYPES.has(tokens[k]) || FRENCH_STREET_TYPES.has(tokens[k])) return true;
  }
  // (A box with its number: "à notre case postale, alors …" speaks of one.)
  return /p\.?\s?o\.?\s?box\s?#?\s?\d|c\.p\.\s?\d|case postale\s?\d|\brr\s?\d|general delivery|\d\s*[号號]/iu.test(t);
}

/**
 * A sentence of the message around the address ("Thanks for the quick turnaround on the quote.
 * Could you …"): many words, or a question, with no street and no postal code in it.
 */
/** A postal code in a sentence: a Canadian one, or a ZIP after its state ("… Blaine, WA 98230"), not any five digits. */
const POSTAL_IN_SENTENCE =
  /(?<![\p{L}\p{N}])[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d(?![\p{L}\p{N}])|\b[A-Z]{2},?[ \t]+\d{5}(?:-\d{4})?\b/u;

function isProse(t: string): boolean {
  // (Either postal code has digits: a line without any is not tried.)
  if (/\d/.test(t) && POSTAL_IN_SENTENCE.test(t)) return false;
  // A form line ("Note: …", "地址：…") is not prose; a sentence that starts with a few words and a colon is.
  const label = /^([^:：]{1,24})[:：]\s*(.*)$/u.exec(t);
  if (label && label[1].split(/\s+/).length <= 3 && label[2] && label[2].split(/\s+/).length < 7) return false;
  const words = t.split(/\s+/).filter((w) => LETTER.test(w));
  // A number and a word start a street ("45 Main St") — in a long sentence only when a street type
  // follows ("the 2 replacement cushions (quote Q-1187)", "our file no. 21874-003 on the envelope" are not).
  if (streetish(t) && (words.length < 8 || streetInSentence(t))) return false;
  if (CJK_CHAR.test(t)) {
    const han = t.match(/[\u3400-\u9fff]/gu)?.length ?? 0;
    return han >= 8 && !ZH_PLACE.test(t) && words.length <= 3;
  }
  if (words.length >= 7) return true;
  // "He's in a retirement home, room 214:": a sentence leading to the address, no part of it.
  if (
    words.length >= 5 &&
    /[:：]\s*$/u.test(t) &&
    /^(?:he|she|they|i|we|it|il|elle|ils|elles|je|nous|on)(?:['’]\p{L}{1,2})?\s/iu.test(t)
  )
    return true;
  return (
    words.length >= 4 && /[?!]\s*\S{0,3}$/u.test(t) && !/^\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){1,3}[!.]?$/u.test(t)
  );
}

export type LineKind = 'keep' | 'noise' | 'correction';

/** One line's kind (computed each time it is asked). */
export const lineKind = (text: string): LineKind => classify(text);

/** A reading's classifier of lines: lineKind, each distinct line computed once. */
export type LineKinds = (text: string) => LineKind;

/**
 * Within one reading the same line is asked about several times (block, context, signature): each
 * reading makes its own classifier, which classifies each line once; nothing is kept between readings.
 */
export function lineKinds(): LineKinds {
  const kinds = new Map<string, LineKind>();
  return (text) => {
    let kind = kinds.get(text);
    if (kind === undefined) {
      kind = classify(text);
      kinds.set(text, kind);
    }
    return kind;
  };
}

/** A basement unit said in a sentence: "i'm in the basement suite so pls put bsmt on it". */
const MOVED_UNIT = compile(
  'iu',
  String.raw`(?<![\p{L}])(?:moved|we['’]ve moved|déménagé|déménagés|déménagées|démenagé)(?![\p{L}])[^.!?\n]{0,60}?`,
  String.raw`(?<![\p{L}])(?:to|into|au|à|dans)[ \t]+(?:the[ \t]+|l['’]|le[ \t]+|la[ \t]+)?(?:unit|suite|apt|app\.?|local|`,
  String.raw`bureau)[ \t]*#?[ \t]*\d{1,5}[A-Za-z]?(?![\p{L}\p{N}])`,
);
const UNIT_SAID =
  /(?<![\p{L}])(?:room|apt|apartment|unit|suite|app|appartement)\.?[ \t]*#?[ \t]*\d{1,5}[A-Za-z]?(?![\p{L}\p{N}])/iu;
export const BASEMENT_SAID = /(?<![\p{L}])(?:bsmt|basement (?:suite|apt|apartment|unit)|sous-sol)(?![\p{L}])/iu;

/** Season's wishes that close a message: "Merry Christmas!", "Joyeuses fêtes". */
export const HOLIDAY =
  /^(?:merry christmas|happy holidays|happy new year|season['’]s greetings|joyeuses fêtes|joyeux noël|bonne année|bonnes fêtes|happy thanksgiving|happy easter)[\s\p{P}\p{Extended_Pictographic}]*$/iu;

const ATTN_DESK =
  /^(?:accounts|receiving|shipping|purchasing|reception|warehouse|dock|front|mail|service|billing|payables|achats|réception|expédition|comptes|the|le|la)(?![\p{L}])/iu;

/** A title before a person's name: "chef Marco Bellavance", "rev. Anne Moody" (the title lowered). */
const TITLED_NAME =
  /^(?:chef|pastor|pasteur|rev\.?|reverend|father|sister|capt\.?|captain|prof\.?|professor|coach)[ \t]+\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,2}$/u;

function classify(text: string): LineKind {
  const t = text.trim();
  if (!t) return 'keep';
  if (HOLIDAY.test(t)) return 'noise';
  // "Chef Marco Bellavance", "Rev. Anne Moody": a title before a person's name, not a job line.
  // (Only a line that starts with a title's first letter is lowered and tried.)
  if (/^[cfprs]/i.test(t) && TITLED_NAME.test(t.replace(STARTS_UPPER, (c) => c.toLowerCase()))) return 'keep';
  // "RE: Replacement gaskets – quote #Q-22817": an order's, quote's or ticket's number, no address.
  if (
    ID_LINE.test(t) &&
    !/[A-Za-z]\d[A-Za-z][ \t]?\d[A-Za-z]\d|(?<![\p{L}])(?:box|case postale|c\.p\.)(?![\p{L}])/iu.test(t) &&
    !hasStreet(t)
  )
    return 'noise';
  // "À l'attention de Mme Nadia Benali, réception des marchandises": the person, whatever title follows
  // (not a desk: "Attn: Accounts Receivable").
  const attn =
    /^(?:attn|attention|à l['’]attention d[eu]|a\/s|c\/o)\b[ \t:.-]*(?:(?:m|mme|mr|mrs|ms|dr|dre|me)\.?[ \t]+)?/iu.exec(
      t,
    );
  if (attn && /^\p{Lu}\p{Ll}/u.test(t.slice(attn[0].length)) && !ATTN_DESK.test(t.slice(attn[0].length))) return 'keep';
  if (CORRECTION.test(t) && /\d|\bnot\b|\bpas\b|不是/iu.test(t)) return 'correction';
  if (UNIT_ADDED.test(t)) return 'correction';
  // "basement apt, side door": the unit, whatever note follows.
  if (/^(?:basement|bsmt|sous-sol)(?![\p{L}])/iu.test(t)) return 'keep';
  // "Mom it's 1421 not 1412!!", "係1410唔係1401": one number for another, without a word of excuse.
  if (NUMBER_SWAP.test(t)) return 'correction';
  // A closing in any language ("Warmly,", "Ekosi,", "JazakAllah khair,"): not a name. Only known
  // closing words: "Tsawwassen," on its own line is a town.
  // (Mi'kmaw "Msit No'kmaq," — all my relations — has a capital in its second word.)
  const closing =
    /^([\p{L}'’:-]{2,20}(?:[ \t]+[\p{Ll}'’:-]{2,20}){0,2}),$/u.exec(t) ?? /^(msit no['’]?kmaq),?$/iu.exec(t);
  if (
    closing &&
    CLOSING_WORD.test(closing[1]) &&
    !lookupCity(closing[1]) &&
    !normalizeProvince(closing[1]) &&
    !normalizeUsState(closing[1])
  )
    return 'noise';
  const postal = POSTALISH.test(t) && /(?<![\p{L}\p{N}])[A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d(?![\p{L}\p{N}])/u.test(t);
  // (None is noise beside a postal code; a line without a digit is not tried against the patterns that need one.)
  if (!postal) for (const re of /\d/.test(t) ? NOISE : NOISE_WITHOUT_DIGIT) if (re.test(t)) return 'noise';
  if (!/\d/.test(t) && t.length <= 80 && JOB.test(t) && !LEGAL_SUFFIX.test(t)) return 'noise';
  if (!isProse(t)) return 'keep';
  // "i'm in the basement suite so pls put bsmt on it": the unit, said in a sentence.
  if (BASEMENT_SAID.test(t)) return 'correction';
  // "He's in a retirement home, room 214:": a sentence leading to the address gives its unit.
  if (/[:：]\s*$/u.test(t) && UNIT_SAID.test(t)) return 'correction';
  // "we moved two doors down last month, to unit 11 in the same building": the new unit.
  if (MOVED_UNIT.test(t)) return 'correction';
  return 'noise';
}

/** Is this line a street line (for cutting a chat line at its address)? */
export function hasStreet(t: string): boolean {
  return streetish(t);
}

/** Countries the forms cannot take, by the names people write at the end of an address. */
const OTHER_COUNTRIES: [RegExp, string][] = [
  [/^(?:united kingdom|uk|u\.k\.|england|scotland|wales|great britain|royaume-uni|英国|英國)$/iu, 'GB'],
  [/^(?:france|法国|法國)$/iu, 'FR'],
  [/^(?:germany|deutschland|allemagne|德国|德國)$/iu, 'DE'],
  [/^(?:australia|australie|澳大利亚|澳洲)$/iu, 'AU'],
  [/^(?:mexico|méxico|mexique|墨西哥)$/iu, 'MX'],
  [/^(?:china|p\.?r\.? china|chine|中国|中國|中国大陆|中國大陸)$/iu, 'CN'],
  [/^(?:hong kong|hk|香港)$/iu, 'HK'],
  [/^(?:taiwan|台湾|台灣|臺灣)$/iu, 'TW'],
  [/^(?:japan|japon|日本)$/iu, 'JP'],
  [/^(?:india|inde|印度)$/iu, 'IN'],
  [/^(?:philippines|菲律宾)$/iu, 'PH'],
  [/^(?:ireland|irlande|爱尔兰)$/iu, 'IE'],
  [/^(?:italy|italie|italia|意大利)$/iu, 'IT'],
  [/^(?:spain|espagne|españa|西班牙)$/iu, 'ES'],
  [/^(?:netherlands|pays-bas|荷兰)$/iu, 'NL'],
  [/^(?:new zealand|nouvelle-zélande|新西兰)$/iu, 'NZ'],
  [/^(?:south korea|korea|corée du sud|韩国|韓國)$/iu, 'KR'],
  [/^(?:singapore|singapour|新加坡)$/iu, 'SG'],
  [/^(?:brazil|brésil|brasil|巴西)$/iu, 'BR'],
];

/** The ISO code of a country outside Canada and the US named alone on a line or as its last comma part. */
export function otherCountryOf(line: string): string | undefined {
  // A Chinese address in China ("中国北京市朝阳区…"), written country first.
  if (/^(?:中国|中國)(?!.*加拿大)/u.test(line.trim())) return 'CN';
  const last = line.split(/[,，]/).pop()?.trim().replace(/\.$/, '') ?? '';
  if (!last || last.length > 30) return undefined;
  for (const [re, code] of OTHER_COUNTRIES) if (re.test(last)) return code;
  return undefined;
}
