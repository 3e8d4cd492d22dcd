import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { PACKAGE_TYPES, type TPackageType } from '../../../../shared/contracts/rates';
import {
  LABEL_FORMATS,
  SAVED_PARCEL_LIMITS,
  type TLabelFormat,
  type TSavedParcel,
} from '../../../../shared/contracts/parcels';
import { cmToIn, inToCm, kgToLb, lbToKg } from '../../../../shared/units';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, inputClass } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { describeError } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import {
  useCreateParcel,
  useDeleteParcel,
  useLabelPreferences,
  useSavedParcels,
  useUpdateLabelPreferences,
  useUpdateParcel,
} from '../../../lib/queries/parcels';

const TAG = 'settings.shipping';

/** The default label format: what Download label saves and the bulk-import results offer first. */
function LabelFormatForm({ saved }: { saved: TLabelFormat }) {
  const { t } = useTranslation();
  const update = useUpdateLabelPreferences();
  const [format, setFormat] = useState<TLabelFormat>(saved);

  async function save() {
    dismissToasts(TAG);
    try {
      const answer = await update.mutateAsync({ labelFormat: format });
      setFormat(answer.labelFormat);
      toast({ title: { key: 'labelFormat.saved' }, variant: 'success', tag: TAG });
    } catch (error) {
      toast({
        title: { key: 'labelFormat.failed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }

  return (
    <div className="grid gap-4 p-6">
      <fieldset className="grid gap-3">
        <legend className="sr-only">{t('labelFormat.title')}</legend>
        {LABEL_FORMATS.map((f) => (
          <label key={f} className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="radio"
              name="label-format"
              value={f}
              checked={format === f}
              onChange={() => setFormat(f)}
              className="mt-0.5 size-4 accent-indigo-600"
              data-testid={`label-format-${f}`}
            />
            <span>
              <span className="font-medium">{t(`labelFormat.${f}.label`)}</span>
              <span className="block text-slate-600">{t(`labelFormat.${f}.hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button
          onClick={() => void save()}
          disabled={update.isPending || format === saved}
          data-testid="label-format-save"
        >
          {update.isPending ? t('common.saving') : t('labelFormat.save')}
        </Button>
      </div>
    </div>
  );
}

export function LabelFormatCard() {
  const { t } = useTranslation();
  const query = useLabelPreferences();
  return (
    <Card data-testid="label-format-card">
      <CardHeader title={t('labelFormat.title')} description={t('labelFormat.description')} />
      {query.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : query.isError ? (
        <div className="p-6">
          <Banner variant="error">{t('labelFormat.loadFailed')}</Banner>
        </div>
      ) : (
        <LabelFormatForm key={query.data.labelFormat} saved={query.data.labelFormat} />
      )}
    </Card>
  );
}

type Draft = { name: string; weight: string; length: string; width: string; height: string; type: TPackageType };
type DraftErrors = Partial<Record<keyof Draft, string>>;

const emptyDraft: Draft = { name: '', weight: '', length: '', width: '', height: '', type: 'package' };

/** A saved parcel in the form's units: pounds and inches, as the shipment form takes them. */
const draftOf = (p: TSavedParcel): Draft => ({
  name: p.name,
  weight: String(kgToLb(p.weight)),
  length: String(cmToIn(p.length)),
  width: String(cmToIn(p.width)),
  height: String(cmToIn(p.height)),
  type: p.type,
});

const decimal = (v: string) => (/^\s*\d+([.,]\d+)?\s*$/.test(v) ? Number(v.replace(',', '.')) : NaN);

/** One parcel's form: add or edit, in lb and in (sent in kg and cm). */
function ParcelForm({ parcel, onDone }: { parcel: TSavedParcel | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateParcel();
  const update = useUpdateParcel();
  const [draft, setDraft] = useState<Draft>(parcel ? draftOf(parcel) : emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const idFor = (k: keyof Draft) => `saved-parcel-${k}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    const next: DraftErrors = {};
    if (!draft.name.trim()) next.name = t('savedParcels.validation.nameRequired');
    for (const k of ['weight', 'length', 'width', 'height'] as const) {
      const n = decimal(draft[k]);
      if (!(n > 0)) next[k] = t('savedParcels.validation.positive');
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    const body = {
      name: draft.name.trim(),
      weight: lbToKg(decimal(draft.weight)),
      length: inToCm(decimal(draft.length)),
      width: inToCm(decimal(draft.width)),
      height: inToCm(decimal(draft.height)),
      type: draft.type,
    };
    try {
      if (parcel) await update.mutateAsync({ id: parcel.id, body });
      else await create.mutateAsync(body);
      toast({ title: { key: 'savedParcels.saved' }, variant: 'success', tag: TAG });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.fieldErrors?.name) {
        setErrors({ name: t('savedParcels.validation.nameTaken') });
      } else if (isApiError(error) && error.status === 409) {
        setProblem(t('savedParcels.limit', { count: SAVED_PARCEL_LIMITS.perUser }));
      } else if (isApiError(error) && error.status === 404) {
        setProblem(t('savedParcels.gone'));
      } else {
        toast({
          title: { key: 'savedParcels.saveFailed' },
          description: describeError(error),
          variant: 'destructive',
          tag: TAG,
        });
      }
    }
  }

  const number = (k: 'weight' | 'length' | 'width' | 'height', label: string) => (
    <Field label={label} error={errors[k]}>
      <Input
        id={idFor(k)}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={draft[k]}
        onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
      />
    </Field>
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-4 rounded-lg border border-slate-200 p-4"
      data-testid="saved-parcel-form"
      noValidate
    >
      {problem ? <Banner variant="error">{problem}</Banner> : null}
      <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label={t('savedParcels.name')} error={errors.name}>
          <Input
            id={idFor('name')}
            maxLength={SAVED_PARCEL_LIMITS.nameMax}
            autoComplete="off"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Field>
        {number('weight', t('shipment.package.weight'))}
        <Field label={t('shipment.package.type')}>
          <select
            id={idFor('type')}
            className={cn(inputClass, 'h-10')}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value as TPackageType })}
          >
            {PACKAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`shipment.packageTypes.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        {number('length', t('shipment.package.length'))}
        {number('width', t('shipment.package.width'))}
        {number('height', t('shipment.package.height'))}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone} disabled={busy}>
          {t('savedParcels.cancel')}
        </Button>
        <Button type="submit" disabled={busy} data-testid="saved-parcel-save">
          {busy ? t('common.saving') : t('savedParcels.save')}
        </Button>
      </div>
    </form>
  );
}

/** Settings: the user's saved parcels (named box sizes with weight), listed, added, edited and deleted. */
export function SavedParcelsCard() {
  const { t } = useTranslation();
  const query = useSavedParcels();
  const remove = useDeleteParcel();
  // null: no form open; 'new': adding; a parcel: editing it.
  const [editing, setEditing] = useState<TSavedParcel | 'new' | null>(null);
  const full = (query.data?.length ?? 0) >= SAVED_PARCEL_LIMITS.perUser;

  async function del(p: TSavedParcel) {
    dismissToasts(TAG);
    try {
      await remove.mutateAsync(p.id);
      toast({ title: { key: 'savedParcels.deleted', values: { name: p.name } }, variant: 'success', tag: TAG });
    } catch (error) {
      toast({
        title: { key: 'savedParcels.deleteFailed' },
        description: describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }

  return (
    <Card data-testid="saved-parcels-card">
      <CardHeader title={t('savedParcels.title')} description={t('savedParcels.description')} />
      <div className="grid gap-4 p-6">
        {query.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner />
          </div>
        ) : query.isError ? (
          <Banner variant="error">{t('savedParcels.loadFailed')}</Banner>
        ) : query.data.length === 0 && editing === null ? (
          <p className="text-sm text-slate-600" data-testid="saved-parcels-empty">
            {t('savedParcels.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="saved-parcels-list">
            {query.data.map((p) =>
              editing !== null && editing !== 'new' && editing.id === p.id ? (
                <li key={p.id} className="py-3">
                  <ParcelForm parcel={p} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li
                  key={p.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="saved-parcel"
                >
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{p.name}</p>
                    <p className="text-sm text-slate-600">
                      {t('savedParcels.summary', {
                        length: cmToIn(p.length),
                        width: cmToIn(p.width),
                        height: cmToIn(p.height),
                        weight: kgToLb(p.weight),
                        type: t(`shipment.packageTypes.${p.type}`),
                      })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setEditing(p)}
                      aria-label={t('savedParcels.editFor', { name: p.name })}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      {t('savedParcels.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => void del(p)}
                      disabled={remove.isPending}
                      aria-label={t('savedParcels.deleteFor', { name: p.name })}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      {t('savedParcels.delete')}
                    </Button>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
        {editing === 'new' ? <ParcelForm parcel={null} onDone={() => setEditing(null)} /> : null}
        {query.isSuccess && editing === null ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-slate-500">{t('savedParcels.limit', { count: SAVED_PARCEL_LIMITS.perUser })}</p>
            <Button onClick={() => setEditing('new')} disabled={full} data-testid="saved-parcel-add">
              <Plus className="size-4" aria-hidden="true" />
              {t('savedParcels.add')}
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
