import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { dismissToasts, toast } from '../../../lib/toast';
import { ListState, serverMessageRef, successRef, tdClass, thClass } from './pricing-ui';

/*
 * The admin's lists of things it creates, edits and deletes (discounts, price rules): a titled
 * section with a create button, the list's loading, error and empty states, one card per row on a
 * phone and a table from md up, edit and delete buttons per row, and the delete confirm. Texts come
 * from one key prefix (`admin.discounts`, `admin.rateTemplates`) whose keys have the same names,
 * test ids from one prefix (`discount`, `price-rule`).
 */

/** A titled admin section; `create` adds the create button beside the title. */
export function CrudSection({
  titleId,
  title,
  subtitle,
  create,
  headerClassName,
  testId,
  children,
}: {
  titleId: string;
  title: string;
  subtitle: string;
  create?: { label: string; onClick: () => void; testId: string };
  headerClassName?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <div className={headerClassName}>
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        </div>
        {create ? (
          <Button onClick={create.onClick} data-testid={create.testId}>
            <Plus className="size-4" aria-hidden="true" />
            {create.label}
          </Button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export type CrudColumn<T> = {
  header: string;
  /** The header is for screen readers only (the actions column). */
  srOnlyHeader?: boolean;
  align?: 'right';
  cellClassName?: string;
  cellTestId?: string;
  cell: (row: T) => ReactNode;
};

/**
 * A query's list: loading, error (with retry) and empty states (`<stateTestId>-loading` …), then
 * `card` per row in a list for phones and `columns` in a table from md up.
 */
export function CrudList<T extends { id: string }>({
  query,
  stateTestId,
  emptyText,
  caption,
  columns,
  card,
  cardClassName,
  testIdPrefix,
  rowAttributes,
}: {
  query: UseQueryResult<T[]>;
  stateTestId: string;
  emptyText: string;
  caption: string;
  columns: CrudColumn<T>[];
  card: (row: T) => ReactNode;
  cardClassName?: string;
  /** `discount` gives discount-cards, discount-card, discount-table and discount-row. */
  testIdPrefix: string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
}) {
  const list = query.data ?? [];
  if (query.isPending) return <ListState state="loading" testId={stateTestId} />;
  if (query.isError) {
    return (
      <ListState
        state="error"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        testId={stateTestId}
      />
    );
  }
  if (list.length === 0) return <ListState state="empty" emptyText={emptyText} testId={stateTestId} />;
  return (
    <>
      {/* Phones: one card per row. */}
      <ul className="grid gap-3 p-4 md:hidden" data-testid={`${testIdPrefix}-cards`}>
        {list.map((row) => (
          <li
            key={row.id}
            className={cn('grid gap-3 rounded-lg border border-slate-200 p-4', cardClassName)}
            data-testid={`${testIdPrefix}-card`}
          >
            {card(row)}
          </li>
        ))}
      </ul>
      {/* From md up: the table. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-sm" data-testid={`${testIdPrefix}-table`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              {columns.map((column, i) => (
                <th key={i} scope="col" className={cn(thClass, column.align === 'right' && 'text-right')}>
                  {column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.map((row) => (
              <tr key={row.id} data-testid={`${testIdPrefix}-row`} {...rowAttributes?.(row)}>
                {columns.map((column, i) => (
                  <td
                    key={i}
                    className={cn(tdClass, column.align === 'right' && 'text-right', column.cellClassName)}
                    data-testid={column.cellTestId}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Edit and delete for one row; `labels` fill `<keyPrefix>.editLabel` / `.deleteLabel`. */
export function CrudRowActions({
  keyPrefix,
  labels,
  testIdPrefix,
  onEdit,
  onDelete,
}: {
  keyPrefix: string;
  labels: Record<string, string>;
  testIdPrefix: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="flex gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={onEdit}
        aria-label={t(`${keyPrefix}.editLabel`, labels)}
        data-testid={`${testIdPrefix}-edit`}
      >
        <Pencil className="size-4" aria-hidden="true" />
        {t(`${keyPrefix}.edit`)}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={onDelete}
        aria-label={t(`${keyPrefix}.deleteLabel`, labels)}
        className="text-red-700"
        data-testid={`${testIdPrefix}-delete`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t(`${keyPrefix}.delete`)}
      </Button>
    </span>
  );
}

/** Which dialog a CRUD tab shows: create, edit one row, or none. */
export type CrudDialogMode<T> = { kind: 'create' } | { kind: 'edit'; item: T } | null;

/** The state a CRUD tab keeps: its create/edit dialog and the row being deleted. */
export function useCrudDialogs<T>() {
  const [dialog, setDialog] = useState<CrudDialogMode<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    dialog,
    deleting,
    create: () => setDialog({ kind: 'create' }),
    edit: (item: T) => setDialog({ kind: 'edit', item }),
    remove: (item: T) => setDeleting(item),
    closeDialog: () => setDialog(null),
    closeDelete: () => setDeleting(null),
  };
}

/**
 * Confirm, then the delete call; stays open (and cannot be closed) while the call runs. Toasts
 * `<keyPrefix>.deletedTitle` / `.deleted` or `.deleteFailed` / `.deleteFailedHint`, tagged
 * `<keyPrefix>.delete`; the dialog's texts are `<keyPrefix>.deleteDialog.*`, filled with `values`.
 */
export function CrudDeleteDialog<T extends { id: string }>({
  item,
  onClose,
  keyPrefix,
  values,
  remove,
  testIdPrefix,
}: {
  item: T | null;
  onClose: () => void;
  keyPrefix: string;
  values: (item: T) => Record<string, string>;
  remove: { mutateAsync: (id: string) => Promise<{ message?: string }>; isPending: boolean };
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const tag = `${keyPrefix}.delete`;

  const confirm = async () => {
    if (!item) return;
    dismissToasts(tag);
    const filled = values(item);
    try {
      const answer = await remove.mutateAsync(item.id);
      toast({
        title: { key: `${keyPrefix}.deletedTitle` },
        description: successRef(`${keyPrefix}.deleted`, answer.message, filled),
        variant: 'success',
        tag,
      });
    } catch (error) {
      toast({
        title: { key: `${keyPrefix}.deleteFailed` },
        description: serverMessageRef(error, `${keyPrefix}.deleteFailedHint`),
        variant: 'destructive',
        tag,
      });
    }
    onClose();
  };

  return (
    <AlertDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <AlertDialogContent
        title={t(`${keyPrefix}.deleteDialog.title`)}
        description={item ? t(`${keyPrefix}.deleteDialog.description`, values(item)) : undefined}
        data-testid={`${testIdPrefix}-delete-dialog`}
        onEscapeKeyDown={(e) => {
          if (remove.isPending) e.preventDefault();
        }}
      >
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              {t(`${keyPrefix}.deleteDialog.cancel`)}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            data-testid={`${testIdPrefix}-delete-confirm`}
          >
            {remove.isPending ? t(`${keyPrefix}.deleteDialog.deleting`) : t(`${keyPrefix}.deleteDialog.confirm`)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
