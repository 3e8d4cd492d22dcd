import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, BookOpen, Copy, KeyRound, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApiKey, TApiKeyMode, TCreatedApiKey } from '../../../../shared/contracts/api-keys';
import { API_KEY_NAME_MAX } from '../../../../shared/contracts/api-keys';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useCarrierStatus } from '../../../lib/carrier-status';
import { formatDateTime } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { apiKeysQuery, useCreateApiKey, useRegenerateApiKey, useRevokeApiKey } from '../api-keys-api';

const GRACE_CHOICES = [0, 1, 24] as const;

/**
 * Settings → API keys (issue 28): the production (live) and test keys, masked, with created and
 * last-used times; create, regenerate (the old key stops at once or after a grace period) and revoke.
 * A new key's secret is shown once, with a copy button.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const keys = useQuery(apiKeysQuery);
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  return (
    <Card data-testid="api-keys-tab">
      <CardHeader title={t('settings.apiKeys.title')} description={t('settings.apiKeys.description')} />
      <div className="grid gap-6 p-6">
        <div
          className="flex items-start gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="api-keys-warning"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{t('settings.apiKeys.warning')}</p>
        </div>
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
        {keys.isError ? (
          <div className="grid gap-3">
            <Banner variant="error">{t('settings.apiKeys.loadFailed')}</Banner>
            <Button
              variant="secondary"
              className="w-fit"
              onClick={() => void keys.refetch()}
              disabled={keys.isFetching}
            >
              <RotateCw className="size-4" aria-hidden="true" />
              {t('settings.apiKeys.retry')}
            </Button>
          </div>
        ) : !keys.data ? (
          <div className="flex justify-center p-4">
            <Spinner />
          </div>
        ) : (
          (['live', 'test'] as const).map((mode) => (
            <KeySection key={mode} mode={mode} keys={keys.data.filter((k) => k.mode === mode)} onCreated={setCreated} />
          ))
        )}
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <BookOpen className="size-4 text-indigo-500" aria-hidden="true" />
          <a href="/docs/api" className="font-medium text-indigo-700 underline" data-testid="api-reference-link">
            {t('settings.apiKeys.reference')}
          </a>
          <span aria-hidden="true">·</span>
          <a href="/api/v1/openapi.json" className="text-indigo-700 underline" data-testid="api-openapi-link">
            {t('settings.apiKeys.referenceJson')}
          </a>
        </p>
      </div>
    </Card>
  );
}

function NewKey({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      toast({ title: t('settings.apiKeys.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <section
      className="grid gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4"
      aria-labelledby="new-api-key-title"
      data-testid="new-api-key"
    >
      <h3 id="new-api-key-title" className="text-sm font-semibold text-emerald-900">
        {t('settings.apiKeys.newKeyTitle', { name: created.name })}
      </h3>
      <p className="text-sm text-emerald-900">{t('settings.apiKeys.newKeyOnce')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={created.key}
          aria-label={t('settings.apiKeys.secretLabel')}
          className="font-mono"
          data-testid="new-api-key-value"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="copy-api-key">
          <Copy className="size-4" aria-hidden="true" />
          {copied ? t('settings.apiKeys.copied') : t('settings.apiKeys.copy')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('settings.apiKeys.done')}
        </Button>
      </div>
    </section>
  );
}

/**
 * What a production key buys on this server, from the carriers' modes (GET /api/carriers/status, as
 * the sidebar badge): real labels only when every carrier is live; otherwise it says which are not.
 * Nothing while the status loads or when it fails (never a claim it cannot back).
 */
function LiveCarriersNote() {
  const { t } = useTranslation();
  const status = useCarrierStatus();
  if (!status.data) return null;
  const { overall, counts } = status.data;
  const real = overall === 'live';
  return (
    <p
      className={real ? 'text-sm text-emerald-800' : 'text-sm font-medium text-amber-900'}
      data-testid="api-keys-live-carriers"
      data-mode={overall}
    >
      {overall !== 'mixed'
        ? t(`settings.apiKeys.live.carriers.${overall}`)
        : counts.live > 0
          ? t('settings.apiKeys.live.carriers.mixed', {
              live: counts.live,
              total: counts.live + counts.test + counts.sandbox,
            })
          : t('settings.apiKeys.live.carriers.mixedNone')}
    </p>
  );
}

function KeySection({
  mode,
  keys,
  onCreated,
}: {
  mode: TApiKeyMode;
  keys: TApiKey[];
  onCreated: (key: TCreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const section = mode === 'live' ? 'live' : 'test';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const chosen = name.trim() || t(`settings.apiKeys.${section}.defaultName`);
    create.mutate(
      { name: chosen, mode },
      {
        onSuccess: (key) => {
          setName('');
          onCreated(key);
        },
      },
    );
  };
  return (
    <section className="grid gap-3" aria-labelledby={`api-keys-${mode}`} data-testid={`api-keys-${mode}`}>
      <div>
        <h3 id={`api-keys-${mode}`} className="text-sm font-semibold text-slate-900">
          {t(`settings.apiKeys.${section}.title`)}
        </h3>
        <p className="text-sm text-slate-600" data-testid={`api-keys-${mode}-hint`}>
          {t(`settings.apiKeys.${section}.hint`)}
        </p>
        {mode === 'live' ? <LiveCarriersNote /> : null}
      </div>
      {keys.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid={`api-keys-${mode}-empty`}>
          {t(`settings.apiKeys.${section}.empty`)}
        </p>
      ) : (
        <ul className="grid gap-2">
          {keys.map((k) => (
            <KeyRow key={k.id} apiKey={k} onCreated={onCreated} />
          ))}
        </ul>
      )}
      <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
        <label className="grid flex-1 gap-1 text-sm text-slate-700">
          {t('settings.apiKeys.nameLabel')}
          <Input
            value={name}
            maxLength={API_KEY_NAME_MAX}
            placeholder={t(`settings.apiKeys.${section}.defaultName`)}
            onChange={(e) => setName(e.target.value)}
            data-testid={`api-key-name-${mode}`}
          />
        </label>
        <Button type="submit" disabled={create.isPending} data-testid={`create-api-key-${mode}`}>
          <KeyRound className="size-4" aria-hidden="true" />
          {create.isPending ? t('settings.apiKeys.creating') : t(`settings.apiKeys.${section}.create`)}
        </Button>
      </form>
      {create.isError ? <Banner variant="error">{errorMessage(create.error, t)}</Banner> : null}
    </section>
  );
}

function KeyRow({ apiKey, onCreated }: { apiKey: TApiKey; onCreated: (key: TCreatedApiKey) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const regenerate = useRegenerateApiKey();
  const revoke = useRevokeApiKey();
  const [step, setStep] = useState<'idle' | 'regenerate' | 'revoke'>('idle');
  const [grace, setGrace] = useState<number>(0);
  const error = regenerate.error ?? revoke.error;
  return (
    <li className="grid gap-2 rounded-md border border-slate-200 p-3" data-testid="api-key-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-0.5 text-sm">
          <span className="font-medium text-slate-900">{apiKey.name}</span>
          <code className="break-all text-slate-700" data-testid="api-key-masked">
            {apiKey.masked}
          </code>
          <span className="text-slate-600">
            {t('settings.apiKeys.createdAt', { when: formatDateTime(apiKey.createdAt, lang) })}
            {' · '}
            <span data-testid="api-key-last-used">
              {apiKey.lastUsedAt
                ? t('settings.apiKeys.lastUsed', { when: formatDateTime(apiKey.lastUsedAt, lang) })
                : t('settings.apiKeys.neverUsed')}
            </span>
          </span>
          {apiKey.expiresAt ? (
            <span className="text-amber-800">
              {t('settings.apiKeys.expires', { when: formatDateTime(apiKey.expiresAt, lang) })}
            </span>
          ) : null}
        </div>
        {step === 'idle' ? (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setStep('regenerate')}>
              <RotateCw className="size-4" aria-hidden="true" />
              {t('settings.apiKeys.regenerate')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setStep('revoke')}>
              {t('settings.apiKeys.revoke')}
            </Button>
          </div>
        ) : null}
      </div>
      {step === 'regenerate' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <label className="grid flex-1 gap-1 text-sm text-slate-700">
            {t('settings.apiKeys.graceLabel')}
            <select
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
              value={grace}
              onChange={(e) => setGrace(Number(e.target.value))}
            >
              {GRACE_CHOICES.map((h) => (
                <option key={h} value={h}>
                  {h === 0 ? t('settings.apiKeys.graceNow') : t('settings.apiKeys.graceHours', { count: h })}
                </option>
              ))}
            </select>
          </label>
          <Button
            size="sm"
            disabled={regenerate.isPending}
            onClick={() =>
              regenerate.mutate(
                { id: apiKey.id, graceHours: grace },
                {
                  onSuccess: (key) => {
                    setStep('idle');
                    onCreated(key);
                  },
                },
              )
            }
          >
            {t('settings.apiKeys.confirmRegenerate')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('idle')}>
            {t('settings.apiKeys.cancel')}
          </Button>
        </div>
      ) : null}
      {step === 'revoke' ? (
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center">
          <p className="flex-1 text-slate-700">{t('settings.apiKeys.revokeConfirm')}</p>
          <Button
            variant="danger"
            size="sm"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(apiKey.id, {
                onSuccess: () => toast({ title: t('settings.apiKeys.revoked'), variant: 'success' }),
              })
            }
          >
            {t('settings.apiKeys.confirmRevoke')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('idle')}>
            {t('settings.apiKeys.cancel')}
          </Button>
        </div>
      ) : null}
      {error ? <Banner variant="error">{errorMessage(error, t)}</Banner> : null}
    </li>
  );
}
