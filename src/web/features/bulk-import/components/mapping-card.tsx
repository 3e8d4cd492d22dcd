import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_FIELDS,
  REQUIRED_BULK_FIELDS,
  type TBulkImportDetail,
  type TBulkMapping,
} from '../../../../shared/contracts/bulk-imports';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Banner } from '../../../components/ui/banner';
import { inputClass } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/error-message';
import { createBulkImport } from '../api';
import { listOf } from '../bulk-messages';
import { currentLanguage } from '../../../lib/i18n';
import type { PickedFile } from './upload-card';

/** The unit each number column of a file is read in (its name in the language: bulkImport.units). */
const UNITS: Partial<Record<(typeof BULK_FIELDS)[number], string>> = {
  weight: 'kg',
  length: 'cm',
  width: 'cm',
  height: 'cm',
};

/** Step 2 for a file of no known format: which column holds each field (remembered for the next file like it). */
export function MappingCard({
  batch,
  file,
  onMapped,
}: {
  batch: TBulkImportDetail;
  file: PickedFile;
  onMapped: (batch: TBulkImportDetail, file: PickedFile) => void;
}) {
  const { t } = useTranslation();
  const [mapping, setMapping] = useState<TBulkMapping>(batch.mapping);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const missing = REQUIRED_BULK_FIELDS.filter((f) => !mapping[f]);
  const language = currentLanguage();

  async function apply() {
    setBusy(true);
    setError(null);
    try {
      onMapped(await createBulkImport({ ...file, mapping }), file);
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="bulk-mapping">
      <CardHeader title={t('bulkImport.mapping.title')} description={t('bulkImport.mapping.description')} />
      <div className="grid gap-4 p-4 sm:p-6">
        {error ? <Banner variant="error">{error}</Banner> : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {BULK_FIELDS.map((field) => (
            <label key={field} className="grid gap-1 text-sm">
              <span className="font-medium text-slate-800">
                {t(`bulkImport.fields.${field}`)}
                {UNITS[field] ? t('bulkImport.withUnit', { unit: t(`bulkImport.units.${UNITS[field]}`) }) : ''}
                {REQUIRED_BULK_FIELDS.includes(field) ? ' *' : ''}
              </span>
              <select
                className={`${inputClass} h-10`}
                value={mapping[field] ?? ''}
                data-testid={`bulk-map-${field}`}
                onChange={(e) => setMapping({ ...mapping, [field]: e.target.value || undefined })}
              >
                <option value="">{t('bulkImport.mapping.none')}</option>
                {batch.headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        {missing.length > 0 ? (
          <p className="text-sm text-red-700" role="alert">
            {t('bulkImport.mapping.missing', {
              fields: listOf(
                missing.map((f) => t(`bulkImport.fields.${f}`)),
                language,
              ),
            })}
          </p>
        ) : null}
        <div>
          <Button onClick={() => void apply()} disabled={busy || missing.length > 0} data-testid="bulk-map-apply">
            {t('bulkImport.mapping.apply')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
