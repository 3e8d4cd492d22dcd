import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDiscount } from '../../../../shared/contracts/admin';
import { renderText } from '../../../lib/error-message';
import { discountsQuery, useDeleteDiscount } from '../pricing-api';
import { discountState, discountValueText, userName, validityRef, type DiscountState } from '../pricing-format';
import { CrudDeleteDialog, CrudList, CrudRowActions, CrudSection, useCrudDialogs } from './crud-table';
import { DiscountDialog } from './discount-dialog';
import { Badge, useLang } from './pricing-ui';

const STATE_TONES: Record<DiscountState, 'green' | 'slate' | 'amber' | 'blue'> = {
  inEffect: 'green',
  scheduled: 'blue',
  expired: 'amber',
  inactive: 'slate',
};

function StatusBadges({ discount, now }: { discount: TDiscount; now: Date }) {
  const { t } = useTranslation();
  const state = discountState(discount, now);
  return (
    <span className="flex flex-wrap gap-1.5" data-testid="discount-status" data-state={state}>
      <Badge tone={discount.isActive ? 'green' : 'slate'}>
        {discount.isActive ? t('admin.discounts.active') : t('admin.discounts.inactive')}
      </Badge>
      {state === 'inactive' ? null : <Badge tone={STATE_TONES[state]}>{t(`admin.discounts.states.${state}`)}</Badge>}
    </span>
  );
}

function Customer({ discount, className }: { discount: TDiscount; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className ?? 'min-w-0'}>
      <p className="break-words font-medium text-slate-900">{userName(discount.user)}</p>
      <p className="wrap-anywhere text-xs text-slate-600">{discount.user.email}</p>
      <p className="text-xs text-slate-600">{discount.organization?.name ?? t('admin.discounts.noOrganization')}</p>
    </div>
  );
}

function RowActions({ discount, onEdit, onDelete }: { discount: TDiscount; onEdit: () => void; onDelete: () => void }) {
  const lang = useLang();
  return (
    <CrudRowActions
      keyPrefix="admin.discounts"
      labels={{ value: discountValueText(discount, lang), name: userName(discount.user) }}
      testIdPrefix="discount"
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}

/**
 * Discounts (spec §2 Discounts tab): organization and user, type, value, active status (and whether
 * it lowers quotes now), validity, edit and delete; a create button; the delete confirm dialog.
 */
export function DiscountsTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const discounts = useQuery(discountsQuery);
  const remove = useDeleteDiscount();
  const dialogs = useCrudDialogs<TDiscount>();
  const now = new Date(discounts.dataUpdatedAt || Date.now());
  const actions = (d: TDiscount) => (
    <RowActions discount={d} onEdit={() => dialogs.edit(d)} onDelete={() => dialogs.remove(d)} />
  );

  return (
    <CrudSection
      titleId="admin-discounts-title"
      title={t('admin.discounts.title')}
      subtitle={t('admin.discounts.subtitle')}
      create={{ label: t('admin.discounts.create'), onClick: dialogs.create, testId: 'discount-create' }}
      testId="admin-discounts"
    >
      <CrudList
        query={discounts}
        stateTestId="discounts"
        emptyText={t('admin.discounts.empty')}
        caption={t('admin.discounts.title')}
        testIdPrefix="discount"
        rowAttributes={(d) => ({ 'data-discount-id': d.id })}
        card={(d) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <Customer discount={d} />
              <p className="whitespace-nowrap text-lg font-semibold tabular-nums text-slate-900">
                {discountValueText(d, lang)}
              </p>
            </div>
            <p className="text-sm text-slate-700">
              {t(`admin.discounts.types.${d.discountType}`)} · {renderText(validityRef(d, lang), t)}
            </p>
            {d.description ? <p className="break-words text-sm text-slate-600">{d.description}</p> : null}
            <StatusBadges discount={d} now={now} />
            {actions(d)}
          </>
        )}
        columns={[
          {
            header: t('admin.discounts.columns.customer'),
            cell: (d) => (
              <>
                <Customer discount={d} className="min-w-52" />
                {d.description ? (
                  <p className="mt-1 max-w-xs break-words text-xs text-slate-500">{d.description}</p>
                ) : null}
              </>
            ),
          },
          {
            header: t('admin.discounts.columns.type'),
            cellClassName: 'whitespace-nowrap text-slate-700',
            cell: (d) => t(`admin.discounts.types.${d.discountType}`),
          },
          {
            header: t('admin.discounts.columns.value'),
            align: 'right',
            cellClassName: 'whitespace-nowrap font-semibold tabular-nums text-slate-900',
            cellTestId: 'discount-value-cell',
            cell: (d) => discountValueText(d, lang),
          },
          { header: t('admin.discounts.columns.status'), cell: (d) => <StatusBadges discount={d} now={now} /> },
          {
            header: t('admin.discounts.columns.validity'),
            cellClassName: 'text-slate-700',
            cellTestId: 'discount-validity',
            cell: (d) => renderText(validityRef(d, lang), t),
          },
          { header: t('admin.discounts.columns.actions'), srOnlyHeader: true, cell: actions },
        ]}
      />

      <DiscountDialog mode={dialogs.dialog} onClose={dialogs.closeDialog} />
      <CrudDeleteDialog
        item={dialogs.deleting}
        onClose={dialogs.closeDelete}
        keyPrefix="admin.discounts"
        values={(d) => ({ value: discountValueText(d, lang), name: userName(d.user) })}
        remove={remove}
        testIdPrefix="discount"
      />
    </CrudSection>
  );
}
