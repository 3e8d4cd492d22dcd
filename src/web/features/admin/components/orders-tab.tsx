import { useEffect, useRef, useState } from 'react';
import { PackageSearch, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAdminShipment } from '../../../../shared/contracts/admin';
import { parseCents } from '../../../../shared/money';
import { ListSearch, PageSizeSelect, useListSearch } from '../../../components/list-search';
import { Pagination } from '../../../components/pagination';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDate, formatMoney } from '../../../lib/format';
import { ADMIN_DEFAULT_PAGE_SIZE, ADMIN_PAGE_SIZES, useAdminShipments } from '../api';
import { orderNumber, personName, shortId, statusLabel, statusTone, type StatusTone } from '../admin-rules';
import {
  badgeClass,
  EmailText,
  EmptyState,
  ListSkeleton,
  LoadError,
  TableFrame,
  Th,
  useLang,
  useWide,
} from './admin-ui';

const toneClass: Record<StatusTone, string> = {
  green: 'bg-green-100 text-green-800',
  blue: 'bg-blue-100 text-blue-800',
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-900',
};

/**
 * Spec §2 Orders tab: every organization's orders, searchable (debounced) and paged like the
 * user's shipments list, with order number, short id, user, organization, from and to, service
 * code, cost (and price, carrier cost and margin), status colours and created date.
 */
export function OrdersTab() {
  const { t } = useTranslation();
  const wide = useWide();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(ADMIN_DEFAULT_PAGE_SIZE);
  const list = useAdminShipments({ search, page, limit });

  // Typed text applies 500 ms after the last keystroke, back on page 1.
  const box = useListSearch(search, (wanted) => {
    setSearch(wanted);
    setPage(1);
  });

  // A page past the end (the list shrank): the last page there is.
  const totalPages = list.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [list.isSuccess, list.isPlaceholderData, totalPages, page]);

  const goToPage = (next: number) => {
    setPage(next);
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const data = list.data;
  const searching = search !== '';
  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton label={t('admin.orders.loading')} />;
  else if (list.isError && !data)
    body = (
      <LoadError
        title={t('admin.orders.loadFailed')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        testId="admin-orders-error"
      />
    );
  else if (!data || data.data.length === 0)
    body = (
      <EmptyState
        icon={<PackageSearch className="size-8" aria-hidden="true" />}
        title={t('admin.orders.empty')}
        hint={searching ? t('admin.orders.emptySearch', { search }) : t('admin.orders.emptyHint')}
        action={
          searching ? (
            <Button variant="secondary" onClick={box.clear}>
              <X className="size-4" aria-hidden="true" />
              {t('admin.orders.clearSearch')}
            </Button>
          ) : undefined
        }
        testId="admin-orders-empty"
      />
    );
  else
    body = (
      <>
        <div
          className={cn('min-w-0', list.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={list.isFetching}
        >
          {wide ? <OrdersTable orders={data.data} /> : <OrderCards orders={data.data} />}
        </div>
        <Pagination
          page={data.pagination.page}
          totalPages={data.pagination.totalPages}
          onPage={goToPage}
          disabled={list.isPlaceholderData}
        />
      </>
    );

  return (
    <section className="grid gap-4" aria-labelledby="admin-orders-heading" data-testid="admin-orders-tab">
      <div>
        <h2
          id="admin-orders-heading"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-base font-semibold text-slate-900 outline-none"
        >
          {t('admin.orders.title')}
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="admin-orders-count">
          {data && !list.isPlaceholderData
            ? searching
              ? t('admin.orders.countSearch', { count: data.pagination.total, search })
              : t('admin.orders.count', { count: data.pagination.total })
            : '\u00a0'}
        </p>
      </div>
      <ListSearch
        search={box}
        label={t('admin.orders.searchLabel')}
        placeholder={t('admin.orders.searchPlaceholder')}
        clearLabel={t('admin.orders.clearSearch')}
        testId="admin-orders-search"
        formClassName="flex flex-col gap-3 sm:flex-row sm:items-end"
        fieldClassName="grid flex-1 gap-1.5"
      >
        <PageSizeSelect
          label={t('admin.orders.pageSize')}
          value={limit}
          sizes={ADMIN_PAGE_SIZES}
          optionText={(count) => t('admin.orders.perPage', { count })}
          onChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
          testId="admin-orders-page-size"
        />
      </ListSearch>
      {body}
    </section>
  );
}

function useOrderTexts() {
  const { t } = useTranslation();
  const lang = useLang();
  const cad = (amount: string) => formatMoney(parseCents(amount) ?? 0, lang);
  return {
    number: (o: TAdminShipment) => orderNumber(o) ?? t('admin.orders.na'),
    place: (p: { city: string; province: string }) => [p.city, p.province].filter(Boolean).join(', ') || '—',
    cad,
    created: (o: TAdminShipment) => formatDate(o.createdAt, lang),
  };
}

/** The customer's price before taxes, the carrier's cost and the margin: one line, or one per figure in the table. */
function Breakdown({ order, stacked }: { order: TAdminShipment; stacked?: boolean }) {
  const { t } = useTranslation();
  const { cad } = useOrderTexts();
  const parts = [
    t('admin.orders.price', { amount: cad(order.price) }),
    t('admin.orders.carrierCost', { amount: cad(order.carrierCost) }),
    t('admin.orders.margin', { amount: cad(order.margin) }),
  ];
  const loss = (parseCents(order.margin) ?? 0) < 0;
  return (
    <p className="text-xs text-slate-600 tabular-nums" data-testid="admin-order-breakdown">
      {parts.map((part, i) => (
        <span
          key={i}
          className={cn(stacked && 'block whitespace-nowrap', loss && i === 2 && 'font-medium text-red-700')}
          data-testid={i === 2 ? 'admin-order-margin' : undefined}
        >
          {part}
          {!stacked && i < parts.length - 1 ? ' · ' : null}
        </span>
      ))}
    </p>
  );
}

/** The provider's order code too, when the tracking number is what the first line shows. */
function OrderCode({ order }: { order: TAdminShipment }) {
  const { t } = useTranslation();
  const code = order.orderCode?.trim();
  if (!code || orderNumber(order) === code) return null;
  return (
    <p className="font-mono text-xs break-all text-slate-600">
      <span className="sr-only">{t('admin.orders.orderCode')} </span>
      <span data-testid="admin-order-code">{code}</span>
    </p>
  );
}

/** Spec §4: in English the status in upper case with spaces ('IN TRANSIT'); in Chinese its translation. */
function StatusBadge({ status }: { status: string }) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const key = `shipments.status.${status}`;
  const label = lang === 'zh' && i18n.exists(key) ? t(key) : statusLabel(status);
  return (
    <span
      className={cn(badgeClass, toneClass[statusTone(status)])}
      data-testid="admin-order-status"
      data-tone={statusTone(status)}
    >
      {label}
    </span>
  );
}

function OrganizationCell({ order }: { order: TAdminShipment }) {
  if (!order.organization) return <span className="text-slate-500">—</span>;
  return (
    <div className="min-w-0">
      <p className="break-words text-slate-900">{order.organization.name}</p>
      {order.organization.email ? (
        <p className="text-xs break-words text-slate-600">
          <EmailText email={order.organization.email} />
        </p>
      ) : null}
    </div>
  );
}

function OrdersTable({ orders }: { orders: TAdminShipment[] }) {
  const { t } = useTranslation();
  const text = useOrderTexts();
  const cell = 'px-2.5 py-3';
  return (
    <TableFrame label={t('admin.orders.title')} testId="admin-orders-table">
      <thead className="bg-slate-50">
        <tr>
          <Th className="px-2.5">{t('admin.orders.columns.number')}</Th>
          <Th className="px-2.5">{t('admin.orders.columns.user')}</Th>
          <Th className="px-2.5">{t('admin.orders.columns.organization')}</Th>
          <Th className="px-2.5">{t('admin.orders.columns.from')}</Th>
          <Th className="px-2.5">{t('admin.orders.columns.to')}</Th>
          <Th className="px-2.5">{t('admin.orders.columns.service')}</Th>
          <Th className="px-2.5 text-right">{t('admin.orders.columns.cost')}</Th>
          <Th className="px-2.5">{t('admin.orders.columns.status')}</Th>
          <Th className="px-2.5">{t('admin.orders.columns.created')}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {orders.map((o) => (
          <tr key={o.id} className="align-top" data-testid="admin-order" data-id={o.id}>
            <td className={cn(cell, 'min-w-36 font-mono text-xs')}>
              <p className="break-all text-slate-900" data-testid="admin-order-number">
                {text.number(o)}
              </p>
              <OrderCode order={o} />
              <p className="text-slate-600" title={o.id}>
                #<span data-testid="admin-order-id">{shortId(o.id)}</span>
              </p>
            </td>
            <td className={cell}>
              <p className="text-slate-900" data-testid="admin-order-user">
                {personName(o.user)}
              </p>
              <p className="text-xs break-words text-slate-600">
                <EmailText email={o.user.email} />
              </p>
            </td>
            <td className={cell}>
              <OrganizationCell order={o} />
            </td>
            <td className={cn(cell, 'text-slate-800')} data-testid="admin-order-from">
              {text.place(o.from)}
            </td>
            <td className={cn(cell, 'text-slate-800')} data-testid="admin-order-to">
              {text.place(o.to)}
            </td>
            <td className={cn(cell, 'font-mono text-xs text-slate-800')} data-testid="admin-order-service">
              {o.serviceCode}
            </td>
            <td className={cn(cell, 'text-right')}>
              <p className="font-semibold text-slate-900 tabular-nums" data-testid="admin-order-cost">
                {text.cad(o.totalCost)}
              </p>
              <Breakdown order={o} stacked />
            </td>
            <td className={cell}>
              <StatusBadge status={o.status} />
            </td>
            <td className={cn(cell, 'whitespace-nowrap text-slate-700')}>{text.created(o)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

function OrderCards({ orders }: { orders: TAdminShipment[] }) {
  const { t } = useTranslation();
  const text = useOrderTexts();
  const term = 'text-xs text-slate-500';
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label={t('admin.orders.title')}>
      {orders.map((o) => (
        <li
          key={o.id}
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="admin-order"
          data-id={o.id}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-mono text-sm font-medium break-all text-slate-900" data-testid="admin-order-number">
                {text.number(o)}
              </p>
              <OrderCode order={o} />
              <p className="font-mono text-xs text-slate-600" title={o.id}>
                #<span data-testid="admin-order-id">{shortId(o.id)}</span>
              </p>
            </div>
            <StatusBadge status={o.status} />
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className={term}>{t('admin.orders.columns.user')}</dt>
              <dd className="text-slate-900">
                <span data-testid="admin-order-user">{personName(o.user)}</span>
                <span className="block text-xs break-words text-slate-600">
                  <EmailText email={o.user.email} />
                </span>
              </dd>
            </div>
            <div className="col-span-2">
              <dt className={term}>{t('admin.orders.columns.organization')}</dt>
              <dd>
                <OrganizationCell order={o} />
              </dd>
            </div>
            <div>
              <dt className={term}>{t('admin.orders.columns.from')}</dt>
              <dd className="text-slate-800" data-testid="admin-order-from">
                {text.place(o.from)}
              </dd>
            </div>
            <div>
              <dt className={term}>{t('admin.orders.columns.to')}</dt>
              <dd className="text-slate-800" data-testid="admin-order-to">
                {text.place(o.to)}
              </dd>
            </div>
            <div>
              <dt className={term}>{t('admin.orders.columns.service')}</dt>
              <dd className="font-mono text-xs text-slate-800" data-testid="admin-order-service">
                {o.serviceCode}
              </dd>
            </div>
            <div>
              <dt className={term}>{t('admin.orders.columns.created')}</dt>
              <dd className="text-slate-800">{text.created(o)}</dd>
            </div>
            <div className="col-span-2">
              <dt className={term}>{t('admin.orders.columns.cost')}</dt>
              <dd>
                <span className="font-semibold text-slate-900 tabular-nums" data-testid="admin-order-cost">
                  {text.cad(o.totalCost)}
                </span>
                <Breakdown order={o} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
