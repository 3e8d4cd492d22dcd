import { Info } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPriceRule } from '../../../../shared/contracts/admin';
import { priceRulesQuery, useDeletePriceRule } from '../pricing-api';
import { markupParts } from '../pricing-format';
import { MarginReport } from './margin-report';
import { CrudDeleteDialog, CrudList, CrudRowActions, CrudSection, useCrudDialogs } from './crud-table';
import { PriceRuleDialog, useCarrierName, useServiceName } from './price-rule-dialog';
import { Badge, useLang } from './pricing-ui';

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
  const texts = useRuleTexts()(rule);
  return (
    <CrudRowActions
      keyPrefix="admin.rateTemplates"
      labels={{ carrier: texts.carrier, service: texts.service, organization: texts.organization }}
      testIdPrefix="price-rule"
      onEdit={onEdit}
      onDelete={onDelete}
    />
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
  const remove = useDeletePriceRule();
  const textsOf = useRuleTexts();
  const dialogs = useCrudDialogs<TPriceRule>();
  const actions = (rule: TPriceRule) => (
    <RuleActions rule={rule} onEdit={() => dialogs.edit(rule)} onDelete={() => dialogs.remove(rule)} />
  );

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6" data-testid="admin-rate-templates">
      <CrudSection
        titleId="admin-rules-title"
        title={t('admin.rateTemplates.title')}
        subtitle={t('admin.rateTemplates.subtitle')}
        create={{ label: t('admin.rateTemplates.create'), onClick: dialogs.create, testId: 'price-rule-create' }}
        headerClassName="max-w-3xl"
        testId="price-rules"
      >
        <p
          className="flex items-start gap-2 border-b border-slate-200 bg-indigo-50/60 px-4 py-3 text-sm text-slate-800 sm:px-6"
          data-testid="pricing-explanation"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-indigo-700" aria-hidden="true" />
          <span>{t('admin.rateTemplates.explanation')}</span>
        </p>

        <CrudList
          query={rules}
          stateTestId="price-rules"
          emptyText={t('admin.rateTemplates.empty')}
          caption={t('admin.rateTemplates.title')}
          testIdPrefix="price-rule"
          rowAttributes={(rule) => ({ 'data-rule-id': rule.id })}
          cardClassName="gap-2"
          card={(rule) => {
            const x = textsOf(rule);
            return (
              <>
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
                <p className="text-sm text-slate-800">{t('admin.rateTemplates.markupLine', { markup: x.markup })}</p>
                {rule.description ? <p className="break-words text-sm text-slate-600">{rule.description}</p> : null}
                {actions(rule)}
              </>
            );
          }}
          columns={[
            {
              header: t('admin.rateTemplates.columns.carrier'),
              cellClassName: 'whitespace-nowrap font-medium text-slate-900',
              cell: (rule) => textsOf(rule).carrier,
            },
            {
              header: t('admin.rateTemplates.columns.service'),
              cellClassName: 'text-slate-700',
              cell: (rule) => {
                const x = textsOf(rule);
                return (
                  <>
                    <span className="whitespace-nowrap">{x.service}</span>
                    {x.serviceName ? <span className="block text-xs text-slate-500">{x.serviceName}</span> : null}
                    {rule.description ? (
                      <span className="mt-1 block max-w-xs break-words text-xs text-slate-500">{rule.description}</span>
                    ) : null}
                  </>
                );
              },
            },
            {
              header: t('admin.rateTemplates.columns.organization'),
              cellClassName: 'text-slate-700',
              cell: (rule) => textsOf(rule).organization,
            },
            {
              header: t('admin.rateTemplates.columns.percent'),
              align: 'right',
              cellClassName: 'whitespace-nowrap tabular-nums',
              cell: (rule) => textsOf(rule).percent,
            },
            {
              header: t('admin.rateTemplates.columns.fixed'),
              align: 'right',
              cellClassName: 'whitespace-nowrap tabular-nums',
              cell: (rule) => textsOf(rule).fixed,
            },
            { header: t('admin.rateTemplates.columns.status'), cell: (rule) => <ActiveBadge active={rule.isActive} /> },
            { header: t('admin.rateTemplates.columns.actions'), srOnlyHeader: true, cell: actions },
          ]}
        />
      </CrudSection>

      <MarginReport />

      <PriceRuleDialog mode={dialogs.dialog} onClose={dialogs.closeDialog} />
      <CrudDeleteDialog
        item={dialogs.deleting}
        onClose={dialogs.closeDelete}
        keyPrefix="admin.rateTemplates"
        values={(rule) => {
          const x = textsOf(rule);
          return { carrier: x.carrier, service: x.service, organization: x.organization };
        }}
        remove={remove}
        testIdPrefix="price-rule"
      />
    </div>
  );
}
