import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound, Pencil, RotateCw, Send, Trash2, Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type TCreatedWebhook,
  type TWebhook,
  type TWebhookDelivery,
  type TWebhookEvent,
} from '../../../../shared/contracts/webhooks';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { webhookErrorText, webhookReasonText } from '../webhook-messages';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
  webhookDeliveriesQuery,
  webhooksQuery,
} from '../webhooks-api';

/**
 * Settings → API keys → Webhooks (issue 28, decision 034): add, edit, turn off/on and delete
 * endpoints, pick their events, see a new endpoint's signing secret once (with copy), send a test
 * event, and read each endpoint's delivery log (time, event, status, duration) with resend.
 */
export function WebhooksCard() {
  const { t } = useTranslation();
  const hooks = useQuery(webhooksQuery);
  const [created, setCreated] = useState<TCreatedWebhook | null>(null);
  return (
    <Card data-testid="webhooks-card">
      <CardHeader title={t('settings.webhooks.title')} description={t('settings.webhooks.description')} />
      <div className="grid gap-6 p-6">
        {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
        {hooks.isError ? (
          <div className="grid gap-3">
            <Banner variant="error">{t('settings.webhooks.loadFailed')}</Banner>
            <Button
              variant="secondary"
              className="w-fit"
              onClick={() => void hooks.refetch()}
              disabled={hooks.isFetching}
            >
              <RotateCw className="size-4" aria-hidden="true" />
              {t('settings.webhooks.retry')}
            </Button>
          </div>
        ) : !hooks.data ? (
          <div className="flex justify-center p-4">
            <Spinner />
          </div>
        ) : hooks.data.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="webhooks-empty">
            {t('settings.webhooks.empty')}
          </p>
        ) : (
          <ul className="grid gap-3">
            {hooks.data.map((h) => (
              <EndpointRow key={h.id} hook={h} onNewSecret={setCreated} />
            ))}
          </ul>
        )}
        <AddEndpoint onCreated={setCreated} />
        <p className="text-sm text-slate-600">{t('settings.webhooks.signatureHint')}</p>
      </div>
    </Card>
  );
}

function NewSecret({ created, onDone }: { created: TCreatedWebhook; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      toast({ title: t('settings.webhooks.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <section
      className="grid gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4"
      aria-labelledby="new-webhook-secret-title"
      data-testid="new-webhook-secret"
    >
      <h3 id="new-webhook-secret-title" className="text-sm font-semibold text-emerald-900">
        {t('settings.webhooks.secretTitle')}
      </h3>
      <p className="text-sm text-emerald-900">{t('settings.webhooks.secretOnce')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={created.secret}
          aria-label={t('settings.webhooks.secretLabel')}
          className="font-mono"
          data-testid="new-webhook-secret-value"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="copy-webhook-secret">
          <Copy className="size-4" aria-hidden="true" />
          {copied ? t('settings.webhooks.copied') : t('settings.webhooks.copy')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('settings.webhooks.done')}
        </Button>
      </div>
    </section>
  );
}

function EventPicker({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: TWebhookEvent[];
  onChange: (events: TWebhookEvent[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('settings.webhooks.eventsLabel')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            id={`${idPrefix}-${event}`}
            label={`${t(`settings.webhooks.events.${event.replace('.', '_')}`)} (${event})`}
            checked={value.includes(event)}
            onChange={(e) => onChange(e.target.checked ? [...value, event] : value.filter((v) => v !== event))}
            data-testid={`webhook-event-${event}`}
          />
        ))}
      </div>
    </fieldset>
  );
}

function AddEndpoint({ onCreated }: { onCreated: (created: TCreatedWebhook) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEvent[]>(['shipment.created', 'tracker.updated']);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (hook) => {
          setUrl('');
          onCreated(hook);
        },
      },
    );
  };
  return (
    <form
      className="grid gap-3 rounded-md border border-slate-200 p-4"
      onSubmit={submit}
      noValidate
      aria-labelledby="add-webhook-title"
      data-testid="add-webhook"
    >
      <h3 id="add-webhook-title" className="text-sm font-semibold text-slate-900">
        {t('settings.webhooks.addTitle')}
      </h3>
      <label className="grid gap-1 text-sm text-slate-700">
        {t('settings.webhooks.urlLabel')}
        <Input
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://example.com/webhooks/voyageur"
          onChange={(e) => setUrl(e.target.value)}
          data-testid="webhook-url"
        />
      </label>
      <EventPicker idPrefix="new-webhook" value={events} onChange={setEvents} />
      <Button type="submit" className="w-full sm:w-fit" disabled={create.isPending} data-testid="create-webhook">
        <Webhook className="size-4" aria-hidden="true" />
        {create.isPending ? t('settings.webhooks.adding') : t('settings.webhooks.add')}
      </Button>
      {create.isError ? <Banner variant="error">{webhookErrorText(create.error, t)}</Banner> : null}
    </form>
  );
}

function EndpointRow({ hook, onNewSecret }: { hook: TWebhook; onNewSecret: (created: TCreatedWebhook) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const [step, setStep] = useState<'idle' | 'edit' | 'delete' | 'secret'>('idle');
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhook(hook.id);
  const remove = useDeleteWebhook(hook.id);
  const test = useSendTestWebhook(hook.id);
  const rotate = useRotateWebhookSecret(hook.id);
  const error = update.error ?? remove.error ?? test.error ?? rotate.error;
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (d) => {
        setShowLog(true);
        toast({
          title:
            d.status === 'delivered'
              ? t('settings.webhooks.testSent', { status: d.responseStatus })
              : t('settings.webhooks.testFailed', { error: d.error ? webhookReasonText(d.error, t) : '' }),
          variant: d.status === 'delivered' ? 'success' : 'destructive',
        });
      },
    });
  return (
    <li className="grid gap-3 rounded-md border border-slate-200 p-3" data-testid="webhook-row">
      <div className="grid gap-1 text-sm">
        <code className="break-all font-medium text-slate-900" data-testid="webhook-row-url">
          {hook.url}
        </code>
        <span className="text-slate-600">
          {hook.events.map((e) => t(`settings.webhooks.events.${e.replace('.', '_')}`)).join(' · ')}
        </span>
        <span className={hook.enabled ? 'text-emerald-700' : 'text-amber-800'} data-testid="webhook-row-state">
          {hook.enabled
            ? t('settings.webhooks.on')
            : t('settings.webhooks.off', {
                when: hook.disabledAt ? formatDateTime(hook.disabledAt, lang) : '',
                reason: hook.disabledReason ? webhookReasonText(hook.disabledReason, t) : '',
              })}
        </span>
      </div>
      {step === 'idle' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={sendTest}
            disabled={test.isPending || !hook.enabled}
            data-testid="webhook-send-test"
          >
            <Send className="size-4" aria-hidden="true" />
            {test.isPending ? t('settings.webhooks.sending') : t('settings.webhooks.sendTest')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showLog}
            onClick={() => setShowLog((v) => !v)}
            data-testid="webhook-toggle-log"
          >
            {showLog ? t('settings.webhooks.hideLog') : t('settings.webhooks.showLog')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('edit')} data-testid="webhook-edit">
            <Pencil className="size-4" aria-hidden="true" />
            {t('settings.webhooks.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ enabled: !hook.enabled })}
            data-testid="webhook-toggle-enabled"
          >
            {hook.enabled ? t('settings.webhooks.turnOff') : t('settings.webhooks.turnOn')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('secret')} data-testid="webhook-new-secret">
            <KeyRound className="size-4" aria-hidden="true" />
            {t('settings.webhooks.newSecret')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('delete')} data-testid="webhook-delete">
            <Trash2 className="size-4" aria-hidden="true" />
            {t('settings.webhooks.delete')}
          </Button>
        </div>
      ) : null}
      {step === 'edit' ? <EditEndpoint hook={hook} onDone={() => setStep('idle')} /> : null}
      {step === 'secret' ? (
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center">
          <p className="flex-1 text-slate-700">{t('settings.webhooks.newSecretConfirm')}</p>
          <Button
            size="sm"
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: (created) => {
                  setStep('idle');
                  onNewSecret(created);
                },
              })
            }
            data-testid="webhook-confirm-new-secret"
          >
            {t('settings.webhooks.confirmNewSecret')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('idle')}>
            {t('settings.webhooks.cancel')}
          </Button>
        </div>
      ) : null}
      {step === 'delete' ? (
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center">
          <p className="flex-1 text-slate-700">{t('settings.webhooks.deleteConfirm')}</p>
          <Button
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast({ title: t('settings.webhooks.deleted'), variant: 'success' }),
              })
            }
            data-testid="webhook-confirm-delete"
          >
            {t('settings.webhooks.confirmDelete')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setStep('idle')}>
            {t('settings.webhooks.cancel')}
          </Button>
        </div>
      ) : null}
      {error ? <Banner variant="error">{webhookErrorText(error, t)}</Banner> : null}
      {showLog ? <DeliveryLog hookId={hook.id} enabled={hook.enabled} /> : null}
    </li>
  );
}

function EditEndpoint({ hook, onDone }: { hook: TWebhook; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateWebhook(hook.id);
  const [url, setUrl] = useState(hook.url);
  const [events, setEvents] = useState<TWebhookEvent[]>(hook.events);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    update.mutate(
      { url: url.trim(), events },
      { onSuccess: () => (toast({ title: t('settings.webhooks.saved'), variant: 'success' }), onDone()) },
    );
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="webhook-edit-form">
      <label className="grid gap-1 text-sm text-slate-700">
        {t('settings.webhooks.urlLabel')}
        <Input
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_URL_MAX}
          onChange={(e) => setUrl(e.target.value)}
          data-testid="webhook-edit-url"
        />
      </label>
      <EventPicker idPrefix={`edit-${hook.id}`} value={events} onChange={setEvents} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={update.isPending} data-testid="webhook-save">
          {t('settings.webhooks.save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('settings.webhooks.cancel')}
        </Button>
      </div>
      {update.isError ? <Banner variant="error">{webhookErrorText(update.error, t)}</Banner> : null}
    </form>
  );
}

function outcomeOf(d: TWebhookDelivery, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (d.responseStatus !== null) return String(d.responseStatus);
  if (d.status === 'pending' && d.attempts === 0) return t('settings.webhooks.log.waiting');
  return t('settings.webhooks.log.noAnswer');
}

function DeliveryLog({ hookId, enabled }: { hookId: string; enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const log = useQuery(webhookDeliveriesQuery(hookId));
  const resend = useResendWebhook(hookId);
  if (log.isError) {
    return (
      <div className="grid gap-2">
        <Banner variant="error">{t('settings.webhooks.log.loadFailed')}</Banner>
        <Button variant="secondary" size="sm" className="w-fit" onClick={() => void log.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('settings.webhooks.retry')}
        </Button>
      </div>
    );
  }
  if (!log.data) {
    return (
      <div className="flex justify-center p-2">
        <Spinner />
      </div>
    );
  }
  if (log.data.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="webhook-log-empty">
        {t('settings.webhooks.log.empty')}
      </p>
    );
  }
  return (
    <section className="grid gap-2" aria-label={t('settings.webhooks.log.title')} data-testid="webhook-log">
      <h4 className="text-sm font-semibold text-slate-900">{t('settings.webhooks.log.title')}</h4>
      <ul className="grid divide-y divide-slate-100 rounded-md border border-slate-200">
        {log.data.map((d) => (
          <li
            key={d.id}
            className="grid gap-1 p-2 text-sm sm:grid-cols-[1fr_1fr_auto_auto_auto] sm:items-center sm:gap-3"
            data-testid="webhook-delivery"
          >
            <span className="text-slate-700">{formatDateTime(d.lastAttemptAt ?? d.createdAt, lang)}</span>
            <code className="break-all text-slate-900" data-testid="webhook-delivery-event">
              {d.type}
            </code>
            <span
              className={
                d.status === 'delivered'
                  ? 'text-emerald-700'
                  : d.status === 'failed'
                    ? 'text-red-700'
                    : 'text-amber-800'
              }
              data-testid="webhook-delivery-status"
              title={d.error ? webhookReasonText(d.error, t) : undefined}
            >
              {t(`settings.webhooks.log.status.${d.status}`)} · {outcomeOf(d, t)}
            </span>
            <span className="text-slate-600" data-testid="webhook-delivery-duration">
              {d.durationMs === null ? '—' : t('settings.webhooks.log.ms', { ms: d.durationMs })}
            </span>
            <Button
              variant="ghost"
              size="sm"
              disabled={resend.isPending || !enabled}
              onClick={() => resend.mutate(d.id)}
              data-testid="webhook-resend"
            >
              {t('settings.webhooks.log.resend')}
            </Button>
            {d.error && d.status !== 'delivered' ? (
              <span className="break-words text-xs text-slate-600 sm:col-span-5" data-testid="webhook-delivery-reason">
                {webhookReasonText(d.error, t)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {resend.isError ? <Banner variant="error">{webhookErrorText(resend.error, t)}</Banner> : null}
    </section>
  );
}
