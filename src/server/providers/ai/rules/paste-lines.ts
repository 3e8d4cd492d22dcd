/**
 * What one line of a paste is: a heading that opens an address block, a line that is never part
 * of an address (an order number, a price, a greeting, a job title, a delivery note), a correction
 * in a chat, or a line to keep. Each pattern is one regex tested once per line (no nested
 * quantifiers over the same characters), so a paste of hundreds of lines stays linear.
 */
import { normalizeProvince, normalizeUsState } from '../../../../shared/provinces';
import { lookupCity } from './cities';
import { FRENCH_STREET_TYPES, STREET_TYPES } from './lexicon';

export type SectionKind = 'ship' | 'to' | 'from' | 'other' | 'neutral';

const alt = (words: string[]) =>
  words
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '[ \\t]+'))
    .join('|');

/** Headings of the block the parcel goes to. */
const SHIP_HEADINGS = [
  'consignee',
  "informations d'expédition",
  "informations d'expedition",
  'informations de livraison',
  'détails de livraison',
  'details de livraison',
  "détails d'expédition",
  'coordonnées de livraison',
  "adresse d'expédition",
  "adresse d'expedition",
  'shipping address',
  'shipping addr',
  'shipping to',
  'shipped to',
  'delivering to',
  "adresse d'expédition de l'acheteur",
  "adresse d'expédition du client",
  "adresse d'expédition du destinataire",
  'adresse de livraison du client',
  "adresse de livraison de l'acheteur",
  'ship to address',
  'ship-to address',
  'ship to',
  'ship-to',
  'shipto',
  'deliver to',
  'delivery address',
  'deliver address',
  'delivery to',
  'send to',
  'mail to',
  'please ship to',
  'please send to',
  'please deliver to',
  'send it to',
  'ship it to',
  'shipping info',
  'shipping information',
  'shipping details',
  'delivery details',
  'delivery information',
  'shipping',
  'delivery',
  'warehouse address',
  'warehouse',
  'receiving address',
  'receiving dock',
  'receiving',
  'shipping & receiving',
  'shipping and receiving',
  'shipping/receiving',
  'deliveries',
  'adresse de livraison',
  "adresse d'expédition",
  "adresse d'expedition",
  'adresse de réception',
  'livraison',
  'livrer à',
  'livrer a',
  'expédier à',
  'expedier a',
  'envoyer à',
  'envoyer a',
  'entrepôt',
  'entrepot',
  "adresse de l'entrepôt",
  'réception des marchandises',
  'destination',
  '收货地址',
  '收貨地址',
  '收件地址',
  '收货信息',
  '收貨資訊',
  '收件人信息',
  '收件人資料',
  '收件信息',
  '送货地址',
  '送貨地址',
  '配送地址',
  '寄送地址',
  '邮寄地址',
  '郵寄地址',
  '仓库地址',
  '倉庫地址',
  '收货人信息',
  'new address',
  'my new address',
  'updated address',
  'new shipping address',
  'nouvelle adresse',
  'ma nouvelle adresse',
  '新地址',
  '新的地址',
  '新收货地址',
  'ship-to address',
  'lab',
  'laboratory',
  'laboratoire',
  'distribution centre',
  'distribution center',
  'centre de distribution',
  'dock',
  'new',
  'nouvelle',
  'loading dock',
];
/** Headings of blocks that hold another address: billing, head office, the sender. */
const OTHER_HEADINGS = [
  'notify party',
  'billing address',
  'billing addr',
  'billing to',
  "adresse de facturation de l'acheteur",
  'adresse de facturation du client',
  'billing',
  'bill to',
  'bill-to',
  'billed to',
  'sold to',
  'invoice to',
  'invoice address',
  'payment address',
  'head office',
  'head office address',
  'headquarters',
  'hq',
  'corporate office',
  'main office',
  'office address',
  'office',
  'mailing address',
  'adresse de facturation',
  'facturation',
  'facturer à',
  'siège social',
  'siege social',
  'bureau chef',
  'bureau principal',
  'adresse postale',
  '账单地址',
  '帳單地址',
  '账单信息',
  '帳單資訊',
  '付款地址',
  '发票地址',
  '發票地址',
  '总部',
  '總部',
  '公司地址',
  '办公室地址',
  'old',
  'old address',
  'ancienne adresse',
  'previous address',
  'address on file',
  'shipping address on file',
  '旧地址',
  '舊地址',
  '辦公室地址',
];
const FROM_HEADINGS = [
  'this gift is from',
  'gift from',
  'sent by',
  'de la part de',
  'envoyé par',
  'from',
  'sender',
  'ship from',
  'shipper',
  'return address',
  'return to',
  'expéditeur',
  'exp.',
  'expéd.',
  'expediteur',
  'adresse de retour',
  '寄件人',
  '发件人',
  '發件人',
  '寄件地址',
  '发件地址',
  '發件地址',
  '寄件人信息',
  '发件人信息',
];
const TO_HEADINGS = ['to', 'à', 'receiver', 'recipient', 'destinataire', 'dest.', 'destin.'];
/** Headings that end a block but hold no address of their own. */
const NEUTRAL_HEADINGS = [
  'order summary',
  'order details',
  'order detail',
  'summary',
  'items',
  'item',
  'products',
  'product',
  'shipping method',
  'delivery method',
  'shipping service',
  'shipping speed',
  'payment method',
  'payment',
  'payment details',
  'payment information',
  'customer information',
  'customer info',
  'customer',
  'contact information',
  'contact info',
  'order notes',
  'order note',
  'notes',
  'note',
  'gift message',
  'special instructions',
  'delivery instructions',
  'récapitulatif',
  'récapitulatif de la commande',
  'articles',
  'mode de livraison',
  'mode de paiement',
  'paiement',
  'informations client',
  'informations du client',
  'infos client',
  'info client',
  'client',
  'acheteur',
  'buyer',
  'coordonnées',
  'remarques',
  'commentaires',
  '订单信息',
  '訂單資訊',
  '订单详情',
  '商品',
  '商品信息',
  '支付方式',
  '付款方式',
  '配送方式',
  '备注',
  '備註',
  '买家留言',
];

/**
 * A heading at the start of a line: alone, or followed by a colon (and the block's first line).
 * Ship-to phrases may run straight into the name ("ship to bob smith …").
 */
export const SECTION = new RegExp(
  `^(?:(?<ship>${alt(SHIP_HEADINGS)})|(?<other>${alt(OTHER_HEADINGS)})|(?<from>${alt(FROM_HEADINGS)})|(?<to>${alt(TO_HEADINGS)})|(?<neutral>${alt(NEUTRAL_HEADINGS)}))` +
    `(?:[ \\t]*(?:address|adresse|addr|地址|信息))?(?:[ \\t]*[:：]+[ \\t]*|(?:[ \\t]+(?:edit|modifier|change|changer|copy|copier|编辑|編輯|修改))?[ \\t]*$|(?<=(?:to|à|a))[ \\t]+(?=[\\p{L}]))`,
  'iu',
);

const MONTHS =
  'jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december|janv|janvier|févr|février|fevrier|mars|avr|avril|mai|juin|juil|juillet|août|aout|sept|septembre|octobre|novembre|décembre|decembre';

/** Order, invoice, item and transaction numbers: never a phone, even when ten digits long. */
const ID_LINE =
  /^(?:account|acct|compte|member(?:ship)?|membre|client|customer|patient|student|élève|dossier|file|case|policy|police)[ \t]*(?:#|no\.?|number|num(?:éro)?|id|n°)[ \t]*[:：]?[ \t]*[A-Za-z]{0,3}[\d-]*\d|\b(?:order|quote|quotation|invoice|ticket|rma|soumission|devis)\s*#\s*[A-Za-z]{0,3}-?\d|^(?:order|commande|invoice|facture|receipt|reçu|transaction|confirmation|tracking|suivi|item|article|sku|listing|ref|reference|référence|po|订单|訂單|运单|運單|单号|單號|商品)\b[^\n]{0,40}?(?:#|no\.?|number|id|n°|numéro|号|號|[:：])/iu;

export function isIdLine(t: string): boolean {
  return ID_LINE.test(t.trim());
}

/** Greetings in the languages people write to shippers in, for the patterns of a greeting line. */
export const GREETING_WORDS =
  'tansi|tanisi|kwe|kwey|aaniin|boozhoo|shé:kon|she:kon|hallo|hej|olá|ola|merhaba|marhaba|habari|sawubona|namaskar|vanakkam|konnichiwa|ni hao|chào|yo|assalamu alaikum|assalamualaikum|as-salamu alaykum|salaam|salam|namaste|sat sri akal|hola|ciao|heya|hiya|howdy|greetings|hey there|kumusta|xin chào|shalom|aloha|안녕하세요|早上好|晚上好|早安|哈罗|hi|hiii|hello|hey|dear|bonjour|bonsoir|salut|allo|allô|coucou|你好|您好|你好呀|嗨|哈喽|哈囉|good (?:morning|afternoon|evening)';

const NOISE = [
  // A messaging handle ("微信：mingkee_bakery", "WeChat ID: davidwang_glt", "IG: @tidepool"): no name, no place.
  /^(?:微信|微信号|微信號|wechat|weixin|whatsapp|line(?: id)?|instagram|ig|telegram|signal|skype|kakaotalk)(?:[ \t]*id)?[ \t]*[:：][ \t]*[@\w.-]+$/iu,
  // A line about an address that holds none ("Warranty registration — mailing address"), and "same as before".
  /^(?![^\n]*(?:general delivery|poste restante))[^\d@]*\b(?:address|adresse)\b[^\d@]*$|^[^\d]*(?:不变|不變|同上|一样|一樣|没变|沒變)[^\d]*$/iu,
  // Order, invoice and tracking numbers.
  /^(?:po|p\.o\.)\s*(?:#|no\.?|number|n°|:)\s*[\w-]*\d/iu,
  /^(?:order|commande|invoice|facture|receipt|reçu|transaction|confirmation|tracking|suivi|purchase order|bon de commande|ref|reference|référence|订单|訂單|运单|運單|发票|發票|单号|單號)\b[^\n]{0,60}?\d/iu,
  /^#\s?\d{3,}(?:\s*$|\s+(?!-|–)\D)|(?:\border|\bcommande|订单|訂單|單號|单号)[ \t]?(?:#|no\.?|number|n°|numéro|号|號)[ \t:]?[\w-]*\d/iu,
  /^(?:订单号|訂單號|订单编号|訂單編號|单号)/u,
  // A form's numbered section title in capitals ("1. APPLICANT", "3) DECLARATION").
  /^\d{1,2}[.)][ \t]+\p{Lu}[\p{Lu} \t&/'-]*$/u,
  // A form service's furniture: "Google Forms", "Response #27", "Submission 1042", "Submitted on: …".
  /^(?:google forms?|microsoft forms?|wix forms?|typeform|jotform|formstack|squarespace forms?|(?:response|réponse|submission|soumission|entry|entrée)[ \t]*(?:#|no\.?|n°)?[ \t]*\d{1,7}|(?:submitted|soumis|envoyé)(?:[ \t]+(?:on|le))?[ \t]*[:：][^\n]*)$/iu,
  // Page markers of a printed list ("Page 14", "Page 2 of 3", "p. 2/3").
  /^(?:page|p\.)\s*\d{1,4}(?:\s*(?:of|de|\/)\s*\d{1,4})?$/iu,
  // Dates and times.
  new RegExp(
    `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th|er)?,?\\s+\\d{4}\\b|\\b\\d{1,2}(?:er)?\\s+(?:${MONTHS})\\.?\\s+\\d{4}\\b`,
    'iu',
  ),
  /\d{1,2}月\d{1,2}[日号號]|\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\d{4}年\d{1,2}月|\b\d{1,2}:\d{2}\s?(?:am|pm|a\.m\.|p\.m\.)?(?:\s|$)|\b\d{1,2}[ \t]?h[ \t]?\d{2}(?:\s|$)/iu,
  /^(?:placed on|placed|date|ordered on|order date|date de (?:la )?commande|passée le|下单时间|下單時間|日期|时间|時間)\b/iu,
  // Prices, totals and items.
  /[$€£¥]\s?\d|\d\s?\$|\b\d+[.,]\d{2}\s?(?:cad|usd|ca\$)\b|\b(?:cad|usd)\s?\$?\s?\d|(?<![\d.])\d+(?:\.\d+)?\s?(?:元|加元|加币|刀)/iu,
  /^(?:subtotal|sub-total|sub total|total|grand total|taxes?|hst|gst|pst|qst|tps|tvq|tvh|discount|coupon|promo|shipping (?:fee|cost|charges?|total)|handling|sous-total|rabais|remise|frais(?: de livraison)?|montant|小计|小計|合计|合計|总计|總計|运费|運費|税费|稅費|优惠)\b/iu,
  /\b(?:qty|quantity|quantité|sku|item\s?#|article\s?#|数量|數量|件数)\b|(?:^|\s)×\s?\d|^\d{1,3}\s?[x×]\s+(?:\p{L}|\d+\s?(?:kg|g|lb|lbs|oz|ml|l|cm|mm|in|pcs?|pack)\b)/iu,
  // Status, payment and shipping-method words.
  /^(?:paid|unpaid|fulfilled|unfulfilled|partially (?:paid|fulfilled)|pending|authorized|refunded|shipped|delivered|in transit|ready to ship|awaiting shipment|payé|payée|non payé|expédié|expédiée|livré|livrée|en attente|non traitée|已付款|已支付|待发货|待發貨|已发货|已發貨|未发货|未發貨)\b[\s\p{P}]*$/iu,
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
  /^(?:thanks|thank you|thanks again|many thanks|thx|ty|cheers|regards|best|best regards|kind regards|warm regards|warmest regards|sincerely|yours truly|all the best|talk soon|take care|merci|merci beaucoup|merci d'avance|cordialement|salutations(?: distinguées)?|veuillez agréer[^\n]*|bien à vous|bonne journée|au plaisir|谢谢|謝謝|多谢|多謝|麻烦了|麻煩了|辛苦了|感谢|感謝)\b[\s\p{P}\p{Extended_Pictographic}]*$/iu,
  // A short thank-you in a chat: "Parfait merci!", "ok thx", "Thank you ji, will ship Monday".
  /^(?:[\p{L}'’]+[ \t]+){0,2}(?:merci|thanks|thank you|thx|ty)\b[^\d\n]{0,40}$/iu,
  // A reply that only acknowledges: "Parfait, c'est booké avec Purolator", "Got it! will ship Monday".
  /^(?:parfait|perfect|great|super|awesome|cool|ok|okay|d'accord|génial|nice|sounds good|got it|noted|reçu|entendu|no problem|pas de problème|ça marche|deal)[,!.]+(?:[ \t]+[^\d\n]{0,60})?$/iu,
  // Messenger furniture: read receipts and stamps, media placeholders, forwarded and shared-location
  // lines, a channel, the app or the conversation's title, an address-type tag.
  /^(?:imessage|sms|text message|mms|delivered|read|seen|vu|lu|distribué|today|yesterday|aujourd'hui|hier|edited|modifié)(?:[ \t]+(?:at[ \t]+)?\d{1,2}[:h]\d{2}(?:[ \t]*[ap]\.?m\.?)?)?$/iu,
  /^<?(?:media omitted|image omitted|video omitted|sticker omitted|médias omis|image absente)>?$|^this message was deleted$|^ce message a été supprimé$|^(?:📍[ \t]*)?(?:shared location|live location|position partagée)\b|^forwarded(?:[ \t]+(?:message|from\b.*))?$|^(?:transféré|message transféré)\b|^direct messages?\b|^#[\p{L}\p{N}_-]+$|^(?:messenger|whatsapp|telegram|signal|wechat|slack|discord|instagram|instagram dm|marketplace|facebook marketplace|microsoft teams|teams|kijiji|reddit|x|twitter|sms|imessage)(?:[ \t]*[-—:·|][^\n]*)?$|^(?:messages privés|messages directs|message privé|messages|chats?|inbox|boîte de réception)$|^(?:messages privés|messages directs|message privé)\b|^`{3}[\w-]*$|^(?:residential|commercial|résidentiel|résidentielle|commerciale?)$/iu,
  /^(?:cc|bcc|c\.c\.|subject|objet|sent|envoyé|date|de|from|to|à|主题|主題)\s*:\s*(?:[^@\n<]{1,60}<)?\S+@|^(?:subject|objet|sent|envoyé|主题|主題)\s*:/iu,
  /confidential|this (?:e-?mail|message) (?:and|is|may|contains)|ce (?:courriel|message) (?:et|est|peut|contient)|intended (?:only )?for|unsubscribe|désabonner|privacy policy|sent from my|envoyé de mon|envoyé depuis|get outlook|all rights reserved|tous droits réservés|©|please consider the environment/iu,
  // Web sites and social handles.
  /https?:\/\/|\bwww\.|^(?:web|website|site|site web|wechat id|微信号|微信號)\s*[:：]|^(?:linkedin|instagram|facebook|twitter|tiktok|ig|fb)\b|\b(?:linkedin|facebook|instagram)\.com\b|^@[\w.]+$|^[\w-]+\.(?:com|ca|net|org|io|shop|store|co)(?:\/\S*)?$/iu,
  // Office hours.
  /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lun|mar|mer|jeu|ven|sam|dim)[a-z]*\.?\s*(?:-|to|à|au)\s*(?:mon|tue|wed|thu|fri|sat|sun|lun|mar|mer|jeu|ven|sam|dim)|^(?:hours|heures|office hours|business hours|营业时间|營業時間)\b/iu,
  // Delivery notes: buzzers, doors, desks (never the address itself).
  /\b(?:buzz|buzzer|buzz code|door code|gate code|entry code|enter code|access code|code d'entrée|code d'accès|code de porte|interphone|leave (?:it |the (?:box|package|parcel) )?(?:at|with|in|on|by|behind)|front desk|back door|side door|concierge|porch|mailroom|mail room|do not leave|don't leave|please (?:call|text|ring|knock)|call (?:me )?(?:when|before|on arrival)|text (?:me )?(?:when|before)|ring the bell|knock|laisser (?:le colis|à|a)|sonner|门禁|門禁|放在|放门口|放門口|前台|快递柜|快遞櫃|送货前|送貨前)\b/iu,
  // Message lines that talk about the parcel rather than give the address.
  /^(?:please|pls|plz|can you|could you|would you|kindly|merci de|pourriez-vous|pouvez-vous|svp|s'il vous plaît|麻烦|麻煩|请|請)\b[^\n]*\b(?:sample|samples|order|package|parcel|box|items?|colis|commande|échantillons|包裹|东西|東西|样品|樣品)\b(?![^\n]*\d{2,})/iu,
];

/** A line of a signature that names a job or a department, not a person or a company. */
const JOB =
  /(?<![\p{L}\p{N}])(?:manager|director|geologist|géologue|scientist|scientifique|biologist|biologiste|chemist|chimiste|curator|conservateur|conservatrice|editor|éditeur|éditrice|rédacteur|rédactrice|producer|producteur|productrice|planner|planificateur|planificatrice|estimator|estimateur|inspector|inspecteur|inspectrice|instructor|instructeur|trainer|formateur|formatrice|counsellor|counselor|therapist|thérapeute|ergothérapeute|dietitian|diététiste|nutritionniste|social worker|travailleur social|travailleuse sociale|chef|cuisinier|pastor|pasteur|archivist|archiviste|registrar|registraire|dispatch|superviseur|superviseure|surveyor|arpenteur|machinist|machiniste|mechanic|mécanicien|electrician|électricien|plumber|plombier|welder|soudeur|technologist|principal|architect|architecte|agent|agente|associé|conseillère|intervenant|intervenante|technologue|intern|stagiaire|superintendent|surintendant|secretary|secrétaire|secrétariat|réceptionniste|librarian|bibliothécaire|teacher|enseignant|enseignante|professeur|professeure|professor|nurse|infirmier|infirmière|paralegal|law clerk|legal assistant|articling student|partner|associée|avocat|avocate|lawyer|counsel|notaire|notary|pharmacist|pharmacien|pharmacienne|veterinarian|vétérinaire|dentist|dentiste|hygienist|physiotherapist|physiothérapeute|chargé de projet|chargée de projet|chargé de chantier|foreman|contremaître|dispatcher|répartiteur|warehouse lead|coordinator|co-ordinator|specialist|officer|representative|associate|assistant|administrator|supervisor|lead|head of|vp|vice[- ]president|president|ceo|cfo|coo|cto|owner|co-owner|founder|co-founder|buyer|purchaser|purchasing|procurement|analyst|engineer|technician|clerk|consultant|advisor|adviser|accountant|controller|receptionist|designer|developer|account executive|sales|marketing|operations|logistics coordinator|customer service|customer success|accounts receivable|accounts payable|shipping department|receiving department|department|dept|division|team lead|directeur|directrice|gestionnaire|coordonnateur|coordonnatrice|adjoint|adjointe|responsable|conseiller|conseillère|représentant|représentante|président|présidente|acheteur|acheteuse|technicien|technicienne|propriétaire|fondateur|fondatrice|commis|service à la clientèle|approvisionnement|achats|経理|经理|經理|总监|總監|主管|助理|老板|老闆|店长|店長|采购|採購|部门|部門)(?![\p{L}\p{N}])/iu;
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
export const CORRECTION =
  /(?:^|[\s,.;!])(?:sorry|oops|oups|correction|actually|i mean|my bad|my mistake|typo|wait|pardon|scuse|excuse|excusez|attends|attendez|ah non|oh non|désolé|désolée|en fait|je veux dire)(?=$|[\s,.;:!，])|不好意思|唔好意思|更正|改一下|写错了|寫錯了|打错|打錯|搞错|搞錯|抱歉|不对|不對/iu;

/** Words that close a message in the languages people write to shippers in. */
const CLOSING_WORD =
  /(?<![\p{L}])(?:warmly|ekosi|ekosani|miigwech|meegwetch|chi-miigwech|niawen'kó:wa|nia:wen|nia'wen|qujannamiik|mahsi|mahsi cho|marsee|salamat|maraming salamat|merci|gracias|grazie|danke|obrigad[oa]|dziękuję|dyakuyu|дякую|spasibo|спасибо|shukran|jazakallah|khair|mahalo|arigato|xièxie|xiexie|kamsahamnida|cheers|thanks|thx|ty|regards|best|bests|love|xoxo|hugs|ciao|peace|blessings|namaste|sincerely|cordialement|amitiés|bisous|bises|besos|abrazos|saludos|atentamente|respectfully|gratefully|tansi|wela'lin|wela'lioq|msit no['’]?kmaq|nakurmiik|hiy hiy|kinanâskomitin)(?![\p{L}])/iu;

const NUMBER_SWAP =
  /(?<![\p{L}\d-])\d{2,6}[A-Za-z]?,?[ \t]+(?:not|NOT|pas|PAS)[ \t]+\d{2,6}[A-Za-z]?(?![\p{L}\d-])|\d{2,6}[ \t]*(?:唔係|唔系|而不是|不是)[ \t]*\d{2,6}/u;

/** A unit given later in a chat: "oh yeah apt 2, it's a house split in two", "oh her unit is 4!!". */
const UNIT_ADDED =
  /^(?:(?:oh|ah|also|and|btw|plus|forgot|yeah|yes|et|aussi|oublié|j'ai oublié|pis|pi|puis|mets|met|put|add|ajoute)[\s,!.]+){1,3}(?:(?:my|her|his|their|the|it's|its|mon|son|sa|c'est|l')[\s']*)?(?:apt|apartment|unit|suite|app|appartement|appt)\.?[ \t]*(?:is|est|#|:|no\.?)?[ \t]*#?[ \t]*[A-Za-z]?\d{1,5}[A-Za-z]?\b(?![ \t]*[-–][ \t]*\d)[^\d\n]*$/iu;

/** A civic number followed by a word: the start of a street somewhere in the line. */
const STREETISH =
  /(?<![\p{L}\p{N}#])\d{1,6}[A-Za-z]?(?:-\d{1,6})?,?\s+(?:(?![\u3400-\u9fff])[\p{L}]|\d{1,3}(?:st|nd|rd|th|e)?\s)|\d{1,6}\s*[号號]|(?:p\.?\s?o\.?\s?box|c\.p\.|case postale)\s*\d|\brr\s?\d|general delivery/iu;
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
  if (POSTAL_IN_SENTENCE.test(t)) return false;
  // A form line ("Note: …", "地址：…") is not prose; a sentence that starts with a few words and a colon is.
  const label = /^([^:：]{1,24})[:：]\s*(.*)$/u.exec(t);
  if (label && label[1].split(/\s+/).length <= 3 && label[2] && label[2].split(/\s+/).length < 7) return false;
  const words = t.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  // A number and a word start a street ("45 Main St") — in a long sentence only when a street type
  // follows ("the 2 replacement cushions (quote Q-1187)", "our file no. 21874-003 on the envelope" are not).
  if (STREETISH.test(t) && (words.length < 8 || streetInSentence(t))) return false;
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

type LineKind = 'keep' | 'noise' | 'correction';
/**
 * Within one reading the same line is asked about several times (block, context, signature): each
 * is classified once. The memo is emptied at the start of every reading (forgetLineKinds), so it
 * never carries one paste's lines into the next.
 */
const kinds = new Map<string, LineKind>();

export function forgetLineKinds(): void {
  kinds.clear();
}

export function lineKind(text: string): LineKind {
  let kind = kinds.get(text);
  if (kind === undefined) {
    kind = classify(text);
    kinds.set(text, kind);
  }
  return kind;
}

/** A basement unit said in a sentence: "i'm in the basement suite so pls put bsmt on it". */
const MOVED_UNIT =
  /(?<![\p{L}])(?:moved|we['’]ve moved|déménagé|déménagés|déménagées|démenagé)(?![\p{L}])[^.!?\n]{0,60}?(?<![\p{L}])(?:to|into|au|à|dans)[ \t]+(?:the[ \t]+|l['’]|le[ \t]+|la[ \t]+)?(?:unit|suite|apt|app\.?|local|bureau)[ \t]*#?[ \t]*\d{1,5}[A-Za-z]?(?![\p{L}\p{N}])/iu;
const UNIT_SAID =
  /(?<![\p{L}])(?:room|apt|apartment|unit|suite|app|appartement)\.?[ \t]*#?[ \t]*\d{1,5}[A-Za-z]?(?![\p{L}\p{N}])/iu;
export const BASEMENT_SAID = /(?<![\p{L}])(?:bsmt|basement (?:suite|apt|apartment|unit)|sous-sol)(?![\p{L}])/iu;

/** Season's wishes that close a message: "Merry Christmas!", "Joyeuses fêtes". */
export const HOLIDAY =
  /^(?:merry christmas|happy holidays|happy new year|season['’]s greetings|joyeuses fêtes|joyeux noël|bonne année|bonnes fêtes|happy thanksgiving|happy easter)[\s\p{P}\p{Extended_Pictographic}]*$/iu;

const ATTN_DESK =
  /^(?:accounts|receiving|shipping|purchasing|reception|warehouse|dock|front|mail|service|billing|payables|achats|réception|expédition|comptes|the|le|la)(?![\p{L}])/iu;

function classify(text: string): LineKind {
  const t = text.trim();
  if (!t) return 'keep';
  if (HOLIDAY.test(t)) return 'noise';
  // "Chef Marco Bellavance", "Rev. Anne Moody": a title before a person's name, not a job line.
  if (
    /^(?:chef|pastor|pasteur|rev\.?|reverend|father|sister|capt\.?|captain|prof\.?|professor|coach)[ \t]+\p{Lu}\p{Ll}+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,2}$/u.test(
      t.replace(/^\p{Lu}/u, (c) => c.toLowerCase()),
    )
  )
    return 'keep';
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
  for (const re of NOISE) if (re.test(t) && !postal) return 'noise';
  if (!/\d/.test(t) && t.length <= 80 && JOB.test(t) && !LEGAL_SUFFIX.test(t)) return 'noise';
  // "i'm in the basement suite so pls put bsmt on it": the unit, said in a sentence.
  if (isProse(t) && BASEMENT_SAID.test(t)) return 'correction';
  // "He's in a retirement home, room 214:": a sentence leading to the address gives its unit.
  if (isProse(t) && /[:：]\s*$/u.test(t) && UNIT_SAID.test(t)) return 'correction';
  // "we moved two doors down last month, to unit 11 in the same building": the new unit.
  if (isProse(t) && MOVED_UNIT.test(t)) return 'correction';
  if (isProse(t)) return 'noise';
  return 'keep';
}

/** Is this line a street line (for cutting a chat line at its address)? */
export function hasStreet(t: string): boolean {
  return STREETISH.test(t);
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
