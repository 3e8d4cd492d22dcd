/**
 * The admin page's pure rules (spec §2 Admin panel, §4 Shipment status, §5 Admin balances, §9):
 * the order number shown for a shipment, the short id, the admin status colours, the audit values
 * in one line, and the balance dialogs' amount checks.
 */
import type { TAdminShipment } from '../../../shared/contracts/admin';
import { ADMIN_ADD_BALANCE_CENTS, ADMIN_EDIT_BALANCE_CENTS } from '../../../shared/contracts/wallet';
import { parseCents, type Cents } from '../../../shared/money';
import { personNameOrEmail } from '../../../shared/person-name';

export { ADMIN_ADD_BALANCE_CENTS, ADMIN_EDIT_BALANCE_CENTS };

/** Spec §9: a resource id is shown by its first 8 characters. */
export const SHORT_ID_LENGTH = 8;

/** Spec §9: the audit view holds the latest 50 entries; the note shows at 50 or more. */
export const AUDIT_LIMIT = 50;

export function shortId(id: string | null | undefined): string {
  return (id ?? '').slice(0, SHORT_ID_LENGTH);
}

/**
 * Spec §2 Orders tab: the tracking number, otherwise the provider order code, otherwise null
 * (shown as 'N/A').
 */
export function orderNumber(shipment: Pick<TAdminShipment, 'trackingNumber' | 'orderCode'>): string | null {
  const tracking = shipment.trackingNumber?.trim();
  if (tracking) return tracking;
  const code = shipment.orderCode?.trim();
  return code ? code : null;
}

export type StatusTone = 'green' | 'blue' | 'red' | 'yellow';

/** Spec §4: delivered green, in_transit blue, cancelled red, anything else (a missing one too) yellow. */
export function statusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'delivered':
      return 'green';
    case 'in_transit':
      return 'blue';
    case 'cancelled':
      return 'red';
    default:
      return 'yellow';
  }
}

/** Spec §4: underscores shown as spaces, in upper case ('in_transit' → 'IN TRANSIT'); a missing one is pending. */
export function statusLabel(status: string | null | undefined): string {
  const text = (status ?? '').trim() || 'pending';
  return text.replace(/_/g, ' ').toUpperCase();
}

/** One value of an audit entry's old or new value, in a line: text as is, anything else as compact JSON. */
function scalar(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  return JSON.stringify(value) ?? String(value);
}

/** How the audit view writes money, roles and days (in the page's language; Toronto days). */
export type AuditFormat = {
  money: (cents: number) => string;
  /** A role's label, or null for a value that is not a role. */
  role: (role: string) => string | null;
  day: (instant: Date) => string;
};

/** One 'key: value' of an audit value; `title` holds what the text shortens (a full id). */
export type AuditPart = { label: string | null; text: string; title?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DECIMAL_MONEY = /^-?\d+\.\d{2}$/;
/** Keys whose decimal text ("25.50") is an amount of money. */
const MONEY_KEY = /(balance|amount|added|price|cost|fixed|total)$/i;
/** Keys that are the exclusive end of a validity (the instant the next day starts). */
const EXCLUSIVE_END_KEY = /^(validTo|validUntil|endsAt)$/;

function auditPart(label: string | null, value: unknown, fmt: AuditFormat): AuditPart {
  if (label !== null && /Cents$/.test(label) && label !== 'Cents') {
    const cents =
      typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(cents)) return { label: label.slice(0, -'Cents'.length), text: fmt.money(cents) };
  }
  if (typeof value !== 'string') return { label, text: scalar(value) };
  if (label !== null && MONEY_KEY.test(label) && DECIMAL_MONEY.test(value)) {
    const cents = parseCents(value);
    if (cents !== null) return { label, text: fmt.money(cents) };
  }
  if (label === 'role') {
    const role = fmt.role(value);
    if (role !== null) return { label, text: role, title: value };
  }
  if (UUID.test(value)) return { label, text: shortId(value), title: value };
  if (INSTANT.test(value)) {
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) {
      const shown = label !== null && EXCLUSIVE_END_KEY.test(label) ? new Date(at.getTime() - 1) : at;
      return { label, text: fmt.day(shown), title: value };
    }
  }
  return { label, text: value };
}

/**
 * An audit entry's old or new value as its 'key: value' parts, written for people: cents and money
 * amounts in dollars (balanceCents → balance: $933.76), roles by their label, instants as Toronto days
 * (an exclusive end such as a discount's validTo as the day before it), ids by their first 8 characters
 * (the full id in the part's title). Null, undefined, an empty object and blank text give null.
 */
export function auditParts(value: unknown, fmt: AuditFormat): AuditPart[] | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : [auditPart(null, value, fmt)];
  if (typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return null;
    return entries.map(([k, v]) => auditPart(k, v, fmt));
  }
  return [auditPart(null, value, fmt)];
}

/** An audit action code in words when no translation names it ('payment.charge_failed' → 'Payment charge failed'). */
export function actionWords(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

/** The translation key of an audit action code (i18next keys cannot hold its dots). */
export const actionKey = (action: string) => `admin.auditActions.${action.replace(/[^a-z0-9_]/gi, '_')}`;

/** Spec §2 Audit tab: the IP address is shown unless it is missing or 'unknown'. */
export function shownIp(ip: string | null | undefined): string | null {
  const text = (ip ?? '').trim();
  if (text === '' || text.toLowerCase() === 'unknown') return null;
  return text;
}

export type AmountProblem = 'required' | 'invalid' | 'range';
export type AmountCheck = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem };

/**
 * An amount typed in dollars ('25', '25.5', '1,000.00'; a lone comma is read as the decimal mark):
 * at most two decimals, within the range in cents.
 */
export function checkAmount(text: string, range: { min: number; max: number }): AmountCheck {
  let trimmed = text.trim().replace(/^\$/, '').trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  // '1,000.00' (grouping) or '12,50' (a decimal comma).
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed)) trimmed = trimmed.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(trimmed)) trimmed = trimmed.replace(',', '.');
  const cents = /^\d+(\.\d*)?$/.test(trimmed) ? parseCents(trimmed.replace(/\.$/, '')) : null;
  if (cents === null) return { ok: false, problem: 'invalid' };
  if (cents < range.min || cents > range.max) return { ok: false, problem: 'range' };
  return { ok: true, cents };
}

/** A person's name for the admin lists, as written everywhere (王小明, Ada Lovelace), else the email. */
export function personName(user: { firstName: string; lastName: string; email?: string } | null): string {
  return user ? personNameOrEmail(user) : '';
}
