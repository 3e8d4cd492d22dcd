import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Calculator } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import type { TFieldErrors } from '../../../../shared/errors';
import { splitName } from '../../../../shared/address-format';
import { formatPhone } from '../../../../shared/phone';
import type { AiFilledFields } from '../../../components/ai-assist-box';
import { Button } from '../../../components/ui/button';
import { encodeMessage } from '../../../components/ui/form-message';
import { addressesQueryOptions } from '../../../lib/queries/addresses';
import { toast } from '../../../lib/toast';
import { PackageFields } from '../components/package-fields';
import { PartyFields } from '../components/party-fields';
import {
  PARTY_FIELDS,
  emptyShipmentForm,
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
} from '../shipment-draft';
import { FORM_ORDER, findProblems, problemKey, toStoredShipment, type FieldProblem } from '../shipment-rules';

/** State /rate-selection passes back when the server refused the shipment (400 field errors). */
export type CreateShipmentLocationState = { fieldErrors?: TFieldErrors } | null;

const problemMessage = (p: FieldProblem) => encodeMessage(problemKey(p.code), p.params);

const resolver: Resolver<ShipmentForm> = (values) => {
  const problems = findProblems(values);
  if (problems.length === 0) return { values, errors: {} };
  const errors: Record<string, Record<string, { type: string; message: string }>> = {};
  for (const problem of problems) {
    const [group, field] = problem.path.split('.') as [string, string];
    (errors[group] ??= {})[field] = { type: problem.code, message: problemMessage(problem) };
  }
  return { values: {}, errors: errors as FieldErrors<ShipmentForm> };
};

/** The element id of a form field (see PartyFields and PackageFields). */
export function fieldElementId(path: ShipmentFieldPath): string {
  const [group, field] = path.split('.') as [string, string];
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
  if (!shipment) return emptyShipmentForm();
  const p = shipment.package;
  return {
    sender: shipment.sender,
    receiver: shipment.receiver,
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

function partyFromAddress(a: TAddress): PartyForm {
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
    country: 'CA',
    phone: formatPhone(a.phone),
    email: a.email,
  };
}

function partyFromAi(fields: AiFilledFields): Partial<PartyForm> {
  const out: Partial<PartyForm> = {};
  for (const f of PARTY_FIELDS) {
    // The shipment form ships within Canada only; another country is not copied in.
    if (f !== 'country' && fields[f]) out[f] = fields[f];
  }
  if (!out.firstName && !out.lastName && fields.name) {
    const split = splitName(fields.name);
    out.firstName = split.firstName;
    if (split.lastName) out.lastName = split.lastName;
  }
  return out;
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
    const values = partyFromAi(fields);
    fillParty(party, values);
    return values;
  };

  // The user's default address fills an empty sender, once.
  const addresses = useQuery(addressesQueryOptions());
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !addresses.data) return;
    prefilled.current = true;
    const fallback = addresses.data.find((a) => a.isDefault && a.country === 'CA');
    if (fallback && isPartyEmpty(getValues('sender'))) fillParty('sender', partyFromAddress(fallback));
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
    const first = FORM_ORDER.find((path) => marked.has(path));
    if (first) focusField(first);
    // Shown once: a reload or a later visit should not bring back errors that may be fixed.
    void navigate(location.pathname, { replace: true, state: null });
  }, [serverErrors, setError, getValues, navigate, location.pathname]);

  const fieldName = (path: ShipmentFieldPath) => {
    const [group, field] = path.split('.') as [string, string];
    return t(`shipment.missing.${group}`, { field: t(`shipment.missing.fields.${field}`) });
  };

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
          onPickAddress={(a) => fillParty('sender', partyFromAddress(a))}
          onAiFill={(fields) => aiFillParty('sender', fields)}
        />
        <PartyFields
          party="receiver"
          form={form}
          onPickAddress={(a) => fillParty('receiver', partyFromAddress(a))}
          onAiFill={(fields) => aiFillParty('receiver', fields)}
        />
      </div>

      <PackageFields form={form} />

      <div className="flex justify-end">
        <Button type="submit" size="lg" data-testid="calculate-rates">
          <Calculator className="size-5" aria-hidden="true" />
          {t('shipment.calculateRates')}
        </Button>
      </div>
    </form>
  );
}
