import { useState } from 'react';
import { Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPriceRule } from '../../../../shared/contracts/admin';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { dismissToasts, toast } from '../../../lib/toast';
import { priceRulesQuery, useDeletePriceRule } from '../pricing-api';
import { markupParts } from '../pricing-format';
import { MarginReport } from './margin-report';
import { PriceRuleDialog, useCarrierName, useServiceName, type PriceRuleDialogMode } from './price-rule-dialog';
import { Badge, ListState, serverMessageRef, successRef, tdClass, thClass, useLang } from './pricing-ui';

function useRuleTexts() {
  const { t } = useTranslation();
  const lang = useLang();
  const carrierName = useCarrierName();
  const serviceName = useServiceName();
  return (rule: TPriceRule) => {
    const { percent, fixed } = markupParts(rule, lang);
    const markup = [percent, fixed].filter(Boolean).join(' + ') || t('admin.rateTemplates.noMarkup');
    const name = rule.serviceCode ? serviceName(rule.serviceCode) : null;
    return {
      carrier: carrierName(rule.carrier),
      service: rule.serviceCode ?? t('admin.rateTemplates.allServices'),
      serviceName: name,
      organization: rule.organization?.name ?? t('admin.rateTemplates.everyone'),
      markup,
      percent: percent ?? '—',
      fixed: fixed ?? '—',
    };
  };
}

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge tone={active ? 'green' : 'slate'} testId="price-rule-status">
      {active ? t('admin.rateTemplates.active') : t('admin.rateTemplates.inactive')}
    </Badge>
  );
}

function RuleActions({ rule, onEdit, onDelete }: { rule: TPriceRule; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const texts = useRuleTexts()(rule);
  const label = { carrier: texts.carrier, service: texts.service, organization: texts.organization };
  return (
    <span className="flex gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={onEdit}
        aria-label={t('admin.rateTemplates.editLabel', label)}
        data-testid="price-rule-edit"
      >
        <Pencil className="size-4" aria-hidden="true" />
        {t('admin.rateTemplates.edit')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={onDelete}
        aria-label={t('admin.rateTemplates.deleteLabel', label)}
        className="text-red-700"
        data-testid="price-rule-delete"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t('admin.rateTemplates.delete')}
      </Button>
    </span>
  );
}

/**
 * Rate templates (the spec's placeholder tab, issue 9): the price rules — our markup over each
 * carrier's cost, per carrier, service and organization — with create, edit and delete, and the
 * margin report per Toronto month.
 */
export function RateTemplatesTab() {
  const { t } = useTranslation();
  const rules = useQuery(priceRulesQuery);
  const textsOf = useRuleTexts();
  const [dialog, setDialog] = useState<PriceRuleDialogMode>(null);
  const [deleting, setDeleting] = useState<TPriceRule | null>(null);
  const list = rules.data ?? [];

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6" data-testid="admin-rate-templates">
      <section
        aria-labelledby="admin-rules-title"
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
        data-testid="price-rules"
      >
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
          <div className="max-w-3xl">
            <h2 id="admin-rules-title" className="text-base font-semibold text-slate-900">
              {t('admin.rateTemplates.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('admin.rateTemplates.subtitle')}</p>
          </div>
          <Button onClick={() => setDialog({ kind: 'create' })} data-testid="price-rule-create">
            <Plus className="size-4" aria-hidden="true" />
            {t('admin.rateTemplates.create')}
          </Button>
        </div>
        <p
          className="flex items-start gap-2 border-b border-slate-200 bg-indigo-50/60 px-4 py-3 text-sm text-slate-800 sm:px-6"
          data-testid="pricing-explanation"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden="true" />
          <span>{t('admin.rateTemplates.explanation')}</span>
        </p>

        {rules.isPending ? (
          <ListState state="loading" testId="price-rules" />
        ) : rules.isError ? (
          <ListState
            state="error"
            error={rules.error}
            onRetry={() => void rules.refetch()}
            retrying={rules.isFetching}
            testId="price-rules"
          />
        ) : list.length === 0 ? (
          <ListState state="empty" emptyText={t('admin.rateTemplates.empty')} testId="price-rules" />
        ) : (
          <>
            <ul className="grid gap-3 p-4 md:hidden" data-testid="price-rule-cards">
              {list.map((rule) => {
                const x = textsOf(rule);
                return (
                  <li
                    key={rule.id}
                    className="grid gap-2 rounded-lg border border-slate-200 p-4"
                    data-testid="price-rule-card"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold text-slate-900">{x.carrier}</p>
                        <p className="break-words text-sm text-slate-700">
                          {x.service}
                          {x.serviceName ? <span className="text-slate-500"> · {x.serviceName}</span> : null}
                        </p>
                        <p className="break-words text-sm text-slate-600">{x.organization}</p>
                      </div>
                      <ActiveBadge active={rule.isActive} />
                    </div>
                    <p className="text-sm text-slate-800">
                      {t('admin.rateTemplates.markupLine', { markup: x.markup })}
                    </p>
                    {rule.description ? <p className="break-words text-sm text-slate-600">{rule.description}</p> : null}
                    <RuleActions
                      rule={rule}
                      onEdit={() => setDialog({ kind: 'edit', rule })}
                      onDelete={() => setDeleting(rule)}
                    />
                  </li>
                );
              })}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-sm" data-testid="price-rule-table">
                <caption className="sr-only">{t('admin.rateTemplates.title')}</caption>
                <thead className="border-b border-slate-200 bg-slate-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t('admin.rateTemplates.columns.carrier')}
                    </th>
                    <th scope="col" className={thClass}>
                      {t('admin.rateTemplates.columns.service')}
                    </th>
                    <th scope="col" className={thClass}>
                      {t('admin.rateTemplates.columns.organization')}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t('admin.rateTemplates.columns.percent')}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t('admin.rateTemplates.columns.fixed')}
                    </th>
                    <th scope="col" className={thClass}>
                      {t('admin.rateTemplates.columns.status')}
                    </th>
                    <th scope="col" className={thClass}>
                      <span className="sr-only">{t('admin.rateTemplates.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.map((rule) => {
                    const x = textsOf(rule);
                    return (
                      <tr key={rule.id} data-testid="price-rule-row" data-rule-id={rule.id}>
                        <td className={`${tdClass} whitespace-nowrap font-medium text-slate-900`}>{x.carrier}</td>
                        <td className={`${tdClass} text-slate-700`}>
                          <span className="whitespace-nowrap">{x.service}</span>
                          {x.serviceName ? <span className="block text-xs text-slate-500">{x.serviceName}</span> : null}
                          {rule.description ? (
                            <span className="mt-1 block max-w-xs break-words text-xs text-slate-500">
                              {rule.description}
                            </span>
                          ) : null}
                        </td>
                        <td className={`${tdClass} text-slate-700`}>{x.organization}</td>
                        <td className={`${tdClass} whitespace-nowrap text-right tabular-nums`}>{x.percent}</td>
                        <td className={`${tdClass} whitespace-nowrap text-right tabular-nums`}>{x.fixed}</td>
                        <td className={tdClass}>
                          <ActiveBadge active={rule.isActive} />
                        </td>
                        <td className={tdClass}>
                          <RuleActions
                            rule={rule}
                            onEdit={() => setDialog({ kind: 'edit', rule })}
                            onDelete={() => setDeleting(rule)}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <MarginReport />

      <PriceRuleDialog mode={dialog} onClose={() => setDialog(null)} />
      <DeleteRuleDialog rule={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

const DELETE_TAG = 'admin.rateTemplates.delete';

function DeleteRuleDialog({ rule, onClose }: { rule: TPriceRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const textsOf = useRuleTexts();
  const remove = useDeletePriceRule();
  const texts = rule ? textsOf(rule) : null;
  const scope = texts
    ? { carrier: texts.carrier, service: texts.service, organization: texts.organization }
    : undefined;

  const confirm = async () => {
    if (!rule) return;
    dismissToasts(DELETE_TAG);
    try {
      const answer = await remove.mutateAsync(rule.id);
      toast({
        title: { key: 'admin.rateTemplates.deletedTitle' },
        description: successRef('admin.rateTemplates.deleted', answer.message, scope),
        variant: 'success',
        tag: DELETE_TAG,
      });
    } catch (error) {
      toast({
        title: { key: 'admin.rateTemplates.deleteFailed' },
        description: serverMessageRef(error, 'admin.rateTemplates.deleteFailedHint'),
        variant: 'destructive',
        tag: DELETE_TAG,
      });
    }
    onClose();
  };

  return (
    <AlertDialog
      open={rule !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <AlertDialogContent
        title={t('admin.rateTemplates.deleteDialog.title')}
        description={scope ? t('admin.rateTemplates.deleteDialog.description', scope) : undefined}
        data-testid="price-rule-delete-dialog"
        onEscapeKeyDown={(e) => {
          if (remove.isPending) e.preventDefault();
        }}
      >
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              {t('admin.rateTemplates.deleteDialog.cancel')}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            data-testid="price-rule-delete-confirm"
          >
            {remove.isPending
              ? t('admin.rateTemplates.deleteDialog.deleting')
              : t('admin.rateTemplates.deleteDialog.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
