import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Trash2, Undo2 } from 'lucide-react';
import {
  BULK_FIELDS,
  type TBulkField,
  type TBulkImportRow,
  type TBulkRowStatus,
} from '../../../../shared/contracts/bulk-imports';
import { parseCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { patchBulkRow } from '../api';
import { cellMessage, quoteName, rowOutcomeMessage } from '../bulk-messages';

const PAGE = 100;

const STATUS_TONE: Record<TBulkRowStatus, string> = {
  invalid: 'bg-red-50 text-red-700',
  ready: 'bg-slate-100 text-slate-700',
  quoted: 'bg-indigo-50 text-indigo-700',
  unquoted: 'bg-amber-50 text-amber-800',
  bought: 'bg-emerald-50 text-emerald-700',
  failed: 'bg-red-50 text-red-700',
  refused: 'bg-amber-50 text-amber-800',
  cancelled: 'bg-slate-100 text-slate-600',
  dropped: 'bg-slate-100 text-slate-500',
};

/** Step 3: every row with its receiver, parcel, status and price; each problem on its cell; edit in place or drop. */
export function ReviewList({
  batchId,
  items,
  editable,
  onChanged,
}: {
  batchId: string;
  items: TBulkImportRow[];
  editable: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const list = onlyProblems
    ? items.filter((i) => ['invalid', 'unquoted', 'failed', 'refused'].includes(i.status))
    : items;

  return (
    <div className="grid gap-3">
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4"
          checked={onlyProblems}
          onChange={(e) => setOnlyProblems(e.target.checked)}
          data-testid="bulk-only-problems"
        />
        {t('bulkImport.review.onlyProblems')}
      </label>
      {list.length === 0 ? <p className="text-sm text-slate-600">{t('bulkImport.review.noProblems')}</p> : null}
      <ol className="grid gap-2" data-testid="bulk-rows">
        {list.slice(0, shown).map((row) => (
          <RowItem key={row.n} batchId={batchId} row={row} editable={editable} onChanged={onChanged} />
        ))}
      </ol>
      {list.length > shown ? (
        <div>
          <Button variant="secondary" onClick={() => setShown(shown + PAGE)}>
            {t('bulkImport.review.showMore', { count: Math.min(PAGE, list.length - shown) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

const EDIT_FIELDS: readonly TBulkField[] = BULK_FIELDS;

function RowItem({
  batchId,
  row,
  editable,
  onChanged,
}: {
  batchId: string;
  row: TBulkImportRow;
  editable: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Record<string, string>>(row.data);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorOf = (field: string) => row.errors.find((e) => e.field === field)?.message;
  const d = row.data;

  async function save(body: Parameters<typeof patchBulkRow>[2]) {
    setBusy(true);
    setError(null);
    try {
      await patchBulkRow(batchId, row.n, body);
      setEditing(false);
      onChanged();
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(false);
    }
  }

  const cell = (fields: TBulkField[], text: string) => {
    const problems = fields.map((f) => errorOf(f)).filter((m): m is string => m !== undefined);
    return (
      <div className={problems.length ? 'rounded bg-red-50 px-1' : ''}>
        <span className="break-words">{text || '—'}</span>
        {problems.map((p) => (
          <span key={p} className="block text-xs text-red-700" data-testid="bulk-cell-error">
            {cellMessage(p, t, lang)}
          </span>
        ))}
      </div>
    );
  };

  const parcel = [
    d.weight && `${d.weight} ${t('bulkImport.units.kg')}`,
    d.length && `${d.length}×${d.width}×${d.height} ${t('bulkImport.units.cm')}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const outcome = rowOutcomeMessage(row.errorCode, row.errorMessage, t, lang);

  return (
    <li
      className={`rounded-lg border border-slate-200 bg-white p-3 text-sm ${row.status === 'dropped' ? 'opacity-60' : ''}`}
      data-testid={`bulk-row-${row.n}`}
    >
      <div className="grid gap-2 lg:grid-cols-[3rem_1.2fr_2fr_1fr_1fr_1.2fr_auto] lg:items-start">
        <div className="font-mono text-xs text-slate-500">#{row.n}</div>
        <div>
          <span className="sr-only">{t('common.labelPrefix', { label: t('bulkImport.review.receiver') })}</span>
          {cell(['firstName', 'lastName', 'company', 'reference'], `${d.firstName ?? ''} ${d.lastName ?? ''}`.trim())}
          {d.reference ? <span className="block text-xs text-slate-500">{d.reference}</span> : null}
        </div>
        <div>
          <span className="sr-only">{t('common.labelPrefix', { label: t('bulkImport.review.address') })}</span>
          {cell(
            ['address1', 'address2', 'city', 'province', 'postalCode', 'country'],
            [
              d.address1,
              d.address2,
              d.city,
              d.province,
              d.postalCode,
              d.country?.trim().toUpperCase() === 'CA' ? '' : d.country,
            ]
              .filter(Boolean)
              .join(', '),
          )}
        </div>
        <div>
          <span className="sr-only">{t('common.labelPrefix', { label: t('bulkImport.fields.phone') })}</span>
          {cell(['phone', 'email'], d.phone ?? '')}
        </div>
        <div>
          <span className="sr-only">{t('common.labelPrefix', { label: t('bulkImport.review.parcel') })}</span>
          {cell(['weight', 'length', 'width', 'height', 'description'], parcel || t('bulkImport.review.batchParcel'))}
        </div>
        <div className="grid gap-1">
          <span
            className={`inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[row.status]}`}
            data-testid="bulk-row-status"
          >
            {t(`bulkImport.status.${row.status}`)}
          </span>
          {row.quote ? (
            <span className="text-xs text-slate-700">
              {quoteName(row.quote, t)} ·{' '}
              <span className="font-medium">{formatMoney(parseCents(row.quote.total) ?? 0, lang)}</span>
            </span>
          ) : null}
          {row.trackingNumber ? <span className="font-mono text-xs">{row.trackingNumber}</span> : null}
          {outcome ? <span className="text-xs text-amber-800">{outcome}</span> : null}
        </div>
        {editable && row.status !== 'bought' ? (
          <div className="flex gap-1">
            {row.status !== 'dropped' ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setDraft(row.data);
                  setEditing(!editing);
                }}
                aria-expanded={editing}
                data-testid="bulk-row-edit"
              >
                <Pencil className="size-4" aria-hidden="true" />
                {t('bulkImport.review.edit')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void save({ dropped: row.status !== 'dropped' })}
              data-testid="bulk-row-drop"
            >
              {row.status === 'dropped' ? (
                <Undo2 className="size-4" aria-hidden="true" />
              ) : (
                <Trash2 className="size-4" aria-hidden="true" />
              )}
              {row.status === 'dropped' ? t('bulkImport.review.restore') : t('bulkImport.review.drop')}
            </Button>
          </div>
        ) : null}
      </div>
      {editing ? (
        <form
          className="mt-3 grid gap-3 border-t border-slate-200 pt-3"
          onSubmit={(e) => {
            e.preventDefault();
            // Only the cells changed: an untouched over-long cell is reported on its row, not refused by the save.
            const changed = Object.fromEntries(Object.entries(draft).filter(([k, v]) => v !== row.data[k]));
            void save({ data: changed });
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {EDIT_FIELDS.map((field) => {
              const problem = errorOf(field);
              const id = `bulk-${row.n}-${field}`;
              return (
                <div key={field} className="grid gap-1">
                  <label htmlFor={id} className="text-xs font-medium text-slate-700">
                    {t(`bulkImport.fields.${field}`)}
                  </label>
                  <Input
                    id={id}
                    value={draft[field] ?? ''}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-error` : undefined}
                    data-testid={`bulk-edit-${field}`}
                    onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
                  />
                  {problem ? (
                    <span id={`${id}-error`} className="text-xs text-red-700">
                      {cellMessage(problem, t, lang)}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={busy} data-testid="bulk-edit-save">
              {t('bulkImport.review.save')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
              {t('bulkImport.review.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
