import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from '../../../shared/carriers';
import {
  carrierAndService,
  carrierNamedOnce,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TTransaction,
} from '../../../shared/contracts/wallet';
import { parseCents, type Cents } from '../../../shared/money';
import { csvCell } from '../../../shared/csv-cell';
import { brandNameKey } from '../../lib/card-format';
import { TIME_ZONE } from '../../lib/format';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TypeFilter = TransactionType | 'all';

const monthKeyFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' });

/** The Toronto calendar month of an instant, as 'YYYY-MM'. */
export function torontoMonth(value: Date | string): string {
  const parts = monthKeyFormat.formatToParts(typeof value === 'string' ? new Date(value) : value);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}

/** Cents of a wire amount; an unreadable amount counts as 0. */
export const amountCents = (amount: string): Cents => parseCents(amount) ?? 0;

/** The amount as it moves the balance: debits negative. */
export const signedCents = (t: Pick<TTransaction, 'amount' | 'direction'>): Cents =>
  t.direction === 'debit' ? -amountCents(t.amount) : amountCents(t.amount);

/**
 * Whether the entry moved money: only completed entries did. A pending debit (an uncovered
 * chargeback) never did, and once later top-ups paid it it reads `settled` — its payments are the
 * entries that moved the money (decision 021) — so sums leave both out.
 */
export const movedMoney = (t: Pick<TTransaction, 'status'>): boolean => t.status === 'completed';

/** What the entries that moved money add up to (debits negative), in cents. */
export const movedCents = (transactions: readonly TTransaction[]): Cents =>
  transactions.filter(movedMoney).reduce((sum, t) => sum + signedCents(t), 0);

/** The status badge's colours: money moved (green), paid by later top-ups (blue), waiting (amber), none (grey). */
export function statusBadgeClass(status: TTransaction['status']): string {
  switch (status) {
    case 'completed':
      return 'bg-emerald-100 text-emerald-800';
    case 'settled':
      return 'bg-sky-100 text-sky-800';
    case 'pending':
      return 'bg-amber-100 text-amber-900';
    default:
      return 'bg-slate-100 text-slate-700';
  }
}

/** Transactions of the Toronto month containing `now`. */
export function inMonth(transactions: readonly TTransaction[], now: Date): TTransaction[] {
  const month = torontoMonth(now);
  return transactions.filter((t) => torontoMonth(t.createdAt) === month);
}

/**
 * Whether a list ordered newest first can still hold transactions of the month of `now`: true
 * until its oldest entry is from an earlier month.
 */
export function mayHaveMoreOfMonth(transactions: readonly TTransaction[], now: Date): boolean {
  const oldest = transactions[transactions.length - 1];
  return !oldest || torontoMonth(oldest.createdAt) >= torontoMonth(now);
}

export function filterByType(transactions: readonly TTransaction[], type: TypeFilter): TTransaction[] {
  return type === 'all' ? [...transactions] : transactions.filter((t) => t.type === type);
}

// ------------------------------------------------------------------------------------------------
// The history's filter: type, status and a date range of Toronto calendar days

export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type StatusFilter = TransactionStatus | 'all';

/** `from` and `to` are Toronto calendar days 'YYYY-MM-DD' (both included), '' for open. */
export type HistoryFilter = { type: TypeFilter; status: StatusFilter; from: string; to: string };
export const NO_FILTER: HistoryFilter = { type: 'all', status: 'all', from: '', to: '' };

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Toronto calendar day of an instant, as 'YYYY-MM-DD'. */
export function torontoDay(value: Date | string): string {
  const parts = dayFormat.formatToParts(typeof value === 'string' ? new Date(value) : value);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range with unreadable days dropped and the ends in order (a 'to' before 'from' is swapped). */
export function dayRange(filter: Pick<HistoryFilter, 'from' | 'to'>): { from: string; to: string } {
  const from = DAY.test(filter.from) ? filter.from : '';
  const to = DAY.test(filter.to) ? filter.to : '';
  return from && to && from > to ? { from: to, to: from } : { from, to };
}

/** How many of the three filters (type, status, dates) are set. */
export function activeFilterCount(filter: HistoryFilter): number {
  const range = dayRange(filter);
  return (filter.type !== 'all' ? 1 : 0) + (filter.status !== 'all' ? 1 : 0) + (range.from || range.to ? 1 : 0);
}

export function filterTransactions(transactions: readonly TTransaction[], filter: HistoryFilter): TTransaction[] {
  const { from, to } = dayRange(filter);
  return transactions.filter((t) => {
    if (filter.type !== 'all' && t.type !== filter.type) return false;
    if (filter.status !== 'all' && t.status !== filter.status) return false;
    if (from || to) {
      const day = torontoDay(t.createdAt);
      if (from && day < from) return false;
      if (to && day > to) return false;
    }
    return true;
  });
}

/**
 * Whether a list ordered newest first can still hold transactions on or after `from`: true until
 * its oldest entry is from an earlier day (false without a 'from').
 */
export function mayHaveMoreFrom(
  transactions: readonly TTransaction[],
  filter: Pick<HistoryFilter, 'from' | 'to'>,
): boolean {
  const { from } = dayRange(filter);
  if (!from) return false;
  const oldest = transactions[transactions.length - 1];
  return !oldest || torontoDay(oldest.createdAt) >= from;
}

/** The month's name in the language ('March', '3月'), in Toronto. */
export function monthName(now: Date, lang: 'en' | 'zh'): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { timeZone: TIME_ZONE, month: 'long' }).format(now);
}

// ------------------------------------------------------------------------------------------------
// CSV export

const csvDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' in Toronto: sorts as text and every spreadsheet reads it. */
export function csvDate(value: Date | string): string {
  const parts = csvDateFormat.formatToParts(typeof value === 'string' ? new Date(value) : value);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

export type CsvLabels = {
  columns: {
    date: string;
    description: string;
    type: string;
    direction: string;
    amount: string;
    status: string;
    balanceAfter: string;
  };
  /** Added after the first seven (issue 27): the receipt number and the tax split. */
  taxColumns?: { receiptNumber: string; preTax: string; gst: string; hst: string; qst: string };
  type: (type: TTransaction['type']) => string;
  /** The description in the interface language (describeTransaction). */
  description: (transaction: TTransaction) => string;
  direction: (direction: TTransaction['direction']) => string;
  status: (status: TTransaction['status']) => string;
};

/**
 * The transactions as CSV (CRLF lines, a UTF-8 byte order mark so spreadsheets read Chinese right).
 * Amounts stay positive with their direction beside them: a '-12.34' cell would be escaped as a formula.
 */
export function transactionsCsv(transactions: readonly TTransaction[], labels: CsvLabels): string {
  const c = labels.columns;
  const x = labels.taxColumns;
  const header = [c.date, c.description, c.type, c.direction, c.amount, c.status, c.balanceAfter];
  if (x) header.push(x.receiptNumber, x.preTax, x.gst, x.hst, x.qst);
  const rows = transactions.map((t) => [
    csvDate(t.createdAt),
    labels.description(t),
    labels.type(t.type),
    labels.direction(t.direction),
    t.amount,
    labels.status(t.status),
    t.balanceAfter,
    ...(x ? [t.receiptNumber ?? '', t.tax?.preTax ?? '', t.tax?.gst ?? '', t.tax?.hst ?? '', t.tax?.qst ?? ''] : []),
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** 'transactions-2026-03-05.csv', dated in Toronto. */
export function csvFileName(base: string, now: Date): string {
  return `${base}-${csvDate(now).slice(0, 10)}.csv`;
}

/** Texts the server writes itself (not an administrator's own words), which are translated. */
const SERVER_TEXTS: Record<string, string> = {
  'Balance added by an administrator': 'adminAdded',
  'Balance set by an administrator': 'adminSet',
  'Wallet top-up': 'topup',
  'Card charged by an administrator': 'adminCharged',
};

/** The server's text of a top-up by card: 'Wallet top-up (Visa •••• 4242)'. */
const TOPUP_WITH_CARD = /^Wallet top-up \((Visa|Mastercard|American Express|Discover|Card) •••• (\d{4})\)$/;
const BRAND_KEYS: Record<string, string> = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  'American Express': 'amex',
  Discover: 'discover',
  Card: 'unknown',
};

/** The translation keys of each carrier's services ('DOM_XP' is Canada Post's, 'UPS_11' UPS's). */
const SERVICE_KEY_PREFIXES: Record<CarrierCode, readonly string[]> = {
  'CA-CP': ['DOM_', 'USA_', 'INT_'],
  'CA-PUROLATOR': ['PUR_'],
  'CA-UPS': ['UPS_'],
  'CA-Fedex': ['FDX_'],
  'CA-DHL': ['DHL_'],
};

/**
 * The carrier and service of a charge the server described as 'UPS Standard — order VY-…', in
 * Chinese: the carrier's Chinese name (加拿大邮政) and the service's Chinese name, which keeps the
 * brand with a gloss after it ('UPS Standard 标准'), the carrier named once. A service without a
 * Chinese name keeps the carrier's own; null when the text is not a charge of this order.
 */
function chineseCarrierAndService(
  description: string,
  order: string,
  t: (key: string, options?: Record<string, unknown>) => unknown,
): string | null {
  const suffix = ` — order ${order}`;
  if (!description.endsWith(suffix)) return null;
  const head = carrierNamedOnce(description.slice(0, -suffix.length).trim());
  if (!head) return null;
  const code = CARRIER_CODES.find((c) => head.toLowerCase().startsWith(`${CARRIER_NAMES[c].toLowerCase()} `));
  if (!code) return head;
  const english = CARRIER_NAMES[code];
  // 'UPS Standard' → 'Standard'; 'FedEx Ground' → 'Ground'; 'Canada Post Xpresspost' → 'Xpresspost'.
  const service = head.slice(english.length).trim();
  const names = t('rates.services', { returnObjects: true });
  const gloss =
    names && typeof names === 'object'
      ? Object.entries(names as Record<string, unknown>).find(
          ([key, name]) =>
            SERVICE_KEY_PREFIXES[code].some((prefix) => key.startsWith(prefix)) &&
            typeof name === 'string' &&
            name.startsWith(`${service} `) &&
            /^\p{Script=Han}/u.test(name.slice(service.length + 1)),
        )?.[1]
      : undefined;
  const carrier = t(`rates.carriers.${code.replace(/[^A-Za-z0-9]/g, '_')}`, { defaultValue: english });
  return carrierAndService(
    typeof carrier === 'string' && carrier ? carrier : english,
    typeof gloss === 'string' ? gloss : service,
  );
}

/**
 * A transaction's description in the interface language. In English the server's own text (it
 * names carrier and service; a charge stored before the carrier was named once, 'UPS UPS Standard —
 * order …', reads 'UPS Standard — order …'); in Chinese the same facts from a template: a charge
 * by its carrier, service and order code ('运费（UPS Standard 标准）— 订单 VY-…'), a refund by its order code, the administrators' standard texts translated, and their own words as written.
 */
export function describeTransaction(
  tx: Pick<TTransaction, 'type' | 'description' | 'reference'>,
  t: (key: string, options?: Record<string, unknown>) => string,
  lang: 'en' | 'zh',
): string {
  if (lang === 'en') {
    if (!tx.description) return t(`wallet.types.${tx.type}`);
    return tx.type === 'shipping_charge' ? carrierNamedOnce(tx.description) : tx.description;
  }
  if (tx.type === 'shipping_charge' && tx.reference) {
    const service = chineseCarrierAndService(tx.description, tx.reference, t);
    if (service) return t('wallet.describe.chargeService', { service, order: tx.reference });
  }
  if ((tx.type === 'shipping_charge' || tx.type === 'refund') && tx.reference) {
    return t(`wallet.describe.${tx.type === 'refund' ? 'refund' : 'charge'}`, { order: tx.reference });
  }
  const topup = TOPUP_WITH_CARD.exec(tx.description);
  if (topup) {
    const brand = BRAND_KEYS[topup[1]!] ?? 'unknown';
    return t('wallet.describe.topupCard', { card: `${t(brandNameKey(brand))} •••• ${topup[2]}` });
  }
  const known = SERVER_TEXTS[tx.description];
  if (known) return t(`wallet.describe.${known}`);
  return tx.description || t(`wallet.types.${tx.type}`);
}
