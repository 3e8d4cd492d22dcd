/** Display rules for an address (spec §3 Address). Pure; the web passes translated fallback texts. */
export type AddressLike = {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  postalCode?: string | null;
};

export const CONTACT_FALLBACK = 'Contact';
export const NO_CONTACT_INFORMATION = 'No contact information';
export const ADDRESS_DETAILS_UNAVAILABLE = 'Address details unavailable';
export const ADDRESS_NOT_SPECIFIED = 'Address not specified';
export const LOCATION_NOT_SPECIFIED = 'Location not specified';

export type AddressFallbackTexts = {
  /** A name that is missing along with first, last and company. */
  contact: string;
  /** The name line when there is no address at all. */
  noContact: string;
  /** The street and location lines when there is no address at all. */
  unavailable: string;
  /** The street line when both address lines are blank. */
  noStreet: string;
  /** The location line when city, province and postal code are blank. */
  noLocation: string;
};

export const ADDRESS_FALLBACKS: AddressFallbackTexts = {
  contact: CONTACT_FALLBACK,
  noContact: NO_CONTACT_INFORMATION,
  unavailable: ADDRESS_DETAILS_UNAVAILABLE,
  noStreet: ADDRESS_NOT_SPECIFIED,
  noLocation: LOCATION_NOT_SPECIFIED,
};

type Texts = Partial<AddressFallbackTexts>;
type Maybe = AddressLike | null | undefined;

const clean = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');
const pick = (texts: Texts | undefined, key: keyof AddressFallbackTexts) => texts?.[key] ?? ADDRESS_FALLBACKS[key];

/** The name, else first plus last, else the company, else 'Contact'; a different company follows in brackets. */
export function displayName(address: Maybe, texts?: Texts): string {
  if (!address) return pick(texts, 'noContact');
  const company = clean(address.company);
  const name =
    clean(address.name) || [clean(address.firstName), clean(address.lastName)].filter(Boolean).join(' ') || company;
  if (!name) return pick(texts, 'contact');
  return company && company !== name ? `${name} (${company})` : name;
}

/** Address line 2, ' - ', address line 1 (either alone when the other is blank). */
export function streetLine(address: Maybe, texts?: Texts): string {
  if (!address) return pick(texts, 'unavailable');
  return joinStreet(address.address1, address.address2) || pick(texts, 'noStreet');
}

/** City, province and postal code joined by commas, skipping blanks. */
export function locationLine(address: Maybe, texts?: Texts): string {
  if (!address) return pick(texts, 'unavailable');
  const parts = [clean(address.city), clean(address.province), clean(address.postalCode)].filter(Boolean);
  return parts.length ? parts.join(', ') : pick(texts, 'noLocation');
}

/** The street lines combined as one (shipments carry a single address field); '' when both are blank. */
export function joinStreet(address1: string | null | undefined, address2: string | null | undefined): string {
  return [clean(address2), clean(address1)].filter(Boolean).join(' - ');
}

/** Splits a full name at the first space: 'Jean Luc Picard' → Jean / Luc Picard; one word → last name ''. */
export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const trimmed = clean(name);
  const at = trimmed.search(/\s/);
  if (at < 0) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at).trim() };
}
