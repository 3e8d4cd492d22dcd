import { z } from 'zod';
import { PACKAGE_TYPES, type TPackageType, type TQuoteRequestInput } from '../../../shared/contracts/rates';
import {
  CONTENTS_TYPES,
  CUSTOMS_MAX_ITEMS,
  INCOTERMS,
  NON_DELIVERY,
  ZCustoms,
  type TCustomsInput,
} from '../../../shared/contracts/customs';
import { CURRENCIES } from '../../../shared/customs';
import { ZRecipientLanguage, type TRecipientLanguage } from '../../../shared/contracts/addresses';
import { joinStreet, splitName } from '../../../shared/address-format';
import type { AiFilledFields } from '../../components/ai-assist-box';
import { inToCm, lbToKg } from '../../../shared/units';

/** Form values of the create-shipment screen; every input is kept as typed (text), in lb and inches. */
export type PartyForm = {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
};

export type PackageForm = {
  weight: string;
  length: string;
  width: string;
  height: string;
  type: TPackageType | '';
  description: string;
  insuranceValue: string;
};

/** One line of the customs declaration as typed: weight in lb each (like the package), value in the customs currency. */
export type CustomsItemForm = {
  description: string;
  hsCode: string;
  originCountry: string;
  quantity: string;
  unitValue: string;
  weight: string;
  cusmaQualifying: boolean;
};

/** The customs section (a receiver outside Canada, issue 25); kept but neither checked nor sent inside Canada. */
export type CustomsForm = {
  contentsType: (typeof CONTENTS_TYPES)[number];
  currency: (typeof CURRENCIES)[number];
  incoterm: (typeof INCOTERMS)[number];
  nonDelivery: (typeof NON_DELIVERY)[number];
  items: CustomsItemForm[];
};

/** The optional mail to the receiver (issue 27): off by default; the receiver's email is then required. */
export type RecipientMailForm = { notify: boolean; language: TRecipientLanguage };
export const emptyRecipientMail = (): RecipientMailForm => ({ notify: false, language: 'en' });

export type ShipmentForm = {
  sender: PartyForm;
  receiver: PartyForm;
  package: PackageForm;
  customs: CustomsForm;
  recipientMail?: RecipientMailForm;
};
export type Party = 'sender' | 'receiver';

export const PARTY_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'address1',
  'address2',
  'city',
  'country',
  'province',
  'postalCode',
  'phone',
  'email',
] as const satisfies readonly (keyof PartyForm)[];

/** Spec §5: required (non-blank after trimming) for sender and receiver, in display order. */
export const REQUIRED_PARTY_FIELDS = [
  'firstName',
  'lastName',
  'address1',
  'city',
  'province',
  'postalCode',
  'country',
  'phone',
] as const satisfies readonly (keyof PartyForm)[];

export const emptyParty = (): PartyForm => ({
  firstName: '',
  lastName: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  province: '',
  postalCode: '',
  country: 'CA',
  phone: '',
  email: '',
});

export const emptyCustomsItem = (): CustomsItemForm => ({
  description: '',
  hsCode: '',
  originCountry: 'CA',
  quantity: '1',
  unitValue: '',
  weight: '',
  cusmaQualifying: false,
});

/** The incoterm a destination takes (decision 029): duties paid (DDP) to the US, unpaid (DDU) elsewhere for now. */
export const defaultIncoterm = (country: string): CustomsForm['incoterm'] => (country === 'US' ? 'DDP' : 'DDU');

export const emptyCustoms = (country = 'US'): CustomsForm => ({
  contentsType: 'merchandise',
  currency: 'CAD',
  incoterm: defaultIncoterm(country),
  nonDelivery: 'return',
  items: [emptyCustomsItem()],
});

/** Whether the receiver is outside Canada (a chosen country, not CA): the shipment then needs customs details. */
export function leavesCanada(receiverCountry: string): boolean {
  const country = receiverCountry.trim().toUpperCase();
  return country !== '' && country !== 'CA';
}

export const emptyShipmentForm = (): ShipmentForm => ({
  sender: emptyParty(),
  receiver: emptyParty(),
  package: { weight: '', length: '', width: '', height: '', type: 'package', description: '', insuranceValue: '' },
  customs: emptyCustoms(),
  recipientMail: emptyRecipientMail(),
});

/** True when the user has typed nothing into this party yet (country has a default). */
export function isPartyEmpty(party: PartyForm): boolean {
  return PARTY_FIELDS.every((f) => f === 'country' || party[f].trim() === '');
}

export type CustomsHeadField = Exclude<keyof CustomsForm, 'items'>;
export type CustomsItemField = keyof CustomsItemForm;

/**
 * The party fields an assistant answer fills (only the non-empty ones). The sender ships from
 * Canada: a country is copied in for the receiver only (the box refuses a country the party does
 * not take). An answer places an address in the US by its state or ZIP (ai-assist-box), so a
 * receiver's address without a country is Canadian: the country goes back to Canada after a US fill.
 */
export function partyFromAiFields(fields: AiFilledFields, party: Party): Partial<PartyForm> {
  const out: Partial<PartyForm> = {};
  for (const f of PARTY_FIELDS) {
    if ((f !== 'country' || party === 'receiver') && fields[f]) out[f] = fields[f];
  }
  if (party === 'receiver' && !out.country && (out.province || out.postalCode)) out.country = 'CA';
  if (!out.firstName && !out.lastName && fields.name) {
    const split = splitName(fields.name);
    out.firstName = split.firstName;
    if (split.lastName) out.lastName = split.lastName;
  }
  return out;
}

/** A field of the form, as a react-hook-form path. */
export type ShipmentFieldPath =
  | `${Party}.${keyof PartyForm}`
  | `package.${keyof PackageForm}`
  | `customs.${CustomsHeadField}`
  | `customs.items.${number}.${CustomsItemField}`;

/** A decimal number typed in a form ('2', '2.5', ' 2,5 '), or null. */
export function parseDecimal(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(clean)) return null;
  const n = Number(clean);
  return Number.isFinite(n) ? n : null;
}

const SERVER_PARTY_FIELDS: Record<string, (keyof PartyForm)[]> = {
  // The server takes one name and one street line: both form fields make them up.
  name: ['firstName', 'lastName'],
  company: ['company'],
  streetAddress: ['address1', 'address2'],
  city: ['city'],
  province: ['province'],
  postalCode: ['postalCode'],
  country: ['country'],
  phoneNumber: ['phone'],
  emailAddress: ['email'],
};

/** The customs item's fields by their name in the contract (weightKg is the form's weight in lb). */
const SERVER_ITEM_FIELDS: Record<string, CustomsItemField> = {
  description: 'description',
  hsCode: 'hsCode',
  originCountry: 'originCountry',
  quantity: 'quantity',
  unitValue: 'unitValue',
  weightKg: 'weight',
  cusmaQualifying: 'cusmaQualifying',
};

/** The form fields a server field path (`toAddress.postalCode`, `customs.items.1.hsCode`) concerns; [] when none. */
export function formPathsForServerPath(serverPath: string): ShipmentFieldPath[] {
  const [head, field, index, itemField] = serverPath.split('.');
  if (head === 'customs') {
    if (!field) return ['customs.contentsType'];
    if (field === 'items') {
      // The items as a whole (their weights add up to more than the parcel, none at all): the first item's weight.
      const i = index !== undefined && /^\d+$/.test(index) ? Number(index) : 0;
      if (index === undefined || itemField === undefined) return [`customs.items.${i}.weight`];
      const f = SERVER_ITEM_FIELDS[itemField];
      return f ? [`customs.items.${i}.${f}`] : [];
    }
    const heads: readonly string[] = ['contentsType', 'currency', 'incoterm', 'nonDelivery'];
    return heads.includes(field) ? [`customs.${field as CustomsHeadField}`] : [];
  }
  const party: Party | null = head === 'fromAddress' ? 'sender' : head === 'toAddress' ? 'receiver' : null;
  if (party) return (field ? (SERVER_PARTY_FIELDS[field] ?? []) : []).map((f) => `${party}.${f}` as const);
  if (head === 'packageDetails' && field) {
    const known: readonly string[] = ['weight', 'length', 'width', 'height', 'type', 'insuranceValue', 'description'];
    return known.includes(field) ? [`package.${field}` as ShipmentFieldPath] : [];
  }
  return [];
}

/** The first form field a server field path concerns, or null. */
export function formPathForServerPath(serverPath: string): ShipmentFieldPath | null {
  return formPathsForServerPath(serverPath)[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Session storage: the form as typed (restored on return or reload) and the validated shipment
// that /rate-selection quotes.

const FORM_KEY = 'voyageur.shipment.form';
const SHIPMENT_KEY = 'voyageur.shipment.data';

const ZText = z.string().max(1000).catch('');
const ZStoredParty = z.object(
  Object.fromEntries(PARTY_FIELDS.map((f) => [f, ZText])) as Record<keyof PartyForm, typeof ZText>,
);
const ZStoredCustomsForm = z.object({
  contentsType: z.enum(CONTENTS_TYPES).catch('merchandise'),
  currency: z.enum(CURRENCIES).catch('CAD'),
  incoterm: z.enum(INCOTERMS).catch('DDP'),
  nonDelivery: z.enum(NON_DELIVERY).catch('return'),
  items: z
    .array(
      z.object({
        description: ZText,
        hsCode: ZText,
        originCountry: ZText,
        quantity: ZText,
        unitValue: ZText,
        weight: ZText,
        cusmaQualifying: z.boolean().catch(false),
      }),
    )
    .min(1)
    .max(CUSTOMS_MAX_ITEMS),
});

const ZStoredRecipientMail = z.object({ notify: z.boolean(), language: ZRecipientLanguage });

const ZStoredForm = z.object({
  sender: ZStoredParty,
  receiver: ZStoredParty,
  package: z.object({
    weight: ZText,
    length: ZText,
    width: ZText,
    height: ZText,
    type: z.enum([...PACKAGE_TYPES, '']).catch('package'),
    description: ZText,
    insuranceValue: ZText,
  }),
  // A form kept before the customs section existed gets an empty one.
  customs: ZStoredCustomsForm.catch(() => emptyCustoms()),
  // A form kept before the recipient's mail existed has it off.
  recipientMail: ZStoredRecipientMail.catch(() => emptyRecipientMail()),
});

/** Parsed numbers of a form without problems, in the form's units (lb, in, CAD). */
export type StoredShipment = {
  sender: PartyForm;
  receiver: PartyForm;
  package: {
    weightLb: number;
    lengthIn: number;
    widthIn: number;
    heightIn: number;
    type: TPackageType;
    description: string;
    insuranceValue: number;
  };
  /** The customs declaration as the API takes it (kg, values in its currency); null inside Canada. */
  customs?: TCustomsInput | null;
  /** Mail the receiver when shipped and delivered (issue 27); absent or null: no mail. */
  recipientMail?: RecipientMailForm | null;
};

const ZPositive = z.number().positive().finite();
const ZStoredShipment = z.object({
  sender: ZStoredParty,
  receiver: ZStoredParty,
  package: z.object({
    weightLb: ZPositive,
    lengthIn: ZPositive,
    widthIn: ZPositive,
    heightIn: ZPositive,
    type: z.enum(PACKAGE_TYPES),
    description: z.string().max(1000),
    // 0: no declared value, no coverage (decision 020).
    insuranceValue: z.number().nonnegative().finite(),
  }),
  // The contract's own schema: a stored declaration the server would refuse is not kept.
  customs: ZCustoms.nullish().catch(null),
  recipientMail: ZStoredRecipientMail.nullish().catch(null),
});

function readJson(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or unavailable: the form still works for this page */
  }
}

export function loadFormDraft(): ShipmentForm | null {
  const parsed = ZStoredForm.safeParse(readJson(FORM_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveFormDraft(form: ShipmentForm): void {
  writeJson(FORM_KEY, form);
}

export function loadShipment(): StoredShipment | null {
  const parsed = ZStoredShipment.safeParse(readJson(SHIPMENT_KEY));
  return parsed.success ? parsed.data : null;
}

export function saveShipment(shipment: StoredShipment): void {
  writeJson(SHIPMENT_KEY, shipment);
}

/** Clears both the form and the shipment (after an order is placed). */
export function clearShipment(): void {
  try {
    sessionStorage.removeItem(FORM_KEY);
    sessionStorage.removeItem(SHIPMENT_KEY);
  } catch {
    /* nothing stored */
  }
}

const trimParty = (p: PartyForm): PartyForm =>
  Object.fromEntries(PARTY_FIELDS.map((f) => [f, (p[f] ?? '').trim()])) as PartyForm;

/**
 * The trimmed, parsed shipment of a form, without checking it (see `toStoredShipment` in
 * shipment-rules.ts, which only builds one for a form without problems).
 */
export function buildShipment(form: ShipmentForm): StoredShipment {
  const num = (text: string) => parseDecimal(text) ?? 0;
  const receiver = trimParty(form.receiver);
  return {
    sender: trimParty(form.sender),
    receiver: { ...receiver, country: receiver.country.toUpperCase() },
    package: {
      weightLb: num(form.package.weight),
      lengthIn: num(form.package.length),
      widthIn: num(form.package.width),
      heightIn: num(form.package.height),
      type: (PACKAGE_TYPES as readonly string[]).includes(form.package.type)
        ? (form.package.type as TPackageType)
        : 'package',
      description: form.package.description.trim(),
      insuranceValue: num(form.package.insuranceValue),
    },
    customs: leavesCanada(receiver.country) ? buildCustoms(form.customs) : null,
    recipientMail: form.recipientMail?.notify ? form.recipientMail : null,
  };
}

/** A typed whole number ('2'), or NaN (the contract then names the field). */
function parseWhole(text: string): number {
  const clean = text.trim();
  return /^\d{1,9}$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The customs section as the API takes it: trimmed texts, numbers (NaN where not one), weights in kg. */
export function buildCustoms(c: CustomsForm): TCustomsInput {
  return {
    contentsType: c.contentsType,
    currency: c.currency,
    incoterm: c.incoterm,
    nonDelivery: c.nonDelivery,
    items: c.items.map((item) => {
      const weightLb = parseDecimal(item.weight);
      return {
        description: item.description.trim(),
        hsCode: item.hsCode.trim(),
        originCountry: item.originCountry.trim().toUpperCase(),
        quantity: parseWhole(item.quantity),
        unitValue: parseDecimal(item.unitValue) ?? Number.NaN,
        weightKg: weightLb === null ? Number.NaN : lbToKg(weightLb),
        // Only sent when it can apply (goods of CA, US or MX); otherwise left out.
        ...(item.cusmaQualifying ? { cusmaQualifying: true } : {}),
      };
    }),
  };
}

function toQuoteAddress(p: PartyForm): TQuoteRequestInput['fromAddress'] {
  return {
    name: `${p.firstName} ${p.lastName}`.trim(),
    company: p.company,
    streetAddress: joinStreet(p.address1, p.address2),
    city: p.city,
    province: p.province,
    postalCode: p.postalCode,
    country: p.country,
    phoneNumber: p.phone,
    emailAddress: p.email,
  };
}

/** Body of POST /api/rates/quote: metric units (kg = lb × 0.453592, cm = in × 2.54). */
export function toQuoteRequest(s: StoredShipment): TQuoteRequestInput {
  return {
    fromAddress: toQuoteAddress(s.sender),
    toAddress: toQuoteAddress(s.receiver),
    packageDetails: {
      weight: lbToKg(s.package.weightLb),
      length: inToCm(s.package.lengthIn),
      width: inToCm(s.package.widthIn),
      height: inToCm(s.package.heightIn),
      type: s.package.type,
      insuranceValue: s.package.insuranceValue,
      description: s.package.description,
    },
    ...(s.customs ? { customs: s.customs } : {}),
  };
}
