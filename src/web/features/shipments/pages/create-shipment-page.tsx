import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Calculator } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import type { TFieldErrors } from '../../../../shared/errors';
import { splitName } from '../../../../shared/address-format';
import { formatPhone } from '../../../../shared/phone';
import type { AiFilledFields } from '../../../components/ai-assist-box';
import { Button } from '../../../components/ui/button';
import { encodeMessage } from '../../../components/ui/form-message';
import { addressesQueryOptions } from '../../../lib/queries/addresses';
import { toast } from '../../../lib/toast';
import { CustomsFields } from '../components/customs-fields';
import { PackageFields } from '../components/package-fields';
import { PartyFields } from '../components/party-fields';
import { RecipientMailFields } from '../components/recipient-mail-fields';
import {
  emptyCustoms,
  emptyRecipientMail,
  emptyCustomsItem,
  emptyShipmentForm,
  leavesCanada,
  partyFromAiFields,
  formPathsForServerPath,
  isPartyEmpty,
  loadFormDraft,
  loadShipment,
  saveFormDraft,
  saveShipment,
  type Party,
  type PartyForm,
  type ShipmentFieldPath,
  type ShipmentForm,
  type StoredShipment,
} from '../shipment-draft';
import { findProblems, formOrder, problemKey, toStoredShipment, type FieldProblem } from '../shipment-rules';
import { kgToLb } from '../../../../shared/units';

/** State /rate-selection passes back when the server refused the shipment (400 field errors). */
export type CreateShipmentLocationState = { fieldErrors?: TFieldErrors } | null;

const problemMessage = (p: FieldProblem) => encodeMessage(problemKey(p.code), p.params);

const resolver: Resolver<ShipmentForm> = (values) => {
  const problems = findProblems(values);
  if (problems.length === 0) return { values, errors: {} };
  // Nested by path ('customs.items.1.hsCode' → errors.customs.items[1].hsCode), as react-hook-form reads them.
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    const keys = problem.path.split('.');
    let node = errors;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys[keys.length - 1]!] = { type: problem.code, message: problemMessage(problem) };
  }
  return { values: {}, errors: errors as FieldErrors<ShipmentForm> };
};

/** A field's name in a list of fields ('Receiver postal code', 'Customs item 2 HS code'). */
export function missingFieldName(t: TFunction, path: ShipmentFieldPath): string {
  const [group, field, index, itemField] = path.split('.') as [string, string, string?, string?];
  if (group === 'customs' && field === 'items') {
    return t('shipment.missing.customsItem', {
      n: Number(index) + 1,
      field: t(`shipment.missing.fields.customs.${itemField}`),
    });
  }
  if (group === 'customs')
    return t('shipment.missing.customs', { field: t(`shipment.missing.fields.customs.${field}`) });
  return t(`shipment.missing.${group}`, { field: t(`shipment.missing.fields.${field}`) });
}

/** The element id of a form field (see PartyFields and PackageFields). */
export function fieldElementId(path: ShipmentFieldPath): string {
  const kebabOf = (text: string) => text.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const [group, field, index, itemField] = path.split('.') as [string, string, string?, string?];
  if (group === 'customs') {
    return field === 'items' ? `customs-item-${index}-${kebabOf(itemField ?? '')}` : `customs-${kebabOf(field)}`;
  }
  if (group === 'package') return field === 'insuranceValue' ? 'package-value' : `package-${field}`;
  const kebab = field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `${group}-${kebab}`;
}

/** Moves focus to a field and scrolls it to the middle of the screen (clear of the sticky top bar). */
function focusField(path: ShipmentFieldPath) {
  const el = document.getElementById(fieldElementId(path));
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center' });
}

/** The stored form, else the last shipment sent to /rate-selection, else an empty form. */
function initialForm(): ShipmentForm {
  const draft = loadFormDraft();
  if (draft) return draft;
  const shipment = loadShipment();
  return shipment ? formFromShipment(shipment) : emptyShipmentForm();
}

/** The form as typed for a stored shipment (numbers back to text, kg back to lb). */
export function formFromShipment(shipment: StoredShipment): ShipmentForm {
  const p = shipment.package;
  return {
    sender: shipment.sender,
    receiver: shipment.receiver,
    customs: customsForm(shipment),
    recipientMail: shipment.recipientMail ?? emptyRecipientMail(),
    package: {
      weight: String(p.weightLb),
      length: String(p.lengthIn),
      width: String(p.widthIn),
      height: String(p.heightIn),
      type: p.type,
      description: p.description,
      insuranceValue: String(p.insuranceValue),
    },
  };
}

/** The customs section back from a stored shipment (weights in lb again), or a new one. */
function customsForm(shipment: StoredShipment): ShipmentForm['customs'] {
  const c = shipment.customs;
  if (!c) return emptyCustoms(shipment.receiver.country);
  return {
    contentsType: c.contentsType,
    currency: c.currency,
    incoterm: c.incoterm,
    nonDelivery: c.nonDelivery ?? 'return',
    items:
      c.items.length > 0
        ? c.items.map((item) => ({
            description: item.description,
            hsCode: item.hsCode,
            originCountry: item.originCountry,
            quantity: String(item.quantity),
            unitValue: String(item.unitValue),
            weight: String(kgToLb(item.weightKg)),
            cusmaQualifying: item.cusmaQualifying ?? false,
          }))
        : [emptyCustomsItem()],
  };
}

/** An address-book entry as a party; the sender stays in Canada (the rules name a saved address elsewhere). */
function partyFromAddress(a: TAddress, party: Party = 'receiver'): PartyForm {
  const split = splitName(a.name);
  return {
    firstName: a.firstName || split.firstName,
    lastName: a.lastName || split.lastName,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    postalCode: a.postalCode,
    country: party === 'sender' ? 'CA' : a.country,
    phone: formatPhone(a.phone),
    email: a.email,
  };
}

export function CreateShipmentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [defaultValues] = useState(initialForm);
  const form = useForm<ShipmentForm>({
    defaultValues,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus goes to the first problem in screen order (registration order differs).
    shouldFocusError: false,
  });
  const { handleSubmit, setValue, getValues, setError, watch, formState } = form;

  // Every change is kept for the session: coming back from /rate-selection or reloading restores it.
  useEffect(() => {
    const sub = watch(() => saveFormDraft(getValues()));
    return () => sub.unsubscribe();
  }, [watch, getValues]);

  const fillParty = useCallback(
    (party: Party, values: Partial<PartyForm>) => {
      for (const [field, value] of Object.entries(values) as [keyof PartyForm, string][]) {
        setValue(`${party}.${field}`, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      }
    },
    [setValue, formState.isSubmitted],
  );

  // Only the non-empty values the assistant read fill (PartyFields first clears what its last fill set).
  const aiFillParty = (party: Party, fields: AiFilledFields): Partial<PartyForm> => {
    const values = partyFromAiFields(fields, party);
    fillParty(party, values);
    if (values.country) setValue('customs.incoterm', values.country === 'US' ? 'DDP' : 'DDU');
    return values;
  };

  // The user's default address fills an empty sender, once.
  const addresses = useQuery(addressesQueryOptions());
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !addresses.data) return;
    prefilled.current = true;
    const fallback = addresses.data.find((a) => a.isDefault && a.country === 'CA');
    if (fallback && isPartyEmpty(getValues('sender'))) fillParty('sender', partyFromAddress(fallback, 'sender'));
  }, [addresses.data, getValues, fillParty]);

  // Field errors the server gave for the quote, passed back by /rate-selection: each lands on the
  // field(s) it concerns, in the interface language (the form's own rule when it knows the problem).
  const serverErrors = (location.state as CreateShipmentLocationState)?.fieldErrors;
  useEffect(() => {
    if (!serverErrors) return;
    const known = new Map(findProblems(getValues()).map((p) => [p.path, p]));
    const marked = new Set<ShipmentFieldPath>();
    for (const serverPath of Object.keys(serverErrors)) {
      const paths = formPathsForServerPath(serverPath);
      // Over every carrier's limits: the message (on the weight) says to make it lighter or smaller.
      const targets: ShipmentFieldPath[] =
        paths.length > 0 ? paths : serverPath === 'packageDetails' ? ['package.weight'] : [];
      for (const path of targets) {
        const problem = known.get(path);
        const message = problem
          ? problemMessage(problem)
          : encodeMessage(
              serverPath === 'packageDetails' ? 'shipment.validation.noCarrier' : 'shipment.validation.server',
            );
        setError(path, { type: 'server', message });
        marked.add(path);
      }
    }
    const first = formOrder(getValues('customs.items').length).find((path) => marked.has(path));
    if (first) focusField(first);
    // Shown once: a reload or a later visit should not bring back errors that may be fixed.
    void navigate(location.pathname, { replace: true, state: null });
  }, [serverErrors, setError, getValues, navigate, location.pathname]);

  const fieldName = (path: ShipmentFieldPath) => missingFieldName(t, path);
  const abroad = leavesCanada(watch('receiver.country') ?? 'CA');

  const onValid = (values: ShipmentForm) => {
    const shipment = toStoredShipment(values);
    if (!shipment) return;
    saveFormDraft(values);
    saveShipment(shipment);
    void navigate('/rate-selection');
  };

  // Missing fields are listed in a toast; every other problem shows under its field. Focus goes to the first one.
  const onInvalid = () => {
    const problems = findProblems(getValues());
    const missing = problems.filter((p) => p.code === 'required');
    if (missing.length > 0) {
      toast({
        title: t('shipment.missing.title'),
        description: t('shipment.missing.pleaseFillIn', {
          fields: missing.map((p) => fieldName(p.path)).join(t('shipment.missing.separator')),
        }),
        variant: 'destructive',
      });
    }
    if (problems[0]) focusField(problems[0].path);
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-6" data-testid="create-shipment">
      <div className="grid gap-6 xl:grid-cols-2">
        <PartyFields
          party="sender"
          form={form}
          onPickAddress={(a) => fillParty('sender', partyFromAddress(a, 'sender'))}
          onAiFill={(fields) => aiFillParty('sender', fields)}
        />
        <PartyFields
          party="receiver"
          form={form}
          onPickAddress={(a) => {
            fillParty('receiver', partyFromAddress(a, 'receiver'));
            setValue('customs.incoterm', a.country === 'US' ? 'DDP' : 'DDU');
            // The entry remembers whether its receiver is mailed, and in which language (issue 27).
            setValue('recipientMail.notify', a.notifyRecipient, { shouldDirty: true });
            setValue('recipientMail.language', a.language, { shouldDirty: true });
          }}
          onAiFill={(fields) => aiFillParty('receiver', fields)}
        >
          <RecipientMailFields form={form} />
        </PartyFields>
      </div>

      <PackageFields form={form} />

      {/* A receiver outside Canada: the customs declaration (issue 25). */}
      {abroad ? <CustomsFields form={form} /> : null}

      <div className="flex justify-end">
        <Button type="submit" size="lg" data-testid="calculate-rates">
          <Calculator className="size-5" aria-hidden="true" />
          {t('shipment.calculateRates')}
        </Button>
      </div>
    </form>
  );
}
