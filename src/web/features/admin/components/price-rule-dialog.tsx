import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPriceRule } from '../../../../shared/contracts/admin';
import { CARRIER_CODES, CARRIER_NAMES, type CarrierCode } from '../../../../shared/carriers';
import { Field } from '../../../components/ui/field';
import { Input, inputClass } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { renderText, type TextRef } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { dismissToasts, toast } from '../../../lib/toast';
import { adminOrganizationsQuery, carrierServicesQuery, useCreatePriceRule, useUpdatePriceRule } from '../pricing-api';
import {
  checkPriceRule,
  codeKeyPart,
  EMPTY_PRICE_RULE_FORM,
  PRICE_RULE_FIELDS,
  priceRuleToForm,
  priceWithMarkup,
  type PriceRuleForm,
} from '../pricing-format';
import { CrudFormDialog, CrudFormEnd, useCrudForm } from './crud-dialog';
import type { CrudDialogMode } from './crud-table';
import { DialogAlert, successRef, useLang } from './pricing-ui';

const TOAST_TAG = 'admin.rateTemplates.save';
/** The carrier cost the form's example works on. */
const EXAMPLE_COST_CENTS = 2000;

/** The carrier's name in the interface language (rates texts), else its English name. */
export function useCarrierName() {
  const { t } = useTranslation();
  return (code: string) =>
    t(`rates.carriers.${codeKeyPart(code)}`, { defaultValue: CARRIER_NAMES[code as CarrierCode] ?? code });
}

/** A service's name in the interface language, when the rates texts know its code. */
export function useServiceName() {
  const { t } = useTranslation();
  return (code: string): string | null => {
    const name = t(`rates.services.${codeKeyPart(code)}`, { defaultValue: '' });
    return name || null;
  };
}

/**
 * Create or edit a price rule (rate templates): carrier, one service or all, one organization or
 * everyone, markup in percent (0–500) and/or dollars ($0–$1,000), active. A scope already taken
 * answers 409 and the dialog shows the server's message.
 */
export function PriceRuleDialog({ mode, onClose }: { mode: CrudDialogMode<TPriceRule>; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePriceRule();
  const update = useUpdatePriceRule();
  const description = t('admin.rateTemplates.dialog.description');
  return (
    <CrudFormDialog
      mode={mode}
      onClose={onClose}
      busy={create.isPending || update.isPending}
      titles={{ create: t('admin.rateTemplates.dialog.createTitle'), edit: t('admin.rateTemplates.dialog.editTitle') }}
      descriptions={{ create: description, edit: description }}
      testId="price-rule-dialog"
    >
      {(rule) => <PriceRuleFormBody rule={rule} create={create} update={update} onClose={onClose} />}
    </CrudFormDialog>
  );
}

function PriceRuleFormBody({
  rule,
  create,
  update,
  onClose,
}: {
  rule: TPriceRule | null;
  create: ReturnType<typeof useCreatePriceRule>;
  update: ReturnType<typeof useUpdatePriceRule>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const carrierName = useCarrierName();
  const serviceName = useServiceName();
  const organizations = useQuery(adminOrganizationsQuery);
  const carrierServices = useQuery(carrierServicesQuery);
  const fields = useCrudForm(rule ? priceRuleToForm(rule) : EMPTY_PRICE_RULE_FORM, PRICE_RULE_FIELDS);
  const { uid, form, bind, fieldId, problem, show, clear, saveFailed } = fields;
  const [conflict, setConflict] = useState<TextRef | null>(null);
  const pending = create.isPending || update.isPending;

  const set = <K extends keyof PriceRuleForm>(key: K, value: PriceRuleForm[K]) => {
    fields.set(key, value);
    setConflict(null);
  };

  const organizationName = (id: string) =>
    id === '' ? t('admin.rateTemplates.everyone') : (organizations.data?.find((o) => o.id === id)?.name ?? id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setConflict(null);
    const checked = checkPriceRule(form);
    if (!checked.ok) {
      show(checked.problems);
      return;
    }
    clear();
    dismissToasts(TOAST_TAG);
    const scope = {
      carrier: carrierName(checked.body.carrier),
      service: checked.body.serviceCode ?? t('admin.rateTemplates.allServices'),
      organization: organizationName(checked.body.organizationId ?? ''),
    };
    try {
      const answer = rule
        ? await update.mutateAsync({ id: rule.id, body: checked.body })
        : await create.mutateAsync(checked.body);
      toast({
        title: { key: rule ? 'admin.rateTemplates.updatedTitle' : 'admin.rateTemplates.createdTitle' },
        description: successRef(
          rule ? 'admin.rateTemplates.updated' : 'admin.rateTemplates.created',
          answer.message,
          scope,
        ),
        variant: 'success',
        tag: TOAST_TAG,
      });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // The server names the rule that holds this scope; in Chinese we say which scope it is.
        // The rule's id means nothing to a person (the list shows no ids): leave it out.
        const raw = error.message.replace(/,\s*id [0-9a-f-]+\)/i, ')');
        setConflict({ key: 'admin.rateTemplates.conflict', values: scope, raw });
        return;
      }
      saveFailed(error, {
        title: rule ? 'admin.rateTemplates.updateFailed' : 'admin.rateTemplates.createFailed',
        hint: 'admin.rateTemplates.saveFailedHint',
        tag: TOAST_TAG,
      });
    }
  };

  const suggestions = carrierServices.data?.find((c) => c.carrier === form.carrier)?.services ?? [];
  const example = priceWithMarkup(EXAMPLE_COST_CENTS, {
    markupPercent: form.markupPercent.trim() || '0',
    markupFixed: form.markupFixed.trim() || '0',
  });
  const orgs = organizations.data ?? [];
  const keptOrg = form.organizationId !== '' && !orgs.some((o) => o.id === form.organizationId);

  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate data-testid="price-rule-form">
      {conflict ? (
        <DialogAlert title={t('admin.rateTemplates.conflictTitle')} testId="price-rule-conflict">
          <p>{renderText(conflict, t)}</p>
        </DialogAlert>
      ) : null}

      <Field label={t('admin.rateTemplates.dialog.carrier')} error={problem('carrier')}>
        <select
          id={fieldId('carrier')}
          className={cn(inputClass, 'h-10 pr-8')}
          value={form.carrier}
          onChange={(e) => set('carrier', e.target.value as CarrierCode | '')}
          disabled={pending}
          data-testid="price-rule-carrier"
        >
          <option value="">{t('admin.rateTemplates.dialog.chooseCarrier')}</option>
          {CARRIER_CODES.map((code) => (
            <option key={code} value={code}>
              {carrierName(code)}
            </option>
          ))}
        </select>
      </Field>

      <Field
        label={t('admin.rateTemplates.dialog.service')}
        optional={t('common.optional')}
        hint={t('admin.rateTemplates.dialog.serviceHint')}
        error={problem('serviceCode')}
      >
        <Input
          {...bind('serviceCode')}
          list={`${uid}-services`}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('admin.rateTemplates.allServices')}
          disabled={pending}
          data-testid="price-rule-service"
        />
      </Field>
      <datalist id={`${uid}-services`}>
        {suggestions.map(({ code, name }) => (
          <option key={code} value={code}>
            {serviceName(code) ?? name}
          </option>
        ))}
      </datalist>

      <Field label={t('admin.rateTemplates.dialog.organization')} error={problem('organizationId')}>
        <select
          {...bind('organizationId')}
          className={cn(inputClass, 'h-10 pr-8')}
          disabled={pending}
          data-testid="price-rule-organization"
        >
          <option value="">{t('admin.rateTemplates.everyone')}</option>
          {keptOrg ? (
            <option value={form.organizationId}>{rule?.organization?.name ?? form.organizationId}</option>
          ) : null}
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('admin.rateTemplates.dialog.percent')}
          hint={t('admin.rateTemplates.dialog.percentHint')}
          error={problem('markupPercent')}
        >
          <Input
            {...bind('markupPercent')}
            type="number"
            inputMode="decimal"
            min={0}
            max={500}
            step={0.01}
            disabled={pending}
            data-testid="price-rule-percent"
          />
        </Field>
        <Field
          label={t('admin.rateTemplates.dialog.fixed')}
          hint={t('admin.rateTemplates.dialog.fixedHint')}
          error={problem('markupFixed')}
        >
          <Input
            {...bind('markupFixed')}
            type="number"
            inputMode="decimal"
            min={0}
            max={1000}
            step={0.01}
            disabled={pending}
            data-testid="price-rule-fixed"
          />
        </Field>
      </div>
      {example !== null ? (
        <p className="-mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="price-rule-example">
          {t('admin.rateTemplates.dialog.example', {
            cost: formatMoney(EXAMPLE_COST_CENTS, lang),
            price: formatMoney(example, lang),
          })}
        </p>
      ) : null}

      <Field
        label={t('admin.rateTemplates.dialog.note')}
        optional={t('common.optional')}
        error={problem('description')}
      >
        <Input {...bind('description')} maxLength={500} disabled={pending} data-testid="price-rule-description" />
      </Field>

      <CrudFormEnd
        keyPrefix="admin.rateTemplates.dialog"
        testIdPrefix="price-rule"
        switchId={`${uid}-active`}
        active={form.isActive}
        onActiveChange={(checked) => set('isActive', checked)}
        editing={rule !== null}
        pending={pending}
        onCancel={onClose}
      />
    </form>
  );
}
