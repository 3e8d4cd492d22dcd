import { useId, useMemo, useState } from 'react';
import { FileClock, Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAuditLogEntry } from '../../../../shared/contracts/settings';
import { carrierNamedOnce } from '../../../../shared/contracts/wallet';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { brandNameKey } from '../../../lib/card-format';
import { cn } from '../../../lib/cn';
import { formatDate, formatMoney, formatTime } from '../../../lib/format';
import { useAdminUsers, useAuditLogs } from '../api';
import {
  actionKey,
  actionWords,
  AUDIT_LIMIT,
  auditParts,
  personName,
  shortId,
  shownIp,
  type AuditFormat,
  type AuditPart,
} from '../admin-rules';
import { EmailText, EmptyState, ListSkeleton, LoadError, TableFrame, Th, useLang, useWide } from './admin-ui';

/**
 * Spec §2 Audit tab: the latest 50 entries of everyone or of one user (a select fed by the users
 * list, and a clear-filter button); each with who, the action, the resource with its id cut to 8 (a
 * saved card by its brand and last four instead), the old and new values with the entry's
 * description (an admin's own words for a balance change or a charge), date and time in Toronto,
 * and the IP unless unknown.
 */
export function AuditTab() {
  const { t } = useTranslation();
  const wide = useWide();
  const filterId = useId();
  const [userId, setUserId] = useState<string | null>(null);
  const users = useAdminUsers();
  const logs = useAuditLogs(userId);
  const entries = logs.data ?? [];

  let body: React.ReactNode;
  if (logs.isPending) body = <ListSkeleton label={t('admin.audit.loading')} />;
  else if (logs.isError && !logs.data)
    body = (
      <LoadError
        title={t('admin.audit.loadFailed')}
        onRetry={() => void logs.refetch()}
        retrying={logs.isFetching}
        testId="admin-audit-error"
      />
    );
  else if (entries.length === 0)
    body = (
      <EmptyState
        icon={<FileClock className="size-8" aria-hidden="true" />}
        title={t('admin.audit.empty')}
        hint={userId ? t('admin.audit.emptyFiltered') : undefined}
        testId="admin-audit-empty"
      />
    );
  else if (wide)
    body = (
      <TableFrame label={t('admin.audit.title')} testId="admin-audit-table">
        <thead className="bg-slate-50">
          <tr>
            <Th>{t('admin.audit.columns.user')}</Th>
            <Th>{t('admin.audit.columns.action')}</Th>
            <Th>{t('admin.audit.columns.resource')}</Th>
            <Th>{t('admin.audit.columns.changes')}</Th>
            <Th>{t('admin.audit.columns.when')}</Th>
            <Th>{t('admin.audit.columns.ip')}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top" data-testid="audit-entry" data-action={entry.action}>
              <td className="px-4 py-3">
                <Actor entry={entry} />
              </td>
              <td className="px-4 py-3">
                <ActionTag action={entry.action} />
              </td>
              <td className="px-4 py-3">
                <Resource entry={entry} />
              </td>
              <td className="w-full min-w-64 px-4 py-3">
                <Changes entry={entry} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <When createdAt={entry.createdAt} />
              </td>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-slate-700" data-testid="audit-ip">
                {shownIp(entry.ipAddress) ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    );
  else
    body = (
      <ul className="grid gap-3" aria-label={t('admin.audit.title')}>
        {entries.map((entry) => {
          const ip = shownIp(entry.ipAddress);
          return (
            <li
              key={entry.id}
              className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="audit-entry"
              data-action={entry.action}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Actor entry={entry} />
                <ActionTag action={entry.action} />
              </div>
              <Resource entry={entry} />
              <Changes entry={entry} />
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
                <When createdAt={entry.createdAt} inline />
                {ip ? (
                  <span className="font-mono" data-testid="audit-ip">
                    {t('admin.audit.ipLabel', { ip })}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="grid gap-4" aria-labelledby="admin-audit-heading" data-testid="admin-audit-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="admin-audit-heading" className="text-base font-semibold text-slate-900">
            {t('admin.audit.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('admin.audit.subtitle', { count: AUDIT_LIMIT })}</p>
        </div>
        <div className="flex items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1.5 sm:w-72 sm:flex-none">
            <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
              {t('admin.audit.filterLabel')}
            </label>
            <select
              id={filterId}
              value={userId ?? ''}
              onChange={(e) => setUserId(e.target.value || null)}
              className={cn(inputClass, 'h-10')}
              data-testid="audit-user-filter"
            >
              <option value="">{t('admin.audit.allUsers')}</option>
              {(users.data ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {t('admin.audit.userOption', { name: personName(u), email: u.email })}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            onClick={() => setUserId(null)}
            disabled={userId === null}
            data-testid="audit-clear-filter"
          >
            <X className="size-4" aria-hidden="true" />
            {t('admin.audit.clearFilter')}
          </Button>
        </div>
      </div>
      {entries.length >= AUDIT_LIMIT ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
          data-testid="audit-limit-note"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('admin.audit.limitNote', { count: AUDIT_LIMIT })}
        </p>
      ) : null}
      <div
        className={cn('transition-opacity', logs.isFetching && logs.data && 'opacity-60')}
        aria-busy={logs.isFetching}
      >
        {body}
      </div>
    </section>
  );
}

function Actor({ entry }: { entry: TAuditLogEntry }) {
  const { t } = useTranslation();
  if (!entry.user) {
    return <p className="font-medium text-slate-900">{t('admin.audit.system')}</p>;
  }
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900" data-testid="audit-user">
        {personName(entry.user)}
      </p>
      <p className="text-xs break-words text-slate-600" data-testid="audit-email">
        <EmailText email={entry.user.email} />
      </p>
    </div>
  );
}

/** The action in words ('Wallet top-up'), its code ('wallet.topup') in the title. */
function ActionTag({ action }: { action: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-block rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 sm:whitespace-nowrap"
      title={action}
      data-testid="audit-action"
    >
      {t(actionKey(action), { defaultValue: actionWords(action) })}
    </span>
  );
}

function Resource({ entry }: { entry: TAuditLogEntry }) {
  const { t } = useTranslation();
  if (entry.resourceType === 'payment_method') {
    // A card's id means nothing to a person (and cut to 8 it is 'pm_1Qx2a'): its brand and last four.
    const card = entry.card
      ? t('admin.audit.card', { brand: t(brandNameKey(entry.card.brand)), last4: entry.card.last4 })
      : t('admin.audit.unknownCard');
    return (
      <p className="text-sm text-slate-800" data-testid="audit-resource">
        <span>{entry.resourceType}</span>{' '}
        <span className="text-xs text-slate-600" title={entry.resourceId ?? undefined} data-testid="audit-card">
          {card}
        </span>
      </p>
    );
  }
  const id = shortId(entry.resourceId);
  return (
    <p className="text-sm text-slate-800" data-testid="audit-resource">
      <span>{entry.resourceType}</span>
      {id ? (
        <>
          {' '}
          <span className="font-mono text-xs text-slate-600" title={entry.resourceId ?? undefined}>
            #{id}
          </span>
        </>
      ) : null}
    </p>
  );
}

/** Money in dollars, roles by their label and instants as Toronto days, in the page's language. */
function useAuditFormat(): AuditFormat {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  return useMemo(
    () => ({
      money: (cents) => formatMoney(cents, lang),
      role: (role) => (i18n.exists(`roles.${role}`) ? t(`roles.${role}`) : null),
      day: (instant) => formatDate(instant, lang),
    }),
    [t, i18n, lang],
  );
}

/** 'key: value, key: value', a shortened value (an id, a role code, an instant) with its full text in a title. */
function PartsLine({ parts }: { parts: AuditPart[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? ', ' : null}
          {part.label !== null ? `${part.label}: ` : null}
          {part.title ? <span title={part.title}>{part.text}</span> : part.text}
        </span>
      ))}
    </>
  );
}

/** The entry's description as written; a charge stored with its carrier named twice reads it once. */
function shownDetails(entry: TAuditLogEntry): string | null {
  const text = entry.details?.trim();
  if (!text) return null;
  return entry.action === 'wallet.shipping_charge' ? carrierNamedOnce(text) : text;
}

function Changes({ entry }: { entry: TAuditLogEntry }) {
  const { t } = useTranslation();
  const fmt = useAuditFormat();
  const oldText = auditParts(entry.oldValue, fmt);
  const newText = auditParts(entry.newValue, fmt);
  const details = shownDetails(entry);
  if (oldText === null && newText === null) {
    return details ? (
      <p className="text-sm break-words text-slate-700" data-testid="audit-details">
        {details}
      </p>
    ) : null;
  }
  // A side with nothing to show (a creation has no old value) is left out rather than shown as a dash.
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-xs">
      {oldText !== null ? (
        <>
          <dt className="font-medium text-slate-500">{t('admin.audit.old')}</dt>
          <dd className="font-mono [overflow-wrap:anywhere] text-slate-700" data-testid="audit-old">
            <PartsLine parts={oldText} />
          </dd>
        </>
      ) : null}
      {newText !== null ? (
        <>
          <dt className="font-medium text-slate-500">{t('admin.audit.new')}</dt>
          <dd className="font-mono [overflow-wrap:anywhere] text-slate-900" data-testid="audit-new">
            <PartsLine parts={newText} />
          </dd>
        </>
      ) : null}
      {details !== null ? (
        <>
          <dt className="font-medium text-slate-500">{t('admin.audit.details')}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900" data-testid="audit-details">
            {details}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function When({ createdAt, inline }: { createdAt: string; inline?: boolean }) {
  const lang = useLang();
  if (inline) {
    return (
      <span data-testid="audit-when">
        {formatDate(createdAt, lang)} · {formatTime(createdAt, lang)}
      </span>
    );
  }
  return (
    <div className="text-sm" data-testid="audit-when">
      <p className="text-slate-800">{formatDate(createdAt, lang)}</p>
      <p className="text-xs text-slate-600">{formatTime(createdAt, lang)}</p>
    </div>
  );
}
