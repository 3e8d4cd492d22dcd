/**
 * Stage 5 of the paste reading, phones and e-mails: every phone with its rank (the recipient's over
 * the office's, a number named or asked for), the attention line of a body, the e-mail that is the
 * person's rather than the shop's.
 */
import { lookupCity } from './cities';
import { COMPANY_PATTERN, COMPOUND_SURNAMES, isChineseNameStart, NAME_STOPWORDS, STREET_TYPES } from './lexicon';
import { LETTER, PHONE_RE, replaceEmails } from './address-text';
import { OTHER_WORDS, SHIP_WORDS } from './paste-block';
import { GREETING_WORDS, isIdLine, type LineKinds } from './paste-lines';
import { CREDENTIALS, NAME_LINE_MAX } from './paste-names';
import { isOwn } from './paste-split';
import { type Attention, type Block, type Line, type PasteReading, type Phone } from './types';
import { compile } from './vocabulary/compile';
import { NOT_ATTENTION_WORDS, PHONE_LABEL_WORDS, SHOP_EMAIL_WORDS } from './vocabulary/paste-words';
import { allMatches } from './matches';

/** A short label with a colon right before a phone number: "Jasper receiving: ", "Site office: ". */
export const PHONE_LEAD =
  /^[ \t]*\p{L}[\p{L}'’. -]{0,30}[:：][ \t]*(?=(?:\+?1[ \t.-]*)?\(?[2-9]\d{2}\)?[ \t.-]*\d{3}[ \t.-]*\d{4})/gmu;
/** What is left of "902-555-0135 (shop)" once the number is cut out. */
export const PHONE_NOTE = /\n[ \t]*\((?:[\p{L}'’. -]{1,20})\)(?=[ \t]*(?:[·|,/•-][ \t]*)?(?:\n|$))/gu;
export const PHONE_LABEL = compile(
  'giu',
  String.raw`(?<![\p{L}\p{N}])(?:`,
  PHONE_LABEL_WORDS,
  String.raw`)\.?[ \t:：]*(?=(?:\+?1[ \t.-]*)?\(?[2-9]\d{2}\)?[ \t.-]*\d{3}[ \t.-]*\d{4})`,
);

const GREETING = new RegExp(
  String.raw`^(?:${GREETING_WORDS})\b(?:[^,!\n]{0,30}[,!]\s*|\s+(?=\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+(?:\s+\d|\s*$)))`,
  'iu',
);

export function stripGreeting(line: string): string {
  return line.replace(GREETING, '');
}

const FAX = /(?:fax|télécopieur|telecopieur|téléc|telec|f|传真|傳真)\)?\.?\s*[:：]?\s*$/i;
const CELL = /(?:cell(?:ular)?|mobile|mob|cel|cellulaire|portable|c|m|手机|手機|微信)\)?\.?\s*[:：#]?\s*$/i;
const DIRECT = /(?:direct|dir|d|ligne directe)\)?\.?\s*[:：]?\s*$/i;
const TOLL_FREE = /^(?:800|888|877|866|855|844|833)$/;

/** A name line without its title or credentials, to tell "Dr. Rebecca Saint-Amand" and "Rebecca Saint-Amand" apart from another person. */
const personKey = (t: string) =>
  t
    .slice(0, NAME_LINE_MAX)
    .replace(/^(?:dr|dre|mr|mrs|ms|mme|m|me)\.?[ \t]+/iu, '')
    .replace(CREDENTIALS, '')
    .trim()
    .toLowerCase();

/** Every phone of the text with how much it is wanted: in the chosen block, a cell, a direct line, an office line; never a fax. */
/** "attention Karen in receiving", "À l'attention de Sylvain Gagnon, commis", "address them to Gerard Kielly". */
const BODY_ATTENTION = compile(
  'giu',
  String.raw`(?:^|[\s,.;:(—–-])(?:attention|attn\.?|to the attention of|à l['’]attention de|a\/s(?: de)?|address(?:ed)? `,
  String.raw`(?:it|them|this|the (?:box|boxes|parcel|package|order|shipment)) to|adress(?:er|ez)(?: le colis| les boîtes|`,
  String.raw` la commande)? (?:à|au|aux)|care of|au nom de|mark(?:ed)? (?:it|them) (?:for|to))(?:[ \t]+(?:our|my|their|`,
  String.raw`notre|leur|the)[ \t]+[^,.;:\d\n]{2,40},)?[ \t]*[:,]?[ \t]+(?:(?:mr|mrs|ms|dr|mme)\.?[ \t]+|M\.[ \t]+|Me[ \t]+`,
  String.raw`(?=\p{Lu}))?([\p{L}'’-]+(?:[ \t]+[\p{L}'’-]+){0,2})`,
);
const NOT_ATTENTION = compile('iu', String.raw`^(?:`, NOT_ATTENTION_WORDS, String.raw`)$`);

/**
 * The person a message (not the address block) asks the parcel to be addressed to: capitalised words
 * after "attention", "À l'attention de", "address them to" in a sentence. With the line it is on.
 */
/** Heading words that name no place a phone could be labelled with. */
const PLACE_NOT = new Set([
  'address',
  'adresse',
  'ship',
  'shipping',
  'deliver',
  'delivery',
  'livraison',
  'send',
  'with',
  'your',
  'this',
  'please',
  'expédition',
  'details',
  'détails',
  'information',
  'informations',
]);

/** "Site contact: Jomar Villanueva": who receives the parcel where it goes. */
const SITE_CONTACT =
  /^(?:site|on-site|onsite|receiving|delivery|shipping|yard|warehouse|dock)[ \t]+contact[ \t]*[:：][ \t]*(\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,2})/iu;

export function bodyAttention(lines: Line[], block: Block | undefined): Attention | undefined {
  // (A block without a heading is the whole text: its sentences are searched too.)
  const inBlock = new Set(block?.heading || block?.placed ? block.lines.map((l) => l.start) : []);
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start) || l.text.split(/\s+/).length < 6) continue;
    for (const m of allMatches(l.text, BODY_ATTENTION)) {
      const words: string[] = [];
      for (const w of m[1].split(/[ \t]+/)) {
        if (!/^\p{Lu}[\p{Ll}'’-]/u.test(w) || NOT_ATTENTION.test(w) || NAME_STOPWORDS.has(w.toLowerCase())) break;
        words.push(w.replace(/['’]s$/u, ''));
      }
      if (words.length && !lookupCity(words.join(' '))) return { name: words.join(' '), start: l.start };
    }
  }
  // "Site contact: Jomar Villanueva, 780-555-0167" outside the block: the person who receives it there.
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start) || l.text.length > 120) continue;
    const m = SITE_CONTACT.exec(l.text);
    if (m) return { name: m[1], start: l.start };
  }
  // "收货人写仓库主管陈志强，电话 …": the name the message asks to write as the recipient.
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start)) continue;
    const m = ZH_WRITE_AS.exec(l.text.slice(0, 2000));
    if (!m) continue;
    const run = m[1];
    const name = [4, 3, 2]
      .map((n) => run.slice(-n))
      .find(
        (t, k) =>
          t.length === [4, 3, 2][k] &&
          (k === 0 ? COMPOUND_SURNAMES.has(t.slice(0, 2)) : isChineseNameStart(t)) &&
          !CHINESE_NOT_NAME.test(t),
      );
    // (Its number, split onto the next line as "电话：…", goes with it.)
    const next = lines[lines.indexOf(l) + 1];
    if (name)
      return {
        name,
        start: l.start,
        ...(next && /^(?:电话|電話|手机|手機)[:：]/u.test(next.text) && { also: next.start }),
      };
  }
  // "livrer l'enveloppe à Me Julie Bouchard", "signed for by our Registrar, Anika Sorensen": a whole
  // name (two or three capitalised words, none a place's, a company's or a department's) after the verb.
  for (const l of lines) {
    if (!l.text || inBlock.has(l.start) || block?.excluded.has(l.start) || l.text.split(/\s+/).length < 6) continue;
    for (const m of allMatches(l.text.slice(0, 2000), DELIVER_TO)) {
      const words = m[1].split(/[ \t]+/);
      if (
        words.every(
          (w) => !NOT_ATTENTION.test(w) && !NAME_STOPWORDS.has(w.toLowerCase()) && !STREET_TYPES.has(w.toLowerCase()),
        ) &&
        !COMPANY_PATTERN.test(` ${m[1]} `) &&
        !SHIP_WORDS.test(m[1]) &&
        !OTHER_WORDS.test(m[1]) &&
        !lookupCity(m[1]) &&
        !words.some((w) => lookupCity(w))
      )
        return { name: m[1], start: l.start };
    }
  }
  return undefined;
}

/** "收货人写…", "收件人請寫成…", "收件人填…": the Chinese run up to the next comma or stop. */
const ZH_WRITE_AS =
  /(?:收货人|收貨人|收件人)(?:请|請)?(?:写|寫|填)(?:成|上|为|為)?[ \t:：]*([\u3400-\u9fff]{2,12})(?=[，,。;；\s(（]|$)/u;
/** Words a run may end in that are no name ("的", "自己"). */
const CHINESE_NOT_NAME = /的|自己|我|她|他|你/u;

/** The lines of a billing block of the same person (its first line is the ship-to's name): they may give the phone. */
function samePersonLines(kindOf: LineKinds, lines: Line[], block: Block | undefined): Set<number> {
  const who = block?.lines.find((l) => l.text && kindOf(l.text) === 'keep')?.text;
  const samePerson = new Set<number>();
  if (who && block) {
    let open = false;
    for (const l of lines) {
      if (!block.excluded.has(l.start)) open = false;
      else if (personKey(l.text) === personKey(who)) open = true;
      if (open) samePerson.add(l.start);
    }
  }
  return samePerson;
}

/** The words of a number's own label: before it ("Labo : …") or in brackets after it ("… (atelier)"). */
function labelWords(before: string, after: string): string[] {
  return [
    ...(/([\p{L}][\p{L}'’.-]*(?:[ \t]+[\p{L}'’.-]+){0,2})[ \t]*[:：]?[ \t]*$/u.exec(before)?.[1] ?? '').split(/[ \t]+/),
    /^[ \t]*\(([\p{L}]{4,20})\)/u.exec(after)?.[1] ?? '',
  ]
    .map((w) => w.toLowerCase().replace(/\.$/, ''))
    .filter((w) => w.length >= 4);
}

/** "Her cell: …": the number the message gives as the recipient's. (Built once: a regexp literal inside the function was before.) */
const THEIR_NUMBER = compile(
  'iu',
  String.raw`(?<![\p{L}])(?:her|his|their|son|sa|leur)[ \t]+(?:cell|cell phone|phone|number|mobile|cellulaire|cell\.|`,
  String.raw`numéro|tel|tél\.?)[^\d\n]{0,12}$|(?:他|她)的(?:电话|電話|手机|手機|手提)(?:号码|號碼)?[^\d\n]{0,4}$`,
);

/** A verb of handing over, then the person: "livrer … à Me Julie Bouchard", "signed for by our Registrar, Anika Sorensen". */
const DELIVER_TO = compile(
  'gu',
  String.raw`(?:\b(?:[Dd]eliver(?:ed)?|[Hh]and(?:ed)?|[Gg]iven?|[Ll]ivrer|[Ll]ivrez|[Ll]ivré|[Rr]emettre|[Rr]emettez|`,
  String.raw`[Rr]emis)\b[^.!?\n]{0,60}?(?:\bto|(?<![\p{L}])à)|\b(?:[Ss]igned for|[Rr]eceived|[Pp]icked up|[Ss]igné|`,
  String.raw`[Rr]eçu)[ \t]+(?:by|par))[ \t]+(?:(?:our|my|their|notre|leur|the|la|le)[ \t]+[^,.;:\d\n]{2,30},[ \t]*)?(?:`,
  String.raw`(?:[Mm]rs?|[Mm]s|[Dd]re?|[Mm]me|[Mm]e)\.?[ \t]+|M\.[ \t]+)?(\p{Lu}[\p{Ll}'’-]+`,
  String.raw`(?:[ \t]+\p{Lu}[\p{Ll}'’-]+){1,2})(?![\p{L}'’-]|[ \t]+\p{Lu})`,
);

export function findPhones(kindOf: LineKinds, lines: Line[], block: Block | undefined, attention?: Attention): Phone[] {
  // Phones of a billing or head-office block are not the recipient's; those of the chosen block win.
  const inBlock = new Set(block?.heading || block?.placed ? block.lines.map((l) => l.start) : []);
  const out: Phone[] = [];
  // The words of the chosen block's heading that name a place ("Warehouse", "Réception des marchandises").
  const placeWords = (block?.heading ?? '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 4 && !PLACE_NOT.has(w));
  const samePerson = samePersonLines(kindOf, lines, block);
  // A line that names the attention's first name ("attention Karen …, her line is …"): its regexp built
  // once, and only for a line that holds the name (a name of letters only is found as it is written).
  const attentionFirst = attention?.name.split(' ')[0] ?? '';
  let attentionWord: RegExp | undefined;
  const namesAttention = (text: string) => {
    if (/^[\p{L}\p{N}'’-]+$/u.test(attentionFirst) && !text.includes(attentionFirst)) return false;
    attentionWord ??= new RegExp(`(?<![\\p{L}])${attentionFirst}(?![\\p{L}])`, 'u');
    return attentionWord.test(text);
  };
  for (const line of lines) {
    if ((block?.excluded.has(line.start) && !samePerson.has(line.start)) || isIdLine(line.text)) continue;
    for (const m of allMatches(line.text, PHONE_RE)) {
      const [, a1, a2, b, c, ext] = m;
      const area = a1 ?? a2;
      const preceding = line.text.slice(Math.max(0, m.index - 24), m.index);
      // "416-555-0199 (fax)  416-555-0100": the label in brackets is the number's before it.
      const before = /\d[ \t]*\([^()\d]{1,14}\)[ \t]*$/.test(preceding) ? '' : preceding;
      // "Your order number is 3187726540": an order, invoice or tracking number, not a phone.
      if (
        /(?:order|commande|invoice|facture|tracking|suivi|confirmation|transaction|receipt|reçu|订单|訂單)[^0-9\n]{0,24}$/iu.test(
          before,
        )
      )
        continue;
      // A label after the number names it ("416-555-0199 (fax)"), unless it is the next number's
      // label ("Phone: 709-555-0124  Fax: 709-555-0125").
      const rest = line.text.slice(m.index + m[0].length, m.index + m[0].length + 40);
      const after = /^[\s,;|·-]*[\p{L}.]{1,14}[ \t]*[:：]?[ \t]*(?:\+?1[ \t.-]*)?\(?[2-9]\d{2}/u.test(rest)
        ? ''
        : rest.slice(0, 16);
      if (FAX.test(before) || /^\s*\(?(?:fax|téléc)/i.test(after)) continue;
      let rank = samePerson.has(line.start) ? 4 : 3;
      // The number the message gives with the person it names ("attention Karen …, her line is …").
      const named =
        attention && (line.start === attention.start || line.start === attention.also || namesAttention(line.text));
      // "Warehouse (303) 555-0138" when the parcel goes to the warehouse block for someone there other
      // than the writer ("attn: Luis (receiving)"): the number of that place over the writer's cell.
      // (Or its label after it: "250-555-0145 (yard)" under "Yard / deliveries:".)
      // "Her cell: 902 555 0158. Mine is …": the number the message gives as the recipient's.
      const theirs = THEIR_NUMBER.test(line.text.slice(Math.max(0, m.index - 30), m.index));
      // (Or the number's own label, before it or in brackets after it, is a word of that heading or its
      // short form: "Labo : 418 555-0157" under "Laboratoire :", "418-555-0185 (atelier)" under
      // "Atelier de costumes :", "Warehouse (716) 555-0112" under "Warehouse:".)
      const labels = labelWords(before, after);
      // (Ahead of the office line, not of a cell: "Plant 705-555-0134 | Cell 249-555-0111" is the writer's
      // cell when the writer is the one there.)
      const place =
        theirs ||
        (Boolean(attention && placeWords.length) && placeWords.some((w) => before.toLowerCase().includes(w))) ||
        placeWords.some(
          (w) =>
            !/^(?:bureau|office|home|maison|work)$/.test(w) &&
            /^\s*\(/.test(after) &&
            new RegExp(`^\\s*\\(${w}\\)`, 'iu').test(after),
        );
      const labelled = placeWords.some(
        (w) =>
          !/^(?:bureau|office|home|maison|work)$/.test(w) && labels.some((l) => w.startsWith(l) || l.startsWith(w)),
      );
      if (place || labelled) rank = 1.5;
      else if (CELL.test(before) || /^\s*\(?(?:cell|mobile|cellulaire|手机|手機)/i.test(after)) rank = 1;
      else if (DIRECT.test(before) || /^\s*\(?direct/i.test(after)) rank = 2;
      if (TOLL_FREE.test(area)) rank = 5;
      const value = `${area}-${b}-${c}${ext ? ` ext. ${ext}` : ''}`;
      out.push({
        value,
        digits: `${area}${b}${c}`,
        index: line.start + m.index,
        rank,
        // (A sentence naming them, or a line opening with their name: "Natasha's direct line: …", "Jesse: …".)
        inBlock:
          inBlock.has(line.start) ||
          place ||
          Boolean(
            named &&
            (line.text.split(/\s+/).length >= 6 ||
              line.start === attention.also ||
              line.text.startsWith(attention.name.split(' ')[0]) ||
              line.text.startsWith(attention.name)),
          ),
      });
    }
  }
  return out;
}

/** "Shop line is the one", "the cottage number is best". */
// (A word starts with a letter, after no letter or hyphen: a long run of hyphens is tried once.)
const LINE_IS_BEST =
  /(?<![\p{L}-])(?:the[ \t]+|our[ \t]+|my[ \t]+)?((?:\p{L}[\p{L}-]*[ \t]+){0,2}?\p{L}[\p{L}-]*)[ \t]+(?:line|number|phone)[ \t]+is[ \t]+(?:the[ \t]+one|best|the[ \t]+best|better)(?![\p{L}])/giu;
/** What every match of LINE_IS_BEST holds. */
const LINE_IS = /(?:line|number|phone)[ \t]+is[ \t]/iu;

/** A sentence naming the number to call: "call the lab line", "Use the field office number", "Shop line is the one to call". */
const PHONE_ASKED = [
  compile(
    'giu',
    String.raw`(?<![\p{L}])(?:call|use|ring|phone|try|dial|text)[ \t]+(?:the[ \t]+|our[ \t]+|my[ \t]+|his[ \t]+|her[ \t]+|`,
    String.raw`their[ \t]+)?((?:[\p{L}-]+[ \t]+){0,2}?[\p{L}-]+)[ \t]+(?:line|number|phone|no\.|#)(?![\p{L}])`,
  ),
  LINE_IS_BEST,
  // "Call the yard office when you're 30 min out", "Ring the service desk when you arrive".
  /(?<![\p{L}])(?:call|ring|phone|text)[ \t]+the[ \t]+((?:[\p{L}-]+[ \t]+){0,2}?[\p{L}-]+)(?=[ \t]+(?:when|before|if|once|on|at|and|so|first|ahead)(?![\p{L}])|[ \t]*[,.;!—–])/giu,
  // "my cell is best", "Best reached on my cell".
  /(?<![\p{L}])(?:my|her|his|their|the)[ \t]+(cell|mobile|cellphone|cellulaire)[ \t]+is[ \t]+(?:best|the[ \t]+one|the[ \t]+best|better)(?![\p{L}])/giu,
  /(?<![\p{L}])(?:reach|reached|reachable|contact)[ \t]+(?:me[ \t]+|her[ \t]+|him[ \t]+)?(?:on|at|via)[ \t]+(?:my[ \t]+|her[ \t]+|his[ \t]+)?(cell|mobile|cellphone|cellulaire)(?![\p{L}])/giu,
  // "appelez l'usine à votre arrivée", "qu'il appelle la librairie", "appelez mon cellulaire".
  /(?<![\p{L}])(?:appeler|appelez|appelle|téléphoner|téléphonez|téléphone)[ \t]+(?:à[ \t]+)?(?:l['’]|la[ \t]+|le[ \t]+|au[ \t]+|mon[ \t]+|ma[ \t]+)([\p{L}-]+)/giu,
  // "到咗打舖頭電話", "请打仓库的电话".
  /(?:打|致电|致電|联系|聯繫|聯絡)([\u3400-\u9fff]{1,4}?)(?:的)?(?:电话|電話|手机|手機)/gu,
  compile(
    'giu',
    String.raw`(?<![\p{L}])(?:appeler|appelez|appelle|utiliser|utilisez|utilise|composer|composez)[ \t]+(?:le|au)[ \t]+`,
    String.raw`(?:numéro|téléphone|tél\.?|poste)[ \t]+(?:du|de[ \t]+la|de[ \t]+l['’]|des|de)[ \t]*([\p{L}-]+)`,
  ),
];
const PHONE_ASKED_STOP = new Set([
  'the',
  'our',
  'my',
  'his',
  'her',
  'their',
  'this',
  'that',
  'same',
  'main',
  'other',
  'right',
  'correct',
  'phone',
  'number',
  'line',
  'and',
  'or',
  'one',
]);

/**
 * The digits of the one number the message asks for by its label: the words of a sentence like
 * "call the lab line" matched against each number's label in the text ("Lab: 204-555-0164",
 * "Service Shop: 105-1889 Springfield Rd … · 250-555-0156", "418-555-0185 (atelier)").
 */
export function namedPhone(text: string, phones: Phone[]): string | undefined {
  if (phones.length < 2) return undefined;
  const asked = new Set<string>();
  for (const re of PHONE_ASKED) {
    // (LINE_IS_BEST reads up to three words from each word: tried only on a text that can hold a match.)
    if (re === LINE_IS_BEST && !LINE_IS.test(text)) continue;
    for (const m of allMatches(text, re))
      for (const w of m[1].toLowerCase().split(/[ \t]+/))
        if ((w.length >= 3 || /^[\u3400-\u9fff]{2}$/u.test(w)) && !PHONE_ASKED_STOP.has(w)) asked.add(w);
  }
  if (!asked.size) return undefined;
  // (A generic word weighs less: "call the yard office" names "Edmonton Yard 780-…" over "Office 403-…".)
  const score = (label: string) => {
    let total = 0;
    for (const w of asked) {
      const hit = label
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .some((l) => l === w || (Math.min(l.length, w.length) >= 4 && (l.startsWith(w) || w.startsWith(l))));
      if (hit) total += GENERIC_PLACE.has(w) ? 0.5 : 1;
    }
    return total;
  };
  const best = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.length > 400) continue;
    const head = /^[ \t]*([^:：\d@\n]{2,40})[:：]/u.exec(line)?.[1] ?? '';
    let k = 0;
    for (const m of allMatches(line, PHONE_RE)) {
      const digits = `${m[1] ?? m[2]}${m[3]}${m[4]}`;
      const first = k++ === 0;
      if (!phones.some((p) => p.digits === digits)) continue;
      // Its own label before it ("| Lab: "), or in brackets after it, or the line's heading when no other number comes first.
      const before =
        line
          .slice(Math.max(0, m.index - 20), m.index)
          .split(/[|·•,;]/u)
          .pop() ?? '';
      const after = /^[ \t]*\(([^()\d]{2,20})\)/u.exec(line.slice(m.index + m[0].length))?.[1] ?? '';
      const label = `${before} ${after} ${LETTER.test(before) ? '' : first ? head : ''}`;
      const points = score(label);
      if (points > (best.get(digits) ?? 0)) best.set(digits, points);
    }
  }
  const top = Math.max(0, ...best.values());
  const hits = [...best].filter(([, v]) => v === top);
  return top > 0 && hits.length === 1 ? hits[0][0] : undefined;
}
const GENERIC_PLACE = new Set(['office', 'desk', 'main', 'direct', 'reception', 'bureau', 'work', 'business']);

export function choosePhone(phones: Phone[]): PasteReading['phone'] {
  if (!phones.length) return undefined;
  const best = [...phones].sort(
    (a, b) => Number(b.inBlock) - Number(a.inBlock) || a.rank - b.rank || a.index - b.index,
  )[0];
  const others = [...new Set(phones.filter((p) => p.digits !== best.digits).map((p) => p.value))];
  return { value: best.value, others };
}

const SHOP_EMAIL = compile(
  'i',
  String.raw`^(?:`,
  SHOP_EMAIL_WORDS,
  String.raw`)@|@(?:shopify|etsy|ebay|amazon|squareup|wix|paypal|mail\.shopify)\.`,
);

export function findEmails(lines: Line[], block: Block | undefined): string[] {
  const collect = (ls: Line[]) => {
    const found: string[] = [];
    // (Not the user's own, in their own chat lines: "E-transfer to what email?" / "You sent" / "ryan.koh88@…".)
    for (const l of ls) if (!isOwn(l.speaker)) replaceEmails(l.text, (m) => (found.push(m.replace(/\.$/, '')), ''));
    return found;
  };
  // A shop's or a marketplace's own address (orders@, noreply@, @shopify.) is set aside when the text has others or is an order page.
  const everything = collect(lines);
  const notShop = (e: string) => !SHOP_EMAIL.test(e) || (!block?.heading && new Set(everything).size === 1);
  const own = block ? collect(block.lines).filter(notShop) : [];
  if (own.length) return [...new Set(own)];
  const all = collect(lines.filter((l) => !block?.excluded.has(l.start))).filter(notShop);
  // Outside a ship-to block an address is only the recipient's when it bears their name (checked by the
  // caller) — also in the billing block, which is often the recipient's own.
  const set = block?.heading ? collect(lines.filter((l) => block.excluded.has(l.start))).filter(notShop) : [];
  return [...new Set([...all, ...set])].map((e) => (block?.heading ? `?${e}` : e));
}
