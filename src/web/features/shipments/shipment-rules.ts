import { PACKAGE_INPUT_MAX, PACKAGE_TYPES, QUOTE_ADDRESS_LIMITS, ZQuoteRequest } from '../../../shared/contracts/rates';
import { isValidEmail, isValidPhone } from '../../../shared/contracts/addresses';
import { hasControlCharacters } from '../../../shared/contracts/fields';
import { joinStreet } from '../../../shared/address-format';
import { parcelLimitProblems, DOMESTIC_CARRIER_LIMITS } from '../../../shared/parcel-limits';
import { normalizePostalCode, normalizeZip, postalCodeMatchesProvince } from '../../../shared/postal-code';
import { normalizeProvince } from '../../../shared/provinces';
import { IN_TO_CM, LB_TO_KG, inToCm, lbToKg } from '../../../shared/units';
import {
  DESTINATION_COUNTRIES,
  checkPostalCodeAbroad,
  isUsRegionCode,
  postalCodeExample,
  usesPostalCode,
  zipMatchesRegion,
} from '../../../shared/countries';
import {
  CUSTOMS_ITEM_MAX,
  ZCustoms,
  ZCustomsItem,
  customsRule,
  customsValueCents,
  type TCustoms,
} from '../../../shared/contracts/customs';
import { isUsHtsCode, normalizeHsCode } from '../../../shared/customs';
import type { z } from 'zod';
import {
  buildCustoms,
  leavesCanada,
  type CustomsForm,
  type CustomsItemField,
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
  | 'usState'
  | 'zip'
  | 'zipState'
  | 'postalAbroad'
  | 'postalAbroadLike'
  | 'destination'
  | 'latin'
  | 'hsCode'
  | 'htsUs'
  | 'originCountry'
  | 'quantity'
  | 'unitValue'
  | 'valueZero'
  | 'cusma'
  | 'itemsWeight'
  | 'declaredOverGoods'
  | 'incotermUs'
  | 'incotermAbroad'
  | 'carrierWeight'
  | 'carrierWeightForSize'
  | 'carrierSide'
  | 'carrierGirth'
  | 'recipientEmail'
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

const CUSTOMS_HEAD_FIELDS = ['contentsType', 'currency', 'incoterm', 'nonDelivery'] as const;
const CUSTOMS_ITEM_FIELDS = [
  'description',
  'hsCode',
  'originCountry',
  'quantity',
  'unitValue',
  'weight',
  'cusmaQualifying',
] as const satisfies readonly CustomsItemField[];

/** Every field in screen order: sender, receiver, package, then the customs section (up to `items` lines). */
export function formOrder(items = 1): ShipmentFieldPath[] {
  return [
    ...(['sender', 'receiver'] as const).flatMap((party) => PARTY_FIELDS.map((f) => `${party}.${f}` as const)),
    ...PACKAGE_FIELDS.map((f) => `package.${f}` as const),
    ...CUSTOMS_HEAD_FIELDS.map((f) => `customs.${f}` as const),
    ...Array.from({ length: items }, (_, i) =>
      CUSTOMS_ITEM_FIELDS.map((f) => `customs.items.${i}.${f}` as const),
    ).flat(),
  ];
}
export const FORM_ORDER: readonly ShipmentFieldPath[] = formOrder(20);

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

  const country = value('country').toUpperCase();
  const northAmerica = country === 'CA' || country === 'US';
  // Abroad the region is free text and optional; the postal code is required where the country uses one.
  const required = (field: keyof PartyForm) =>
    (REQUIRED_PARTY_FIELDS as readonly string[]).includes(field) &&
    (northAmerica || (field !== 'province' && (field !== 'postalCode' || usesPostalCode(country))));
  for (const field of PARTY_FIELDS) {
    const raw = p[field] ?? '';
    if (required(field) && raw.trim() === '') add(field, 'required');
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

  // The sender ships from Canada; the receiver may be in any country of the list (issue 25). The
  // rules are the server's own (contracts/rates.ts destinationRegionRule and shared/countries.ts).
  if (party === 'sender' || country === 'CA') {
    const province = normalizeProvince(value('province'));
    if (!out.has('province') && !province) add('province', 'province');
    if (!out.has('postalCode')) {
      const code = normalizePostalCode(value('postalCode'));
      if (!code) add('postalCode', 'postalCode');
      else if (province && !postalCodeMatchesProvince(code, province))
        add('postalCode', 'postalProvince', { code, province });
    }
    if (!out.has('country') && country !== 'CA') add('country', 'country');
  } else if (!(DESTINATION_COUNTRIES as readonly string[]).includes(country)) {
    if (!out.has('country')) add('country', 'destination');
  } else if (country === 'US') {
    const state = value('province').toUpperCase();
    if (!out.has('province') && !isUsRegionCode(state)) add('province', 'usState');
    if (!out.has('postalCode')) {
      const zip = normalizeZip(value('postalCode'));
      if (!zip) add('postalCode', 'zip');
      else if (isUsRegionCode(state) && !zipMatchesRegion(zip, state)) add('postalCode', 'zipState', { zip, state });
    }
  } else if (!out.has('postalCode')) {
    const checked = checkPostalCodeAbroad(country, value('postalCode'));
    if ('message' in checked) {
      const example = postalCodeExample(country);
      add('postalCode', example ? 'postalAbroadLike' : 'postalAbroad', example ? { example } : undefined);
    }
  }
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

type ItemShape = typeof ZCustomsItem.shape;
/** One field of a customs item against the contract's own schema for it. */
const itemFieldPasses = <K extends keyof ItemShape>(field: K, value: unknown) =>
  (ZCustomsItem.shape[field] as z.ZodType).safeParse(value).success;

/** Collects what a shared refinement (customsRule) reports, as the server's schema would. */
function collectIssues(run: (ctx: z.RefinementCtx) => void): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const ctx = {
    addIssue: (issue: { path?: (string | number)[]; message?: string }) =>
      issues.push({ path: issue.path ?? [], message: issue.message ?? '' }),
    value: undefined,
  } as unknown as z.RefinementCtx;
  run(ctx);
  return issues;
}

/**
 * The customs section of a shipment leaving Canada (issue 25): each item's fields against the
 * contract's schema, then the contract's own request-level rule (customsRule: 10-digit HTS codes
 * for the US, CUSMA only for North American goods, values above 0 but for documents, the items'
 * weight within the parcel's, the declared value within the goods', DDP to the US only), each on
 * the field the user can fix.
 */
function customsProblems(form: ShipmentForm, packageOk: boolean): FieldProblem[] {
  const c: CustomsForm = form.customs;
  const country = form.receiver.country.trim().toUpperCase();
  const out = new Map<ShipmentFieldPath, FieldProblem>();
  const add = (path: ShipmentFieldPath, code: ProblemCode, params?: FieldProblem['params']) => {
    if (!out.has(path)) out.set(path, { path, code, params });
  };
  const built = buildCustoms(c);
  built.items.forEach((item, i) => {
    const typed = c.items[i]!;
    const at = (f: CustomsItemField) => `customs.items.${i}.${f}` as const;
    if (item.description === '') add(at('description'), 'required');
    else if (hasControlCharacters(typed.description)) add(at('description'), 'controlCharacters');
    else if (item.description.length > 100) add(at('description'), 'tooLong', { max: 100 });
    else if (!itemFieldPasses('description', item.description)) add(at('description'), 'latin');
    if (item.hsCode === '') add(at('hsCode'), 'required');
    else if (!itemFieldPasses('hsCode', item.hsCode)) add(at('hsCode'), 'hsCode');
    // The US rule of customsRule, checked with the item's own fields (not only once the whole
    // declaration reads), so that it shows on the first submit together with the other errors.
    else if (country === 'US' && !isUsHtsCode(normalizeHsCode(item.hsCode) ?? '')) add(at('hsCode'), 'htsUs');
    if (!itemFieldPasses('originCountry', item.originCountry)) add(at('originCountry'), 'originCountry');
    if (typed.quantity.trim() === '') add(at('quantity'), 'required');
    else if (!itemFieldPasses('quantity', item.quantity))
      add(at('quantity'), 'quantity', { max: CUSTOMS_ITEM_MAX.quantity });
    if (typed.unitValue.trim() === '') add(at('unitValue'), 'required');
    else if (Number.isNaN(item.unitValue)) add(at('unitValue'), 'number');
    else if (!itemFieldPasses('unitValue', item.unitValue))
      add(at('unitValue'), 'unitValue', { max: CUSTOMS_ITEM_MAX.unitValue, currency: c.currency });
    if (typed.weight.trim() === '') add(at('weight'), 'required');
    else if (Number.isNaN(item.weightKg)) add(at('weight'), 'number');
    else if (item.weightKg <= 0) add(at('weight'), 'minWeight', { min: 0.01 });
    else if (!itemFieldPasses('weightKg', item.weightKg))
      add(at('weight'), 'maxWeight', { max: lbLimit(CUSTOMS_ITEM_MAX.weightKg) });
  });

  // The request-level rule, once every item reads (the server runs it only then too).
  const parsed = ZCustoms.safeParse(built);
  if (parsed.success && packageOk) {
    const weightLb = parseDecimal(form.package.weight) ?? 0;
    const body = {
      toAddress: { country },
      packageDetails: {
        weight: lbToKg(weightLb),
        insuranceValue: parseDecimal(form.package.insuranceValue) ?? 0,
      },
      customs: parsed.data as TCustoms,
    };
    for (const issue of collectIssues((ctx) => customsRule(body, ctx))) {
      const [head, field, index, itemField] = issue.path;
      if (head === 'customs' && field === 'incoterm') {
        add('customs.incoterm', country === 'US' ? 'incotermUs' : 'incotermAbroad');
      } else if (head === 'customs' && field === 'items' && typeof index === 'number') {
        const at = (f: CustomsItemField) => `customs.items.${index}.${f}` as const;
        if (itemField === 'hsCode') add(at('hsCode'), 'htsUs');
        else if (itemField === 'cusmaQualifying') add(at('cusmaQualifying'), 'cusma');
        else if (itemField === 'unitValue') add(at('unitValue'), 'valueZero');
        else add(at('weight'), 'invalid');
      } else if (head === 'customs' && field === 'items') {
        const itemsLb = c.items.reduce(
          (sum, item) => sum + (parseDecimal(item.quantity) ?? 0) * (parseDecimal(item.weight) ?? 0),
          0,
        );
        add('customs.items.0.weight', 'itemsWeight', { items: Number(itemsLb.toFixed(2)), package: weightLb });
      } else if (head === 'packageDetails') {
        add('package.insuranceValue', 'declaredOverGoods', {
          declared: body.packageDetails.insuranceValue.toFixed(2),
          goods: (customsValueCents(parsed.data) / 100).toFixed(2),
        });
      } else {
        add('customs.contentsType', 'invalid');
      }
    }
  }
  const order = formOrder(c.items.length);
  return order.flatMap((path) => out.get(path) ?? []);
}

/**
 * Every problem of the form at once, at most one per field, in screen order. 'required' problems
 * are the missing fields (listed in the toast); the others are shown under their fields. The
 * customs section counts only for a receiver outside Canada.
 */
export function findProblems(form: ShipmentForm): FieldProblem[] {
  const pkg = packageProblems(form.package);
  const problems = [
    ...partyProblems('sender', form.sender),
    ...partyProblems('receiver', form.receiver),
    ...pkg,
    ...(leavesCanada(form.receiver.country) ? customsProblems(form, pkg.length === 0) : []),
  ];
  // The receiver's mail (issue 27) needs the receiver's email.
  if (
    form.recipientMail?.notify &&
    form.receiver.email.trim() === '' &&
    !problems.some((p) => p.path === 'receiver.email')
  ) {
    problems.push({ path: 'receiver.email', code: 'recipientEmail' });
  }
  if (problems.length > 0) {
    // A declared value above the goods' is reported on the package's field: keep screen order.
    const order = formOrder(form.customs.items.length);
    const rank = new Map(order.map((path, i) => [path, i]));
    return problems.sort((a, b) => (rank.get(a.path) ?? 0) - (rank.get(b.path) ?? 0));
  }
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
  return formOrder(form.customs.items.length).flatMap((path) => guarded.get(path) ?? []);
}

/** The shipment of a form without problems; null when `findProblems` reports any. */
export function toStoredShipment(form: ShipmentForm): StoredShipment | null {
  return findProblems(form).length > 0 ? null : buildShipment(form);
}
