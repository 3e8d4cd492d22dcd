import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TSavedParcel } from '../../shared/contracts/parcels';
import { useSavedParcels } from '../lib/queries/parcels';
import { cn } from '../lib/cn';
import { inputClass } from './ui/input';

/**
 * A select of the user's saved parcels (issue 29, decision 038): picking one hands it to `onPick`
 * (the caller fills its own fields, in its own units) and says so in a polite live region. Without
 * `selectedId` the select goes back to its prompt, since the fields may be changed afterwards; with
 * it (the bulk batch parcel, which sends the saved parcel itself) the chosen parcel stays shown.
 */
export function SavedParcelPicker({
  onPick,
  className,
  testId = 'saved-parcel-picker',
  selectedId,
}: {
  onPick: (parcel: TSavedParcel) => void;
  className?: string;
  testId?: string;
  /** The parcel the caller is using now (null: none, e.g. after its fields were changed). */
  selectedId?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const query = useSavedParcels();
  const [picked, setPicked] = useState<string | null>(null);
  const parcels = query.data ?? [];
  const selected = selectedId ? parcels.find((p) => p.id === selectedId) : undefined;
  const prompt = query.isPending
    ? t('savedParcels.picker.loading')
    : query.isError
      ? t('savedParcels.picker.failed')
      : parcels.length === 0
        ? t('savedParcels.picker.none')
        : t('savedParcels.picker.choose');

  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('savedParcels.picker.label')}
      </label>
      <select
        id={id}
        className={cn(inputClass, 'h-10')}
        value={selected?.id ?? ''}
        disabled={!query.isSuccess || parcels.length === 0}
        data-testid={testId}
        onChange={(e) => {
          const parcel = parcels.find((p) => p.id === e.target.value);
          if (!parcel) return;
          onPick(parcel);
          setPicked(parcel.name);
        }}
      >
        <option value="">{prompt}</option>
        {parcels.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <p className="text-xs text-slate-600" aria-live="polite">
        {selectedId !== undefined && !selected ? (
          <Link to="/settings" className="text-indigo-700 hover:underline">
            {t('savedParcels.picker.manage')}
          </Link>
        ) : picked || selected ? (
          t('savedParcels.picker.filled', { name: selected?.name ?? picked })
        ) : (
          <Link to="/settings" className="text-indigo-700 hover:underline">
            {t('savedParcels.picker.manage')}
          </Link>
        )}
      </p>
    </div>
  );
}
