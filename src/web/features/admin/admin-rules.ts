/**
 * The admin page's pure rules (spec §2 Admin panel, §4 Shipment status, §5 Admin balances, §9):
 * the order number shown for a shipment, the short id, the admin status colours, the audit values
 * in one line, and the balance dialogs' amount checks.
 */
import type { TAdminShipment } from '../../../shared/contracts/admin';
import { ADMIN_ADD_BALANCE_CENTS, ADMIN_EDIT_BALANCE_CENTS } from '../../../shared/contracts/wallet';
import { parseCents, type Cents } from '../../../shared/money';

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

/**
 * An audit entry's old or new value in one compact line: an object as 'key: value' pairs
 * ('role: end_user, isActive: true'; nested values as compact JSON), anything else as itself or
 * compact JSON. Null, undefined and an empty object give null (nothing to show).
 */
export function formatAuditValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return null;
    return entries.map(([k, v]) => `${k}: ${scalar(v)}`).join(', ');
  }
  return scalar(value);
}

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

/** A person's name for the admin lists: first and last, else the email. */
export function personName(user: { firstName: string; lastName: string; email?: string } | null): string {
  if (!user) return '';
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email || '';
}
