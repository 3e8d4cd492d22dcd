import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDiscount } from '../../../../shared/contracts/admin';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { renderText } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { discountsQuery, useDeleteDiscount } from '../pricing-api';
import { discountState, discountValueText, userName, validityRef, type DiscountState } from '../pricing-format';
import { DiscountDialog, type DiscountDialogMode } from './discount-dialog';
import { Badge, ListState, serverMessageRef, successRef, tdClass, thClass, useLang } from './pricing-ui';

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
  const { t } = useTranslation();
  const lang = useLang();
  const label = { value: discountValueText(discount, lang), name: userName(discount.user) };
  return (
    <span className="flex gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={onEdit}
        aria-label={t('admin.discounts.editLabel', label)}
        data-testid="discount-edit"
      >
        <Pencil className="size-4" aria-hidden="true" />
        {t('admin.discounts.edit')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={onDelete}
        aria-label={t('admin.discounts.deleteLabel', label)}
        className="text-red-700"
        data-testid="discount-delete"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t('admin.discounts.delete')}
      </Button>
    </span>
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
  const [dialog, setDialog] = useState<DiscountDialogMode>(null);
  const [deleting, setDeleting] = useState<TDiscount | null>(null);
  const list = discounts.data ?? [];
  const now = new Date(discounts.dataUpdatedAt || Date.now());

  return (
    <section
      aria-labelledby="admin-discounts-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="admin-discounts"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <div>
          <h2 id="admin-discounts-title" className="text-base font-semibold text-slate-900">
            {t('admin.discounts.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('admin.discounts.subtitle')}</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })} data-testid="discount-create">
          <Plus className="size-4" aria-hidden="true" />
          {t('admin.discounts.create')}
        </Button>
      </div>

      {discounts.isPending ? (
        <ListState state="loading" testId="discounts" />
      ) : discounts.isError ? (
        <ListState
          state="error"
          error={discounts.error}
          onRetry={() => void discounts.refetch()}
          retrying={discounts.isFetching}
          testId="discounts"
        />
      ) : list.length === 0 ? (
        <ListState state="empty" emptyText={t('admin.discounts.empty')} testId="discounts" />
      ) : (
        <>
          {/* Phones: one card per discount. */}
          <ul className="grid gap-3 p-4 md:hidden" data-testid="discount-cards">
            {list.map((d) => (
              <li key={d.id} className="grid gap-3 rounded-lg border border-slate-200 p-4" data-testid="discount-card">
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
                <RowActions
                  discount={d}
                  onEdit={() => setDialog({ kind: 'edit', discount: d })}
                  onDelete={() => setDeleting(d)}
                />
              </li>
            ))}
          </ul>
          {/* From md up: the table. */}
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm" data-testid="discount-table">
              <caption className="sr-only">{t('admin.discounts.title')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <th scope="col" className={thClass}>
                    {t('admin.discounts.columns.customer')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.discounts.columns.type')}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {t('admin.discounts.columns.value')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.discounts.columns.status')}
                  </th>
                  <th scope="col" className={thClass}>
                    {t('admin.discounts.columns.validity')}
                  </th>
                  <th scope="col" className={thClass}>
                    <span className="sr-only">{t('admin.discounts.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((d) => (
                  <tr key={d.id} data-testid="discount-row" data-discount-id={d.id}>
                    <td className={tdClass}>
                      <Customer discount={d} className="min-w-52" />
                      {d.description ? (
                        <p className="mt-1 max-w-xs break-words text-xs text-slate-500">{d.description}</p>
                      ) : null}
                    </td>
                    <td className={`${tdClass} whitespace-nowrap text-slate-700`}>
                      {t(`admin.discounts.types.${d.discountType}`)}
                    </td>
                    <td
                      className={`${tdClass} whitespace-nowrap text-right font-semibold tabular-nums text-slate-900`}
                      data-testid="discount-value-cell"
                    >
                      {discountValueText(d, lang)}
                    </td>
                    <td className={tdClass}>
                      <StatusBadges discount={d} now={now} />
                    </td>
                    <td className={`${tdClass} text-slate-700`} data-testid="discount-validity">
                      {renderText(validityRef(d, lang), t)}
                    </td>
                    <td className={tdClass}>
                      <RowActions
                        discount={d}
                        onEdit={() => setDialog({ kind: 'edit', discount: d })}
                        onDelete={() => setDeleting(d)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <DiscountDialog mode={dialog} onClose={() => setDialog(null)} />
      <DeleteDiscountDialog discount={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

const DELETE_TAG = 'admin.discounts.delete';

/** Confirm, then DELETE /api/admin/discounts/{id}; stays open while the call runs. */
function DeleteDiscountDialog({ discount, onClose }: { discount: TDiscount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const remove = useDeleteDiscount();

  const confirm = async () => {
    if (!discount) return;
    dismissToasts(DELETE_TAG);
    const values = { value: discountValueText(discount, lang), name: userName(discount.user) };
    try {
      const answer = await remove.mutateAsync(discount.id);
      toast({
        title: { key: 'admin.discounts.deletedTitle' },
        description: successRef('admin.discounts.deleted', answer.message, values),
        variant: 'success',
        tag: DELETE_TAG,
      });
    } catch (error) {
      toast({
        title: { key: 'admin.discounts.deleteFailed' },
        description: serverMessageRef(error, 'admin.discounts.deleteFailedHint'),
        variant: 'destructive',
        tag: DELETE_TAG,
      });
    }
    onClose();
  };

  return (
    <AlertDialog
      open={discount !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <AlertDialogContent
        title={t('admin.discounts.deleteDialog.title')}
        description={
          discount
            ? t('admin.discounts.deleteDialog.description', {
                value: discountValueText(discount, lang),
                name: userName(discount.user),
              })
            : undefined
        }
        data-testid="discount-delete-dialog"
        onEscapeKeyDown={(e) => {
          if (remove.isPending) e.preventDefault();
        }}
      >
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              {t('admin.discounts.deleteDialog.cancel')}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            data-testid="discount-delete-confirm"
          >
            {remove.isPending ? t('admin.discounts.deleteDialog.deleting') : t('admin.discounts.deleteDialog.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
