import type { TFunction } from 'i18next';

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
