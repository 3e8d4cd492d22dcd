/**
 * How a saved card reads on screen (spec §2 Wallet and Manage cards): the number masked but for its
 * last four digits, the expiry as MM/YY, and the brand's name. Shared by the wallet, Manage cards and
 * Settings → Billing.
 */
import { CARD_BRANDS, type CardBrand } from '../../shared/contracts/payments';

/** '•••• •••• •••• 4242'. */
export function maskedCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

/** '04/30' from month 4 and year 2030 (a two-digit year is taken as it is). */
export function cardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(((year % 100) + 100) % 100).padStart(2, '0')}`;
}

/** A brand the icons and names know; anything else is the generic card. */
export function knownBrand(brand: string): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown';
}

/** The translation key of the brand's name ('cards.brands.visa'). */
export function brandNameKey(brand: string): string {
  return `cards.brands.${knownBrand(brand)}`;
}

/** A card works through the last day of its expiry month (in the browser's own calendar). */
export function isCardExpired(month: number, year: number, now: Date = new Date()): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  return fullYear < y || (fullYear === y && month < m);
}
