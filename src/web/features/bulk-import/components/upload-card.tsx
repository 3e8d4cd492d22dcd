import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileUp } from 'lucide-react';
import { BULK_LIMITS, type TBulkImportDetail } from '../../../../shared/contracts/bulk-imports';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Banner } from '../../../components/ui/banner';
import { errorMessage } from '../../../lib/error-message';
import { createBulkImport, templateUrl } from '../api';

export type PickedFile = { filename: string; file: Blob };

/** Step 1: a CSV by drag and drop or the file picker; the server reads and checks it. */
export function UploadCard({ onImported }: { onImported: (batch: TBulkImportDetail, file: PickedFile) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function take(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size > BULK_LIMITS.bytes) {
      setError(t('bulkImport.upload.tooBig'));
      return;
    }
    setBusy(true);
    try {
      const picked = { filename: file.name, file };
      onImported(await createBulkImport(picked), picked);
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void take(e.dataTransfer.files[0]);
  };

  return (
    <Card>
      <CardHeader title={t('bulkImport.upload.title')} description={t('bulkImport.upload.description')} />
      <div className="grid gap-4 p-4 sm:p-6">
        {error ? (
          <Banner variant="error" onDismiss={() => setError(null)}>
            {error}
          </Banner>
        ) : null}
        <div
          data-testid="bulk-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center ${
            dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-slate-50'
          }`}
        >
          <FileUp className="size-8 text-slate-500" aria-hidden="true" />
          <p className="text-sm text-slate-700">{t('bulkImport.upload.drop')}</p>
          <input
            ref={input}
            id="bulk-file"
            type="file"
            accept=".csv,.txt,text/csv"
            className="sr-only"
            aria-label={t('bulkImport.upload.choose')}
            tabIndex={-1}
            data-testid="bulk-file"
            onChange={(e) => void take(e.target.files?.[0])}
          />
          <Button onClick={() => input.current?.click()} disabled={busy} data-testid="bulk-choose">
            {busy ? t('bulkImport.upload.reading') : t('bulkImport.upload.choose')}
          </Button>
          <p className="text-xs text-slate-500">{t('bulkImport.upload.limits')}</p>
        </div>
        <p className="text-sm text-slate-600">{t('bulkImport.upload.formats')}</p>
        <a
          href={templateUrl}
          download
          className="inline-flex items-center gap-2 text-sm font-medium text-indigo-700 hover:underline"
          data-testid="bulk-template"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('bulkImport.upload.template')}
        </a>
      </div>
    </Card>
  );
}
