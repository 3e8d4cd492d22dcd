import type { TFunction } from 'i18next';
import { carrierLabel, serviceLabel } from '../shipments/rate-display';

/**
 * A cell's problem as the server words it (the shipment form's messages, shared/contracts) in the
 * interface language: each known message has its key; an unknown one keeps the server's text in
 * English and says "check this value" in Chinese.
 */
const CELL_PATTERNS: readonly [RegExp, (m: RegExpExecArray) => [string, Record<string, string>?]][] = [
  [/ is required$/, () => ['bulkImport.cell.required']],
  [
    /^Postal code (.+) is not in (\w\w)$/,
    (m) => ['bulkImport.cell.postalProvince', { postal: m[1]!, province: m[2]! }],
  ],
  [/^Enter a Canadian postal code/, () => ['bulkImport.cell.postalFormat']],
  [/^Choose one of the 13 province/, () => ['bulkImport.cell.province']],
  [/^Enter a phone number/, () => ['bulkImport.cell.phone']],
  [/^Enter a valid email/, () => ['bulkImport.cell.email']],
  [/must be a number$/, () => ['bulkImport.cell.number']],
  [/must be greater than 0$/, () => ['bulkImport.cell.positive']],
  [/must be at most (\d+)$/, (m) => ['bulkImport.cell.max', { max: m[1]! }]],
  [/must be at most (\d+) characters$/, (m) => ['bulkImport.cell.tooLong', { max: m[1]! }]],
  [/^Only addresses in Canada/, () => ['bulkImport.cell.canadaOnly']],
  [/^Shipments leaving Canada need a customs declaration/, () => ['bulkImport.cell.customs']],
  [/must be written in Latin letters/, () => ['bulkImport.cell.latin']],
  [/^Choose which column/, () => ['bulkImport.cell.mapping']],
];

export function cellMessage(message: string, t: TFunction, language: string): string {
  for (const [pattern, toKey] of CELL_PATTERNS) {
    const m = pattern.exec(message);
    if (m) {
      const [key, values] = toKey(m);
      return t(key, values ?? {});
    }
  }
  return language === 'en' ? message : t('bulkImport.cell.invalid');
}

/** Why a row was not bought (its errorCode), in the interface language. */
export function rowOutcomeMessage(code: string | null, message: string | null, t: TFunction, language: string): string {
  switch (code) {
    case 'INSUFFICIENT_BALANCE':
      return t('bulkImport.outcome.insufficient');
    case 'CANCELLED':
      return t('bulkImport.outcome.cancelled');
    case 'NO_PARCEL':
      return t('bulkImport.outcome.noParcel');
    case 'NO_RATE':
      return t('bulkImport.outcome.noRate');
    case null:
      return '';
    default:
      // A carrier's refusal: the saga refunded it; the carrier's words stay in English.
      return language === 'en' && message ? message : t('bulkImport.outcome.failed');
  }
}

/** A plain list in the interface language: "a, b, c" in English, "a、b、c" in Chinese. */
export function listOf(items: readonly string[], language: string): string {
  const locale = language === 'zh' ? 'zh-CN' : 'en-CA';
  return new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' }).format(items);
}

/**
 * Why the batch has no sender yet, as a `bulkImport.defaults` key: an empty address book
 * ('senderEmpty'), or the default chosen while no address is the default ('senderNoDefault');
 * null when a sender is known or the address book is still loading (the quote says then).
 */
export function senderProblem(
  addresses: readonly { id: string; isDefault: boolean }[] | undefined,
  senderId: string,
): 'senderEmpty' | 'senderNoDefault' | null {
  if (!addresses) return null;
  if (addresses.length === 0) return 'senderEmpty';
  if (senderId) return addresses.some((a) => a.id === senderId) ? null : 'senderNoDefault';
  return addresses.some((a) => a.isDefault) ? null : 'senderNoDefault';
}

type SummaryBatch = {
  status: 'draft' | 'quoted' | 'purchasing' | 'completed' | 'cancelled';
  rows: number;
  counts: { invalid: number; dropped: number; bought: number; failed: number; pending: number; cancelled: number };
  items: readonly { status: string }[];
};

/**
 * The batch header's counts as the batch stands: before buying, the rows ready (those that are
 * neither with problems nor dropped) and with problems; once buying started, bought, not bought
 * and still waiting — never "2 ready" after both were bought — and, after a cancel, the rows it stopped.
 */
export function batchSummary(batch: SummaryBatch): [string, Record<string, number>] {
  if (batch.status === 'draft' || batch.status === 'quoted') {
    const ready = batch.items.filter((i) => i.status === 'ready' || i.status === 'quoted' || i.status === 'unquoted');
    return ['bulkImport.summary', { rows: batch.rows, valid: ready.length, invalid: batch.counts.invalid }];
  }
  const key =
    batch.counts.pending > 0
      ? 'bulkImport.summaryBuying'
      : batch.counts.cancelled > 0
        ? 'bulkImport.summaryCancelled'
        : 'bulkImport.summaryDone';
  return [
    key,
    {
      rows: batch.rows,
      bought: batch.counts.bought,
      failed: batch.counts.failed,
      pending: batch.counts.pending,
      cancelled: batch.counts.cancelled,
    },
  ];
}

/** A quoted row's carrier and service as the rate pages name them, in the interface language. */
export function quoteName(
  quote: { carrier: string; serviceCode: string; serviceName: string },
  t: Parameters<typeof carrierLabel>[1],
): string {
  return `${carrierLabel(quote.carrier, t)} ${serviceLabel(quote, t)}`;
}
