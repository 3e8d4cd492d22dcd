import { phoneLineDigits } from './phone';

/**
 * Who a shipment's receiver is, for the customer order count (spec §2 Shipments): by email when
 * there is one; else by a phone of at least 10 digits (an 11-digit number's leading 1 dropped);
 * else by name, street and postal code together. null when none of these can be formed (the badge
 * is then not shown).
 */
export type ReceiverFields = {
  name: string;
  address1: string;
  postalCode: string;
  phone: string;
  email: string;
};

const squash = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export function receiverKey(r: ReceiverFields): string | null {
  const email = squash(r.email);
  if (email) return `e:${email}`;
  // The line's digits, without an extension ('4165550100x12' is 4165550100); other text as before.
  let digits = phoneLineDigits(r.phone) || r.phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length >= 10) return `p:${digits}`;
  const name = squash(r.name);
  const street = squash(r.address1);
  const postal = r.postalCode.replace(/\s+/g, '').toUpperCase();
  if (name && street && postal) return `a:${name}|${street}|${postal}`;
  return null;
}
