import { useCallback, useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertCircle, PackageSearch, Plus, RotateCw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TShipment } from '../../../../shared/contracts/shipments';
import { ListSearch, PageSizeSelect, useListSearch } from '../../../components/list-search';
import { Pagination } from '../../../components/pagination';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { ShipmentCard, ShipmentCardSkeleton } from '../components/shipment-card';
import { ShipmentDetailDialog } from '../components/shipment-detail-dialog';
import { SHIPMENT_DESTINATIONS } from '../../../../shared/contracts/shipments';
import {
  listSearchParams,
  PAGE_SIZES,
  readListParams,
  useShipments,
  type ShipmentListParams,
  type ShipmentTestFilter,
} from '../api';

/** The query parameter that opens one shipment's detail (linked from /tracking). */
const DETAIL_PARAM = 'shipment';

const listClass = 'grid gap-4 lg:grid-cols-2';

/**
 * Shipments (spec §2): search, page and page size in the address bar (defaults left out), cards with
 * details, download and print, numbered pagination, and the detail in a modal (`?shipment={id}`).
 */
export function ShipmentsPage() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const openId = searchParams.get(DETAIL_PARAM);
  const list = useShipments(params);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const destinationId = useId();
  const testFilterId = useId();

  /** Writes the list's parameters (and keeps the open detail, if any) to the address bar. */
  const update = useCallback(
    (next: Partial<ShipmentListParams>, opts: { push?: boolean; detail?: string | null } = {}) => {
      setSearchParams(
        (current) => {
          const merged = listSearchParams({ ...readListParams(current), ...next });
          const detail = opts.detail === undefined ? current.get(DETAIL_PARAM) : opts.detail;
          if (detail) merged.set(DETAIL_PARAM, detail);
          return merged;
        },
        { replace: !opts.push },
      );
    },
    [setSearchParams],
  );

  // The search box: typed text applies 500 ms after the last keystroke, back on page 1.
  const applySearch = useCallback((search: string) => update({ search, page: 1 }), [update]);
  const search = useListSearch(params.search, applySearch);

  const goToPage = (page: number) => {
    update({ page }, { push: true });
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  // A page past the end (an old link, or the last item voided away): go to the last page there is.
  const totalPages = list.data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && totalPages > 0 && params.page > totalPages) {
      update({ page: totalPages });
    }
  }, [list.isSuccess, list.isPlaceholderData, totalPages, params.page, update]);

  // The 'View details' button that opened the detail gets focus back when it closes (Esc, ×, back).
  const openerRef = useRef<HTMLElement | null>(null);
  const open = (shipment: TShipment) => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    update({}, { push: true, detail: shipment.id });
  };
  const close = () => update({}, { detail: null });

  const searching = params.search.trim() !== '';
  const filtered = params.destination !== '';
  const data = list.data;
  const total = data?.pagination.total ?? 0;

  return (
    <div className="grid gap-6" data-testid="shipments-page">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-base font-semibold text-slate-900 outline-none"
          >
            {t('shipments.heading')}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="shipments-count">
            {data && !list.isPlaceholderData
              ? searching
                ? data.pagination.totalCapped
                  ? t('shipments.countSearchCapped', {
                      shown: total.toLocaleString(i18n.language),
                      search: params.search.trim(),
                    })
                  : t('shipments.countSearch', { count: total, search: params.search.trim() })
                : t('shipments.count', { count: total })
              : '\u00a0'}
          </p>
        </div>
        <Link to="/create-shipment" className={buttonClass('primary')} data-testid="shipments-create">
          <Plus className="size-4" aria-hidden="true" />
          {t('shipments.create')}
        </Link>
      </div>

      <ListSearch
        search={search}
        label={t('shipments.search.label')}
        placeholder={t('shipments.search.placeholder')}
        clearLabel={t('shipments.search.clear')}
        hint={t('shipments.search.hint')}
        testId="shipments-search"
        formClassName="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        fieldClassName="grid flex-1 gap-1.5 sm:min-w-64"
      >
        <div className="grid gap-1.5 sm:w-56">
          <label htmlFor={destinationId} className="text-sm font-medium text-slate-800">
            {t('shipments.destination.label')}
          </label>
          <select
            id={destinationId}
            value={params.destination}
            onChange={(e) => update({ destination: e.target.value as ShipmentListParams['destination'], page: 1 })}
            className={cn(inputClass, 'h-10')}
            data-testid="shipments-destination"
          >
            <option value="">{t('shipments.destination.all')}</option>
            {SHIPMENT_DESTINATIONS.map((destination) => (
              <option key={destination} value={destination}>
                {t(`shipments.destination.${destination}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5 sm:w-44">
          <label htmlFor={testFilterId} className="text-sm font-medium text-slate-800">
            {t('shipments.testFilter.label')}
          </label>
          <select
            id={testFilterId}
            value={params.test}
            onChange={(e) => update({ test: e.target.value as ShipmentTestFilter, page: 1 })}
            className={cn(inputClass, 'h-10')}
            data-testid="shipments-test-filter"
          >
            <option value="">{t('shipments.testFilter.all')}</option>
            <option value="live">{t('shipments.testFilter.live')}</option>
            <option value="test">{t('shipments.testFilter.test')}</option>
          </select>
        </div>
        <PageSizeSelect
          label={t('shipments.pageSize')}
          value={params.limit}
          sizes={PAGE_SIZES}
          optionText={(count) => t('shipments.perPage', { count })}
          onChange={(limit) => update({ limit, page: 1 })}
          testId="shipments-page-size"
        />
      </ListSearch>

      {list.isPending ? (
        <div data-testid="shipments-loading">
          <p role="status" className="sr-only">
            {t('shipments.loading')}
          </p>
          <ul className={listClass}>
            {[0, 1, 2, 3].map((i) => (
              <ShipmentCardSkeleton key={i} />
            ))}
          </ul>
        </div>
      ) : list.isError && !data ? (
        <ListError onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data || data.data.length === 0 ? (
        <ListEmpty
          searching={searching}
          filtered={filtered}
          testFilter={params.test}
          onClear={search.clear}
          onAllDestinations={() => update({ destination: '', page: 1 })}
          onLiveAndTest={() => update({ test: '', page: 1 })}
        />
      ) : (
        <>
          <ul
            className={cn(listClass, list.isPlaceholderData && 'opacity-60 transition-opacity')}
            aria-label={t('shipments.listLabel')}
            aria-busy={list.isFetching || undefined}
            data-testid="shipments-list"
          >
            {data.data.map((shipment) => (
              <ShipmentCard key={shipment.id} shipment={shipment} onOpen={open} />
            ))}
          </ul>
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            onPage={goToPage}
            disabled={list.isPlaceholderData}
          />
        </>
      )}

      <ShipmentDetailDialog shipmentId={openId} onClose={close} returnFocusRef={openerRef} />
    </div>
  );
}

function ListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center"
      data-testid="shipments-error"
    >
      <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
      <h3 className="text-base font-semibold text-red-900">{t('shipments.loadFailed')}</h3>
      <p className="text-sm text-red-800">{t('shipments.loadFailedHint')}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw className={cn('size-4', retrying && 'animate-spin')} aria-hidden="true" />
        {t('shipments.retry')}
      </Button>
    </div>
  );
}

function ListEmpty({
  searching,
  filtered,
  testFilter,
  onClear,
  onAllDestinations,
  onLiveAndTest,
}: {
  searching: boolean;
  /** A destination is chosen (issue 25). */
  filtered: boolean;
  /** Live or test shipments only (issue 28), or '' for both. */
  testFilter: ShipmentTestFilter;
  onClear: () => void;
  onAllDestinations: () => void;
  onLiveAndTest: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
      data-testid="shipments-empty"
    >
      <PackageSearch className="size-8 text-indigo-500" aria-hidden="true" />
      <h3 className="text-base font-semibold text-slate-900">{t('shipments.empty.title')}</h3>
      <p className="max-w-md text-sm text-slate-600">
        {searching
          ? t('shipments.empty.searchHint')
          : filtered
            ? t('shipments.empty.destinationHint')
            : testFilter
              ? t(`shipments.testFilter.empty.${testFilter}`)
              : t('shipments.empty.hint')}
      </p>
      {searching || filtered || testFilter ? (
        <div className="flex flex-wrap justify-center gap-3">
          {searching ? (
            <Button variant="secondary" onClick={onClear}>
              <X className="size-4" aria-hidden="true" />
              {t('shipments.search.clear')}
            </Button>
          ) : null}
          {filtered ? (
            <Button variant="secondary" onClick={onAllDestinations} data-testid="shipments-all-destinations">
              {t('shipments.destination.showAll')}
            </Button>
          ) : null}
          {testFilter ? (
            <Button variant="secondary" onClick={onLiveAndTest} data-testid="shipments-live-and-test">
              {t('shipments.testFilter.showAll')}
            </Button>
          ) : null}
        </div>
      ) : (
        <Link to="/create-shipment" className={buttonClass('primary')}>
          <Plus className="size-4" aria-hidden="true" />
          {t('shipments.create')}
        </Link>
      )}
    </div>
  );
}
