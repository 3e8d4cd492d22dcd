import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Download, FileText } from 'lucide-react';
import type { TBulkImportDetail, TBulkQuoteRequest } from '../../../../shared/contracts/bulk-imports';
import { parseCents } from '../../../../shared/money';
import { cmToIn, inToCm, kgToLb, lbToKg } from '../../../../shared/units';
import type { TPackageType } from '../../../../shared/contracts/rates';
import { Button, buttonClass } from '../../../components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Card, CardHeader } from '../../../components/ui/card';
import { Banner } from '../../../components/ui/banner';
import { Input, inputClass } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useAddresses } from '../../../lib/queries/addresses';
import { useLabelFormat } from '../../../lib/queries/parcels';
import { SavedParcelPicker } from '../../../components/saved-parcel-picker';
import {
  bulkImportQuery,
  bulkListQuery,
  cancelBulkImport,
  labelsUrl,
  purchaseBulkImport,
  quoteBulkImport,
  resultsUrl,
} from '../api';
import { UploadCard, type PickedFile } from '../components/upload-card';
import { MappingCard } from '../components/mapping-card';
import { ReviewList } from '../components/review-list';
import { batchSummary, senderProblem } from '../bulk-messages';

const money = (amount: string) => formatMoney(parseCents(amount) ?? 0, currentLanguage());

/**
 * /bulk-import (issue 29): upload a shop's order export, map its columns when its format is not
 * known, review and fix the rows, quote them with the batch defaults, buy them (a progress bar that
 * survives a reload: the batch id is in the address), and download the labels and the results.
 */
export function BulkImportPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  // The picked file belongs to the batch it made: a batch opened from the list or its address has none.
  const [upload, setUpload] = useState<{ batchId: string; file: PickedFile } | null>(null);
  const queryClient = useQueryClient();

  const open = (batch: TBulkImportDetail) => {
    queryClient.setQueryData(bulkImportQuery(batch.id).queryKey, batch);
    void queryClient.invalidateQueries({ queryKey: bulkListQuery.queryKey, exact: true });
    setParams({ id: batch.id });
  };
  const imported = (batch: TBulkImportDetail, picked: PickedFile) => {
    setUpload({ batchId: batch.id, file: picked });
    open(batch);
  };

  if (!id) {
    return (
      <div className="grid gap-6">
        <UploadCard onImported={imported} />
        <BatchList onOpen={(batchId) => setParams({ id: batchId })} />
      </div>
    );
  }
  return (
    <BatchView
      id={id}
      file={upload?.batchId === id ? upload.file : null}
      onMapped={imported}
      onBack={() => setParams({})}
    />
  );
}

function BatchList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const list = useQuery(bulkListQuery);
  const lang = currentLanguage();
  return (
    <Card>
      <CardHeader title={t('bulkImport.list.title')} />
      <div className="p-4 sm:p-6">
        {list.isPending ? <Spinner /> : null}
        {list.isError ? <Banner variant="error">{errorMessage(list.error, t)}</Banner> : null}
        {list.isSuccess && list.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('bulkImport.list.empty')}</p>
        ) : null}
        {list.isSuccess && list.data.items.length > 0 ? (
          <ul className="divide-y divide-slate-200" data-testid="bulk-list">
            {list.data.items.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{b.filename}</p>
                  <p className="text-slate-600">
                    {formatDateTime(b.createdAt, lang)} · {t(`bulkImport.batchStatus.${b.status}`)} ·{' '}
                    {t('bulkImport.list.counts', { rows: b.counts.rows, bought: b.counts.bought })} ·{' '}
                    {money(b.status === 'draft' || b.status === 'quoted' ? b.total : b.spent)}
                  </p>
                </div>
                <Button size="sm" variant="secondary" onClick={() => onOpen(b.id)}>
                  {t('bulkImport.list.open')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

function BatchView({
  id,
  file,
  onMapped,
  onBack,
}: {
  id: string;
  file: PickedFile | null;
  onMapped: (batch: TBulkImportDetail, file: PickedFile) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(bulkImportQuery(id));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bulkImportQuery(id).queryKey });

  const back = (
    <Button variant="link" onClick={onBack} className="w-fit" data-testid="bulk-back">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('bulkImport.back')}
    </Button>
  );
  if (query.isPending) {
    return (
      <div className="grid gap-4">
        {back}
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="grid gap-4">
        {back}
        <Banner variant="error">{errorMessage(query.error, t)}</Banner>
      </div>
    );
  }
  const batch = query.data;
  const needsMapping = batch.errors.some((e) => e.field === 'mapping');
  const editable = batch.status === 'draft' || batch.status === 'quoted';

  return (
    <div className="grid gap-6" data-testid="bulk-batch">
      {back}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900" data-testid="bulk-filename">
          {batch.filename}
        </h2>
        <p className="text-sm text-slate-600" data-testid="bulk-summary">
          {t(`bulkImport.format.${batch.format}`)} · {t(...batchSummary(batch))}
        </p>
      </div>
      {needsMapping && !file ? (
        // The server keeps the rows, not the file: choosing columns needs the file again.
        <>
          <p
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            role="status"
            data-testid="bulk-upload-again"
          >
            {t('bulkImport.mapping.uploadAgain')}
          </p>
          <UploadCard onImported={onMapped} />
        </>
      ) : needsMapping && file ? (
        <MappingCard batch={batch} file={file} onMapped={onMapped} />
      ) : (
        <>
          {editable ? <DefaultsCard batch={batch} onQuoted={refresh} /> : null}
          {batch.status === 'purchasing' || batch.status === 'completed' || batch.status === 'cancelled' ? (
            <ProgressCard batch={batch} onChanged={refresh} />
          ) : null}
          <Card>
            <CardHeader title={t('bulkImport.review.title')} description={t('bulkImport.review.description')} />
            <div className="p-3 sm:p-6">
              <ReviewList batchId={batch.id} items={batch.items} editable={editable} onChanged={refresh} />
            </div>
          </Card>
        </>
      )}
    </div>
  );
}

/** Steps 3-5: the batch defaults, the quote (total beside the balance) and the Buy button. */
function DefaultsCard({ batch, onQuoted }: { batch: TBulkImportDetail; onQuoted: () => void }) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const given = batch.defaults;
  const [senderId, setSenderId] = useState(given?.senderAddressId ?? '');
  // The batch parcel in pounds and inches, like the shipment form and the saved parcels (the call is metric).
  const [parcel, setParcel] = useState({
    weight: given?.parcel ? String(kgToLb(given.parcel.weight)) : '',
    length: given?.parcel ? String(cmToIn(given.parcel.length)) : '',
    width: given?.parcel ? String(cmToIn(given.parcel.width)) : '',
    height: given?.parcel ? String(cmToIn(given.parcel.height)) : '',
  });
  // The saved parcel in use: it stays chosen and is sent itself (parcelId); changing a size unsets it.
  const [parcelId, setParcelId] = useState<string | null>(given?.parcelId ?? null);
  const [confirming, setConfirming] = useState(false);
  const noSender = senderProblem(addresses.isSuccess ? addresses.data : undefined, senderId);
  // A saved parcel's type rides with the batch parcel it filled (decision 038).
  const [parcelType, setParcelType] = useState<TPackageType | undefined>(given?.parcel?.type);
  const [rule, setRule] = useState<'cheapest' | 'fastest'>(given?.rule === 'fastest' ? 'fastest' : 'cheapest');
  const [busy, setBusy] = useState<'quote' | 'buy' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  async function quote() {
    setBusy('quote');
    setError(null);
    const hasParcel = Object.values(parcel).some((v) => v.trim() !== '');
    const num = (v: string) => Number(v.replace(',', '.'));
    const body: TBulkQuoteRequest = {
      ...(senderId ? { senderAddressId: senderId } : {}),
      ...(parcelId
        ? { parcelId }
        : hasParcel
          ? {
              parcel: {
                weight: lbToKg(num(parcel.weight)),
                length: inToCm(num(parcel.length)),
                width: inToCm(num(parcel.width)),
                height: inToCm(num(parcel.height)),
                ...(parcelType ? { type: parcelType } : {}),
              },
            }
          : {}),
      rule,
    };
    try {
      const quoted = await quoteBulkImport(batch.id, body);
      queryClient.setQueryData(bulkImportQuery(batch.id).queryKey, quoted);
      onQuoted();
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(null);
    }
  }

  async function buy() {
    setConfirming(false);
    setBusy('buy');
    setError(null);
    try {
      const started = await purchaseBulkImport(batch.id);
      queryClient.setQueryData(bulkImportQuery(batch.id).queryKey, { ...batch, ...started, items: batch.items });
      onQuoted();
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(null);
    }
  }

  const quoted = batch.status === 'quoted' && batch.counts.quoted > 0;
  const short = parseCents(batch.shortBy) ?? 0;
  const balanceAfter = Math.max(0, (parseCents(batch.balance) ?? 0) - (parseCents(batch.total) ?? 0));
  const lang = currentLanguage();
  const parcelField = (key: keyof typeof parcel, unit: string) => (
    <div className="grid gap-1">
      <label htmlFor={`bulk-parcel-${key}`} className="text-xs font-medium text-slate-700">
        {t(`bulkImport.fields.${key}`)}
        {t('bulkImport.withUnit', { unit: t(`bulkImport.units.${unit}`) })}
      </label>
      <Input
        id={`bulk-parcel-${key}`}
        inputMode="decimal"
        value={parcel[key]}
        data-testid={`bulk-parcel-${key}`}
        onChange={(e) => {
          setParcel({ ...parcel, [key]: e.target.value });
          setParcelId(null);
        }}
      />
    </div>
  );

  return (
    <Card data-testid="bulk-defaults">
      <CardHeader title={t('bulkImport.defaults.title')} description={t('bulkImport.defaults.description')} />
      <div className="grid gap-4 p-4 sm:p-6">
        {error ? (
          <Banner variant="error" onDismiss={() => setError(null)}>
            {error}
          </Banner>
        ) : null}
        <div className="grid items-start gap-4 lg:grid-cols-3">
          <div className="grid content-start gap-1">
            <label htmlFor="bulk-sender" className="text-xs font-medium text-slate-700">
              {t('bulkImport.defaults.sender')}
            </label>
            <select
              id="bulk-sender"
              className={`${inputClass} h-10`}
              value={senderId}
              onChange={(e) => setSenderId(e.target.value)}
              disabled={addresses.isSuccess && addresses.data.length === 0}
              aria-describedby={noSender ? 'bulk-sender-problem' : undefined}
              data-testid="bulk-sender"
            >
              <option value="">
                {addresses.isSuccess && addresses.data.length === 0
                  ? t('bulkImport.defaults.senderNone')
                  : t('bulkImport.defaults.senderDefault')}
              </option>
              {(addresses.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} — {a.city}, {a.province}
                </option>
              ))}
            </select>
            {noSender ? (
              <p id="bulk-sender-problem" className="text-xs text-amber-800" data-testid="bulk-sender-problem">
                {t(`bulkImport.defaults.${noSender}`)}{' '}
                <Link to="/address-book" className="font-medium text-indigo-700 underline">
                  {t('bulkImport.defaults.addSender')}
                </Link>
              </p>
            ) : null}
          </div>
          <fieldset className="grid content-start gap-1 lg:col-span-2">
            <legend className="text-xs font-medium text-slate-700">{t('bulkImport.defaults.parcel')}</legend>
            <SavedParcelPicker
              testId="bulk-saved-parcel"
              selectedId={parcelId}
              onPick={(p) => {
                setParcel({
                  weight: String(kgToLb(p.weight)),
                  length: String(cmToIn(p.length)),
                  width: String(cmToIn(p.width)),
                  height: String(cmToIn(p.height)),
                });
                setParcelType(p.type);
                setParcelId(p.id);
              }}
            />
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {parcelField('weight', 'lb')}
              {parcelField('length', 'in')}
              {parcelField('width', 'in')}
              {parcelField('height', 'in')}
            </div>
          </fieldset>
          <div className="grid content-start gap-1">
            <label htmlFor="bulk-rule" className="text-xs font-medium text-slate-700">
              {t('bulkImport.defaults.rule')}
            </label>
            <select
              id="bulk-rule"
              className={`${inputClass} h-10`}
              value={rule}
              onChange={(e) => setRule(e.target.value as 'cheapest' | 'fastest')}
              data-testid="bulk-rule"
            >
              <option value="cheapest">{t('bulkImport.defaults.cheapest')}</option>
              <option value="fastest">{t('bulkImport.defaults.fastest')}</option>
            </select>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant={quoted ? 'secondary' : 'primary'}
            onClick={() => void quote()}
            disabled={busy !== null || batch.valid === 0 || noSender !== null}
            aria-describedby={batch.valid === 0 ? 'bulk-quote-why' : noSender ? 'bulk-sender-problem' : undefined}
            data-testid="bulk-quote"
          >
            {busy === 'quote' ? t('bulkImport.defaults.quoting') : t('bulkImport.defaults.quote')}
          </Button>
          {batch.valid === 0 ? (
            <span id="bulk-quote-why" className="text-sm text-slate-600">
              {t('bulkImport.defaults.noneValid')}
            </span>
          ) : noSender ? (
            <span className="text-sm text-slate-600" data-testid="bulk-quote-why">
              {t('bulkImport.defaults.quoteNeedsSender')}
            </span>
          ) : null}
        </div>
        {quoted ? (
          <div
            className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
            data-testid="bulk-quote-summary"
          >
            <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600">{t('bulkImport.quote.rows')}</dt>
                <dd className="font-medium">{batch.counts.quoted}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('bulkImport.quote.total')}</dt>
                <dd className="font-semibold" data-testid="bulk-total">
                  {money(batch.total)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('bulkImport.quote.balance')}</dt>
                <dd className="font-medium" data-testid="bulk-balance">
                  {money(batch.balance)}
                </dd>
              </div>
            </dl>
            {short > 0 ? (
              <p className="text-sm text-amber-800" role="status" data-testid="bulk-short">
                {t('bulkImport.quote.short', { amount: money(batch.shortBy) })}{' '}
                <Link to="/wallet" className="font-medium text-indigo-700 underline">
                  {t('bulkImport.quote.topUp')}
                </Link>
              </p>
            ) : null}
            <div>
              <Button onClick={() => setConfirming(true)} disabled={busy !== null} data-testid="bulk-buy">
                {busy === 'buy'
                  ? t('bulkImport.quote.starting')
                  : t('bulkImport.quote.buy', { count: batch.counts.quoted, total: money(batch.total) })}
              </Button>
            </div>
            <AlertDialog open={confirming} onOpenChange={setConfirming}>
              <AlertDialogContent
                data-testid="bulk-buy-confirm"
                title={t('bulkImport.confirm.title', { count: batch.counts.quoted })}
                description={t('bulkImport.confirm.description', {
                  count: batch.counts.quoted,
                  total: money(batch.total),
                  after: formatMoney(balanceAfter, lang),
                })}
              >
                {short > 0 ? (
                  <p className="text-sm text-amber-800">
                    {t('bulkImport.quote.short', { amount: money(batch.shortBy) })}
                  </p>
                ) : null}
                <AlertDialogFooter>
                  <AlertDialogCancel className={buttonClass('secondary')} data-testid="bulk-buy-cancel">
                    {t('bulkImport.confirm.cancel')}
                  </AlertDialogCancel>
                  <AlertDialogAction
                    className={buttonClass('primary')}
                    onClick={() => void buy()}
                    data-testid="bulk-buy-confirm-button"
                  >
                    {t('bulkImport.confirm.buy', { count: batch.counts.quoted, total: money(batch.total) })}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** Steps 5-6: progress while the job buys (asked again every 1.5 s), then the downloads. */
function ProgressCard({ batch, onChanged }: { batch: TBulkImportDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const labelFormat = useLabelFormat();
  const [error, setError] = useState<string | null>(null);
  const c = batch.counts;
  const done = c.bought + c.failed + c.cancelled;
  const all = done + c.pending;
  const percent = all === 0 ? 100 : Math.round((done / all) * 100);
  const running = batch.status === 'purchasing';

  async function cancel() {
    try {
      await cancelBulkImport(batch.id);
      onChanged();
    } catch (err) {
      setError(errorMessage(err, t));
    }
  }

  return (
    <Card data-testid="bulk-progress">
      <CardHeader title={t(`bulkImport.batchStatus.${batch.status}`)} />
      <div className="grid gap-4 p-4 sm:p-6">
        {error ? <Banner variant="error">{error}</Banner> : null}
        <div>
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('bulkImport.progress.label')}
            className="h-3 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-2 text-sm text-slate-700" aria-live="polite" data-testid="bulk-progress-text">
            {c.cancelled > 0
              ? t('bulkImport.progress.countsCancelled', {
                  done,
                  all,
                  bought: c.bought,
                  failed: c.failed,
                  cancelled: c.cancelled,
                })
              : t('bulkImport.progress.counts', { done, all, bought: c.bought, failed: c.failed })}
          </p>
          {!running ? (
            <p className="text-sm text-slate-700" data-testid="bulk-spent">
              {t('bulkImport.progress.spent', { amount: money(batch.spent) })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {running ? (
            <Button variant="secondary" onClick={() => void cancel()} data-testid="bulk-cancel">
              {t('bulkImport.progress.cancel')}
            </Button>
          ) : null}
          {!running && c.bought > 0
            ? // The user's default label format comes first, as the main button (decision 038).
              (labelFormat === 'zpl' ? (['zpl', 'pdf'] as const) : (['pdf', 'zpl'] as const)).map((format, i) => (
                <a
                  key={format}
                  href={labelsUrl(batch.id, format)}
                  download
                  className={buttonClass(i === 0 ? 'primary' : 'secondary')}
                  data-testid={format === 'pdf' ? 'bulk-labels' : 'bulk-labels-zpl'}
                >
                  <Download className="size-4" aria-hidden="true" />
                  {t(format === 'pdf' ? 'bulkImport.results.labels' : 'bulkImport.results.zpl')}
                </a>
              ))
            : null}
          {!running ? (
            <a href={resultsUrl(batch.id)} download className={buttonClass('secondary')} data-testid="bulk-results">
              <FileText className="size-4" aria-hidden="true" />
              {t('bulkImport.results.csv')}
            </a>
          ) : null}
          {!running && c.bought > 0 ? (
            <Link to="/shipments" className={buttonClass('link')}>
              {t('bulkImport.results.shipments')}
            </Link>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
