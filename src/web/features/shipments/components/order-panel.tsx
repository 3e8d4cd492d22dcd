import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft, RefreshCw, Wallet, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRateOption } from '../../../../shared/contracts/rates';
import type { Cents } from '../../../../shared/money';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { renderText } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import type { OrderErrorInfo } from '../order-errors';
import { carrierLabel, cents, optionTotal, serviceLabel } from '../rate-display';

/** The wallet as the order needs it: loading, failed (with a retry) or its balance in cents. */
export type WalletState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void; retrying: boolean }
  | { status: 'ready'; balance: Cents };

export type OrderControls = {
  option: TRateOption;
  wallet: WalletState;
  /** Cents still missing to afford the option (0 when the balance covers it); null until the balance is known. */
  shortfall: Cents | null;
  /** Whether the place-order button may be pressed now. */
  canPlace: boolean;
  placing: boolean;
  onPlace: () => void;
  error: OrderErrorInfo | null;
  onDismissError: () => void;
  /**
   * The order answered 409 PRICE_CHANGED with this option's price now (issue 22): `option` already
   * carries it; `quotedTotal` is what the rate cost when quoted. Confirming orders at the new total.
   */
  priceChange: { quotedTotal: Cents } | null;
  onConfirmPrice: () => void;
};

function useLang(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/** The place-order button: disabled below price + taxes, saying how much more is needed. */
function PlaceOrderButton({
  controls,
  className,
  testId,
  size = 'lg',
}: {
  controls: OrderControls;
  className?: string;
  testId: string;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const short = controls.shortfall !== null && controls.shortfall > 0;
  return (
    <Button
      size={size}
      className={className}
      onClick={controls.onPlace}
      disabled={!controls.canPlace}
      aria-describedby={short ? 'insufficient-balance-text' : undefined}
      data-testid={testId}
      data-shortfall={controls.shortfall ?? undefined}
    >
      {short
        ? t('rates.order.needMore', { amount: formatMoney(controls.shortfall!, lang) })
        : controls.placing
          ? t('rates.order.placing')
          : t('rates.order.place')}
    </Button>
  );
}

/** A failed order, titled by spec §8; it stays until dismissed or the next attempt. */
function OrderErrorAlert({ controls, compact }: { controls: OrderControls; compact?: boolean }) {
  const { t } = useTranslation();
  const error = controls.error;
  if (!error) return null;
  const tone =
    error.kind === 'priceChanged'
      ? 'border-amber-300 bg-amber-50 text-amber-950'
      : 'border-red-200 bg-red-50 text-red-900';
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-2 rounded-lg border text-sm', compact ? 'p-3' : 'p-4', tone)}
      data-testid="order-error"
      data-kind={error.kind}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid flex-1 gap-1">
        <p className="font-semibold">{renderText(error.title, t)}</p>
        {error.kind === 'priceChanged' && controls.priceChange ? (
          <PriceChanged controls={controls} quotedTotal={controls.priceChange.quotedTotal} />
        ) : (
          <p>{renderText(error.description, t)}</p>
        )}
      </div>
      <button
        type="button"
        onClick={controls.onDismissError}
        aria-label={t('common.dismiss')}
        className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The price now, beside the quoted one, and the button that orders at it (nothing was charged). */
function PriceChanged({ controls, quotedTotal }: { controls: OrderControls; quotedTotal: Cents }) {
  const { t } = useTranslation();
  const lang = useLang();
  const total = optionTotal(controls.option);
  return (
    <>
      <p data-testid="price-change-text">
        {t('priceChange.description', { quoted: formatMoney(quotedTotal, lang), total: formatMoney(total, lang) })}
      </p>
      <div>
        <Button
          size="sm"
          onClick={controls.onConfirmPrice}
          disabled={!controls.canPlace}
          data-testid="confirm-new-price"
          data-cents={total}
        >
          {t('priceChange.confirm', { total: formatMoney(total, lang) })}
        </Button>
      </div>
    </>
  );
}

/** Whether and how the parcel is covered: its declared value's coverage, part of the price, or none. */
function CoverageNote({ option }: { option: TRateOption }) {
  const { t } = useTranslation();
  const lang = useLang();
  const coverage = option.coverage;
  if (!coverage) {
    return (
      <p className="text-xs text-slate-600" data-testid="order-coverage" data-covered="false">
        {t('coverage.none')}
      </p>
    );
  }
  const amount = cents(coverage.amount);
  return (
    <p className="text-xs text-slate-600" data-testid="order-coverage" data-covered="true" data-cents={amount}>
      {t('coverage.inPriceAmount', {
        value: formatMoney(cents(coverage.declaredValue), lang),
        amount: amount > 0 ? formatMoney(amount, lang) : t('coverage.included'),
      })}
    </p>
  );
}

function WalletBalance({ controls }: { controls: OrderControls }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { wallet } = controls;
  const total = optionTotal(controls.option);
  return (
    <div
      className="grid gap-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
      data-testid="wallet-balance-card"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 text-sm text-slate-700">
          <Wallet className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
          {t('rates.order.walletBalance')}
        </span>
        {wallet.status === 'ready' ? (
          <span className="font-semibold text-slate-900" data-testid="wallet-balance" data-cents={wallet.balance}>
            {formatMoney(wallet.balance, lang)}
          </span>
        ) : wallet.status === 'loading' ? (
          <span
            className="h-5 w-20 animate-pulse rounded bg-slate-200"
            role="status"
            aria-label={t('rates.order.walletLoading')}
          />
        ) : null}
      </div>
      {/* Not while the order is placed: the balance refreshes once it is charged, and the
          'after' figure would then subtract the total a second time. */}
      {wallet.status === 'ready' && wallet.balance >= total && !controls.placing ? (
        <p className="text-xs text-slate-600" data-testid="balance-after">
          {t('rates.order.balanceAfter', { amount: formatMoney(wallet.balance - total, lang) })}
        </p>
      ) : null}
      {wallet.status === 'error' ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 text-sm text-red-800"
          data-testid="wallet-error"
        >
          <span>{t('rates.order.walletFailed')}</span>
          <Button variant="secondary" size="sm" onClick={wallet.retry} disabled={wallet.retrying}>
            <RefreshCw className={wallet.retrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
            {t('rates.order.walletRetry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function InsufficientBalance({ controls }: { controls: OrderControls }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { wallet, shortfall } = controls;
  if (wallet.status !== 'ready' || shortfall === null || shortfall <= 0) return null;
  return (
    <div
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="insufficient-balance"
    >
      <p className="flex items-start gap-2 font-semibold">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('rates.order.insufficientTitle')}
      </p>
      <p id="insufficient-balance-text" className="text-sm">
        {t('rates.order.insufficientText', {
          total: formatMoney(optionTotal(controls.option), lang),
          balance: formatMoney(wallet.balance, lang),
          needed: formatMoney(shortfall, lang),
        })}
      </p>
      <div>
        <Link to="/wallet" className={buttonClass('secondary', 'sm')} data-testid="top-up-link">
          <Wallet className="size-4" aria-hidden="true" />
          {t('rates.order.topUp')}
        </Link>
      </div>
    </div>
  );
}

/** Beside the rates (below them on phones): the choice, the wallet, and the place-order button from lg up. */
export function OrderPanel({ controls }: { controls: OrderControls }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { option } = controls;
  return (
    <Card aria-labelledby="order-title" className="lg:sticky lg:top-24" data-testid="selected-rate">
      <div className="border-b border-slate-200 px-6 py-4">
        <h2 id="order-title" className="text-base font-semibold text-slate-900">
          {t('rates.order.title')}
        </h2>
      </div>
      <div className="grid gap-4 p-6">
        <div className="grid gap-1">
          <p className="text-sm text-slate-700">
            {t('rates.order.selected', { carrier: carrierLabel(option.carrier, t), service: serviceLabel(option, t) })}
          </p>
          <p className="text-2xl font-semibold text-slate-900" data-testid="selected-total">
            {formatMoney(optionTotal(option), lang)}
          </p>
          <CoverageNote option={option} />
        </div>
        <WalletBalance controls={controls} />
        <InsufficientBalance controls={controls} />
        {/* Below lg the pinned bar holds the button and shows the error next to it. */}
        <div className="hidden lg:grid lg:gap-4">
          <OrderErrorAlert controls={controls} />
          <PlaceOrderButton controls={controls} className="w-full" testId="place-order" />
        </div>
        <div>
          <Link to="/create-shipment" className={buttonClass('secondary')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('rates.editShipment')}
          </Link>
        </div>
      </div>
    </Card>
  );
}

/**
 * Below lg: the chosen total and the place-order button pinned to the bottom of the screen, so they
 * stay in reach while the options scroll (the page leaves room for it).
 */
export function PinnedOrderBar({ controls }: { controls: OrderControls }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { wallet, shortfall } = controls;
  const short = shortfall !== null && shortfall > 0;
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-20 grid gap-2 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur lg:hidden"
      data-testid="order-bar"
      role="region"
      aria-label={t('rates.order.barLabel')}
    >
      <OrderErrorAlert controls={controls} compact />
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-600">{t('rates.total')}</p>
          <p className="truncate text-lg font-semibold leading-tight text-slate-900" data-testid="bar-total">
            {formatMoney(optionTotal(controls.option), lang)}
          </p>
          {wallet.status === 'ready' ? (
            <p className="truncate text-xs text-slate-600" data-testid="bar-wallet">
              {t('rates.order.barWallet', { amount: formatMoney(wallet.balance, lang) })}
            </p>
          ) : null}
        </div>
        {short ? (
          <Link to="/wallet" className={buttonClass('secondary', 'md', 'shrink-0')} data-testid="bar-top-up">
            {t('rates.order.topUpShort')}
          </Link>
        ) : null}
        <PlaceOrderButton controls={controls} className="shrink-0" testId="bar-place-order" size="md" />
      </div>
    </div>
  );
}
