import { PACKAGE_INPUT_MAX, PACKAGE_TYPES, QUOTE_ADDRESS_LIMITS, ZQuoteRequest } from '../../../shared/contracts/rates';
import { isValidEmail, isValidPhone } from '../../../shared/contracts/addresses';
import { hasControlCharacters } from '../../../shared/contracts/fields';
import { joinStreet } from '../../../shared/address-format';
import { parcelLimitProblems, DOMESTIC_CARRIER_LIMITS } from '../../../shared/parcel-limits';
import { normalizePostalCode, postalCodeMatchesProvince } from '../../../shared/postal-code';
import { normalizeProvince } from '../../../shared/provinces';
import { IN_TO_CM, LB_TO_KG, inToCm, lbToKg } from '../../../shared/units';
import {
  PARTY_FIELDS,
  REQUIRED_PARTY_FIELDS,
  buildShipment,
  formPathsForServerPath,
  parseDecimal,
  toQuoteRequest,
  type PackageForm,
  type Party,
  type PartyForm,
  type ShipmentFieldPath,
  type ShipmentForm,
  type StoredShipment,
} from './shipment-draft';

/**
 * The create-shipment form's rules: every rule POST /api/rates/quote applies (the contract in
 * src/shared/contracts/rates.ts and the carriers' limits the rates service checks), in the form's
 * units (lb, inches), on the field the user can fix. A draft without problems is accepted by the
 * server's schema (proved by a property test); as a last guard the schema itself runs too.
 */
export type ProblemCode =
  | 'required'
  | 'number'
  | 'positive'
  | 'notNegative'
  | 'minWeight'
  | 'minSide'
  | 'maxWeight'
  | 'maxSide'
  | 'maxValue'
  | 'tooLong'
  | 'nameTooLong'
  | 'streetTooLong'
  | 'controlCharacters'
  | 'province'
  | 'postalCode'
  | 'postalProvince'
  | 'country'
  | 'phone'
  | 'email'
  | 'packageType'
  | 'carrierWeight'
  | 'carrierWeightForSize'
  | 'carrierSide'
  | 'carrierGirth'
  | 'invalid';

export type FieldProblem = { path: ShipmentFieldPath; code: ProblemCode; params?: Record<string, string | number> };

/** The translation key of a problem's message. */
export const problemKey = (code: ProblemCode) => `shipment.validation.${code}`;

const PACKAGE_FIELDS = [
  'weight',
  'length',
  'width',
  'height',
  'type',
  'insuranceValue',
  'description',
] as const satisfies readonly (keyof PackageForm)[];

/** Every field in screen order: sender, receiver, package. */
export const FORM_ORDER: readonly ShipmentFieldPath[] = [
  ...(['sender', 'receiver'] as const).flatMap((party) => PARTY_FIELDS.map((f) => `${party}.${f}` as const)),
  ...PACKAGE_FIELDS.map((f) => `package.${f}` as const),
];

// ---------------------------------------------------------------------------------------------
// Limits in the form's units. The form compares converted values exactly as the server sees them;
// the limit it names is the largest value with two decimals that the server accepts, so the text
// never names a value that would be refused.

const floor2 = (v: number) => Math.floor(v * 100 + 1e-9) / 100;

/** Largest x.xx whose conversion stays within `maxMetric`. */
function largestAccepted(maxMetric: number, factor: number, convert: (v: number) => number): number {
  let v = floor2(maxMetric / factor);
  while (v > 0 && convert(v) > maxMetric) v = floor2(v - 0.01);
  while (convert(floor2(v + 0.01)) <= maxMetric) v = floor2(v + 0.01);
  return v;
}

export const lbLimit = (maxKg: number) => largestAccepted(maxKg, LB_TO_KG, lbToKg);
export const inLimit = (maxCm: number) => largestAccepted(maxCm, IN_TO_CM, inToCm);
/**
 * Length plus girth adds five converted sides, each rounded to 0.01 cm (at most 0.005 cm up):
 * the inch figure leaves room for that, so any parcel within it in inches is within it in cm.
 */
export const girthLimitIn = (maxCm: number) => floor2((maxCm - 0.025) / IN_TO_CM);

/** The smallest value with two decimals whose conversion is above 0 (the server refuses 0). */
const smallestAccepted = (convert: (v: number) => number) => {
  let v = 0.01;
  while (convert(v) <= 0) v = floor2(v + 0.01);
  return v;
};

const carrierMaxKg = Math.max(...Object.values(DOMESTIC_CARRIER_LIMITS).map((l) => l.maxWeightKg));
const carrierMaxCm = Math.max(...Object.values(DOMESTIC_CARRIER_LIMITS).map((l) => l.maxLengthCm));

// ---------------------------------------------------------------------------------------------

const QUOTE_LIMIT: Partial<Record<keyof PartyForm, number>> = {
  company: QUOTE_ADDRESS_LIMITS.company,
  city: QUOTE_ADDRESS_LIMITS.city,
  province: QUOTE_ADDRESS_LIMITS.province,
  postalCode: QUOTE_ADDRESS_LIMITS.postalCode,
  phone: QUOTE_ADDRESS_LIMITS.phoneNumber,
  email: QUOTE_ADDRESS_LIMITS.emailAddress,
};

function partyProblems(party: Party, p: PartyForm): FieldProblem[] {
  const out = new Map<keyof PartyForm, FieldProblem>();
  const add = (field: keyof PartyForm, code: ProblemCode, params?: FieldProblem['params']) => {
    if (!out.has(field)) out.set(field, { path: `${party}.${field}`, code, params });
  };
  const value = (field: keyof PartyForm) => (p[field] ?? '').trim();

  for (const field of PARTY_FIELDS) {
    const raw = p[field] ?? '';
    if ((REQUIRED_PARTY_FIELDS as readonly string[]).includes(field) && raw.trim() === '') add(field, 'required');
    else if (hasControlCharacters(raw)) add(field, 'controlCharacters');
    else {
      const max = QUOTE_LIMIT[field];
      if (max !== undefined && raw.trim().length > max) add(field, 'tooLong', { max });
    }
  }

  // The server takes one name (first + ' ' + last) and one street line (line 2 - line 1).
  const first = value('firstName');
  const last = value('lastName');
  const nameLength = `${first} ${last}`.trim().length;
  if (nameLength > QUOTE_ADDRESS_LIMITS.name) {
    const max = QUOTE_ADDRESS_LIMITS.name - (first && last ? 1 : 0);
    const count = first.length + last.length;
    if (first) add('firstName', 'nameTooLong', { max, count });
    if (last) add('lastName', 'nameTooLong', { max, count });
  }
  const line1 = value('address1');
  const line2 = value('address2');
  const street = joinStreet(line1, line2);
  if (street.length > QUOTE_ADDRESS_LIMITS.streetAddress) {
    if (line1 && line2) {
      const max = QUOTE_ADDRESS_LIMITS.streetAddress - ' - '.length;
      const count = line1.length + line2.length;
      add('address1', 'streetTooLong', { max, count });
      add('address2', 'streetTooLong', { max, count });
    } else {
      add(line1 ? 'address1' : 'address2', 'tooLong', { max: QUOTE_ADDRESS_LIMITS.streetAddress });
    }
  }

  const province = normalizeProvince(value('province'));
  if (!out.has('province') && !province) add('province', 'province');
  if (!out.has('postalCode')) {
    const code = normalizePostalCode(value('postalCode'));
    if (!code) add('postalCode', 'postalCode');
    else if (province && !postalCodeMatchesProvince(code, province))
      add('postalCode', 'postalProvince', { code, province });
  }
  if (!out.has('country') && value('country').toUpperCase() !== 'CA') add('country', 'country');
  if (!out.has('phone') && !isValidPhone(value('phone'))) add('phone', 'phone');
  if (!out.has('email') && value('email') !== '' && !isValidEmail(value('email'))) add('email', 'email');

  return PARTY_FIELDS.flatMap((f) => out.get(f) ?? []);
}

type Measure = 'weight' | 'length' | 'width' | 'height';

function packageProblems(pkg: PackageForm): FieldProblem[] {
  const out = new Map<keyof PackageForm, FieldProblem>();
  const add = (field: keyof PackageForm, code: ProblemCode, params?: FieldProblem['params']) => {
    if (!out.has(field)) out.set(field, { path: `package.${field}`, code, params });
  };
  const metric: Partial<Record<Measure, number>> = {};

  for (const field of ['weight', 'length', 'width', 'height', 'insuranceValue'] as const) {
    const text = pkg[field] ?? '';
    const value = field === 'insuranceValue';
    if (text.trim() === '') {
      // No declared value is 0: the parcel goes without coverage (decision 020), and the form says so.
      if (!value) add(field, 'required');
      continue;
    }
    const n = parseDecimal(text);
    if (n === null) {
      // A negative number is a number: say it must be above zero (or at least 0), not 'enter a number'.
      const negative = parseDecimal(text.trim().replace(/^[-−]/, '')) !== null;
      add(field, negative ? (value ? 'notNegative' : 'positive') : 'number');
      continue;
    }
    if (value) {
      if (n > PACKAGE_INPUT_MAX.insuranceValue) add(field, 'maxValue', { max: PACKAGE_INPUT_MAX.insuranceValue });
      continue;
    }
    if (n <= 0) {
      add(field, 'positive');
      continue;
    }
    const weight = field === 'weight';
    const convert = weight ? lbToKg : inToCm;
    const converted = convert(n);
    const inputMax = weight ? PACKAGE_INPUT_MAX.weightKg : PACKAGE_INPUT_MAX.sideCm;
    const carrierMax = weight ? carrierMaxKg : carrierMaxCm;
    const toForm = weight ? lbLimit : inLimit;
    if (converted <= 0) add(field, weight ? 'minWeight' : 'minSide', { min: smallestAccepted(convert) });
    else if (converted > Math.min(inputMax, carrierMax)) {
      const code =
        carrierMax < inputMax ? (weight ? 'carrierWeight' : 'carrierSide') : weight ? 'maxWeight' : 'maxSide';
      add(field, code, { max: toForm(Math.min(inputMax, carrierMax)) });
    } else metric[field] = converted;
  }

  // Weight and sides together against the carriers (only once each is fine on its own).
  const { weight, length, width, height } = metric;
  if (weight !== undefined && length !== undefined && width !== undefined && height !== undefined) {
    const parcel = { weightKg: weight, lengthCm: length, widthCm: width, heightCm: height };
    for (const problem of parcelLimitProblems(parcel)) {
      if (problem.kind === 'weight') add('weight', 'carrierWeight', { max: lbLimit(problem.max) });
      else if (problem.kind === 'weightForSize') add('weight', 'carrierWeightForSize', { max: lbLimit(problem.max) });
      else if (problem.kind === 'side') add(problem.side, 'carrierSide', { max: inLimit(problem.max) });
      else {
        const sides = (['length', 'width', 'height'] as const).map((f) => parseDecimal(pkg[f]) ?? 0);
        sides.sort((a, b) => b - a);
        const now = floor2(sides[0] + 2 * (sides[1] + sides[2]));
        for (const side of ['length', 'width', 'height'] as const) {
          add(side, 'carrierGirth', { max: girthLimitIn(problem.max), now });
        }
      }
    }
  }

  if (!(PACKAGE_TYPES as readonly string[]).includes(pkg.type)) add('type', 'packageType');
  const description = pkg.description ?? '';
  if (hasControlCharacters(description)) add('description', 'controlCharacters');
  else if (description.trim().length > 500) add('description', 'tooLong', { max: 500 });

  return PACKAGE_FIELDS.flatMap((f) => out.get(f) ?? []);
}

/**
 * Every problem of the form at once, at most one per field, in screen order. 'required' problems
 * are the missing fields (listed in the toast); the others are shown under their fields.
 */
export function findProblems(form: ShipmentForm): FieldProblem[] {
  const problems = [
    ...partyProblems('sender', form.sender),
    ...partyProblems('receiver', form.receiver),
    ...packageProblems(form.package),
  ];
  if (problems.length > 0) return problems;
  // Last guard: the server's own schema. Nothing reaches it unless the rules above drift from it.
  const parsed = ZQuoteRequest.safeParse(toQuoteRequest(buildShipment(form)));
  if (parsed.success) return [];
  const guarded = new Map<ShipmentFieldPath, FieldProblem>();
  for (const issue of parsed.error.issues) {
    for (const path of formPathsForServerPath(issue.path.join('.'))) {
      if (!guarded.has(path)) guarded.set(path, { path, code: 'invalid' });
    }
  }
  if (guarded.size === 0) guarded.set('package.weight', { path: 'package.weight', code: 'invalid' });
  return FORM_ORDER.flatMap((path) => guarded.get(path) ?? []);
}

/** The shipment of a form without problems; null when `findProblems` reports any. */
export function toStoredShipment(form: ShipmentForm): StoredShipment | null {
  return findProblems(form).length > 0 ? null : buildShipment(form);
}
