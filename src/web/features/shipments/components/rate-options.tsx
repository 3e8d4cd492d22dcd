import { RadioGroup } from 'radix-ui';
import { CalendarDays, Plane } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TRateOption } from '../../../../shared/contracts/rates';
import { formatDate, formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import { CarrierModeBadge } from '../../../components/carrier-mode-badge';
import {
  businessDateInstant,
  carrierLabel,
  cents,
  dutyBreakdown,
  optionTotal,
  serviceKey,
  serviceLabel,
  taxLines,
} from '../rate-display';

/**
 * The quoted options as radio cards (arrow keys move between them). `cheapestId` is marked 'Cheapest'
 * wherever it is; a `stale` option (quoted before the price changed) shows no price and cannot be chosen.
 */
export function RateOptions({
  options,
  value,
  onChange,
  cheapestId,
  stale,
}: {
  options: TRateOption[];
  value: string;
  onChange: (id: string) => void;
  cheapestId: string | null;
  stale?: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={onChange}
      aria-label={t('rates.optionsLabel')}
      className="grid gap-3"
      data-testid="rate-options"
    >
      {options.map((option) => (
        <RateCard key={option.id} option={option} cheapest={option.id === cheapestId} stale={!!stale?.has(option.id)} />
      ))}
    </RadioGroup.Root>
  );
}

function RateCard({ option, cheapest, stale }: { option: TRateOption; cheapest: boolean; stale: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const money = (c: number) => formatMoney(c, lang);
  const delivery = businessDateInstant(option.estimatedDelivery);
  const name = carrierLabel(option.carrier, t);
  const titleId = `rate-${option.id}-title`;
  return (
    <div className="grid" data-testid="rate-card">
      <RadioGroup.Item
        value={option.id}
        aria-labelledby={titleId}
        aria-describedby={`rate-${option.id}-details`}
        disabled={stale}
        className={cn(
          'group grid w-full cursor-pointer gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors sm:grid-cols-[auto_1fr_auto] sm:items-start',
          'hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'data-[state=checked]:border-indigo-600 data-[state=checked]:ring-1 data-[state=checked]:ring-indigo-600',
          'data-[disabled]:cursor-not-allowed data-[disabled]:bg-slate-50 data-[disabled]:hover:border-slate-200',
        )}
        data-testid="rate-option"
        data-service={serviceKey(option)}
        data-stale={stale || undefined}
      >
        <span
          aria-hidden="true"
          className="mt-1 hidden size-4 items-center justify-center rounded-full border border-slate-400 group-data-[state=checked]:border-indigo-600 sm:flex"
        >
          <RadioGroup.Indicator className="size-2 rounded-full bg-indigo-600" />
        </span>
        <span className="grid gap-1">
          <span id={titleId} className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900" data-testid="rate-carrier">
              {name}
            </span>
            <span className="text-slate-700" data-testid="rate-service">
              {serviceLabel(option, t)}
            </span>
            {cheapest ? (
              <span
                className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800"
                data-testid="rate-cheapest"
              >
                {t('rates.cheapest')}
              </span>
            ) : null}
            <CarrierModeBadge mode={option.mode} />
          </span>
          {/* The icon beside the first line of the text, however the text wraps. */}
          <span className="flex items-start gap-1.5 text-sm text-slate-600" data-testid="rate-delivery">
            <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span id={`rate-${option.id}-details`} className="min-w-0">
              {t('rates.transit', { count: option.transitDays })}
              {delivery ? <> · {t('rates.estimatedDelivery', { date: formatDate(delivery, lang) })}</> : null}
              {option.flyInDays ? (
                <span
                  className="ml-1.5 inline-flex items-center gap-1 rounded bg-sky-50 px-1.5 py-0.5 align-middle text-xs font-medium text-sky-900"
                  data-testid="rate-fly-in"
                  data-days={option.flyInDays}
                >
                  <Plane className="size-3" aria-hidden="true" />
                  {t('rates.flyInDays', { count: option.flyInDays })}
                </span>
              ) : null}
            </span>
          </span>
        </span>
        {stale ? (
          <span
            className="grid min-w-44 gap-0.5 text-sm font-medium text-amber-900 sm:text-right"
            data-testid="rate-stale"
          >
            {t('rates.stale.card')}
          </span>
        ) : (
          <RatePrice option={option} money={money} />
        )}
      </RadioGroup.Item>
      {!stale && option.duties?.incoterm === 'DDP' && option.duties.lines.length > 0 ? (
        <DutiesBreakdown option={option} duties={option.duties} money={money} />
      ) : null}
    </div>
  );
}

/**
 * How the duties estimate of a DDP option is made (each item's duty, the carrier's fee), as a
 * disclosure under its card: outside the radio, so that it opens with Enter or Space without
 * choosing the option.
 */
function DutiesBreakdown({
  option,
  duties,
  money,
}: {
  option: TRateOption;
  duties: NonNullable<TRateOption['duties']>;
  money: (c: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const lines = dutyBreakdown(duties, option.carrier, t, i18n.language === 'zh' ? 'zh' : 'en');
  return (
    <details
      className="mx-3 rounded-b-lg border border-t-0 border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
      data-testid="rate-duties-details"
    >
      <summary className="cursor-pointer rounded font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        {t('rates.dutyLines.show')}
      </summary>
      <ul
        className="mt-2 grid gap-2"
        aria-label={t('rates.dutyLines.title', { carrier: carrierLabel(option.carrier, t) })}
      >
        {lines.map((line, i) => (
          <li
            key={i}
            className="grid gap-0.5"
            data-testid="rate-duty-line"
            data-kind={line.kind}
            data-cents={line.cents}
          >
            <span className="flex justify-between gap-4">
              <span className="min-w-0 break-words">{line.label}</span>
              <span className="shrink-0 tabular-nums">{money(line.cents)}</span>
            </span>
            <span className="text-xs text-slate-500">{line.detail}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">
        {t('rates.dutyLines.basis', { rate: duties.usdRate, date: duties.tariffDate })}
      </p>
    </details>
  );
}

/**
 * The price column: the price (struck-through before a discount), its coverage, the taxes and the
 * total; leaving Canada, the zero-rated tax and the duties estimate on their own line (decision 029).
 */
function RatePrice({ option, money }: { option: TRateOption; money: (c: number) => string }) {
  const { t } = useTranslation();
  return (
    <span className="grid min-w-44 gap-0.5 text-sm sm:text-right">
      <span className="flex justify-between gap-4 text-slate-600">
        <span>{t('rates.price')}</span>
        <span>
          {option.originalPrice ? (
            <>
              <s className="mr-1.5 text-slate-500" data-testid="rate-original-price">
                <span className="sr-only">{t('rates.originalPrice')} </span>
                {money(cents(option.originalPrice))}
              </s>
              <span className="sr-only">{t('rates.discountedPrice')} </span>
            </>
          ) : null}
          <span data-testid="rate-price">{money(cents(option.price))}</span>
        </span>
      </span>
      {option.originalPrice ? (
        <span className="flex justify-end text-xs font-medium text-emerald-700" data-testid="rate-discount-note">
          {t('rates.discountApplied', { amount: money(cents(option.originalPrice) - cents(option.price)) })}
        </span>
      ) : null}
      {option.coverage ? <CoverageLine coverage={option.coverage} money={money} /> : null}
      {taxLines(option).map((line) => (
        <span key={line.code} className="flex justify-between gap-4 text-slate-600">
          <span>{t(`rates.taxes.${line.code}`)}</span>
          <span>{money(line.cents)}</span>
        </span>
      ))}
      {option.duties ? (
        <>
          <span className="flex justify-between gap-4 text-slate-600" data-testid="rate-zero-rated">
            <span>{t('rates.zeroRated')}</span>
            <span>{money(cents(option.taxes.total))}</span>
          </span>
          {option.duties.incoterm === 'DDP' ? (
            <span className="flex justify-between gap-4 text-slate-600" data-testid="rate-duties">
              <span>{t('rates.duties')}</span>
              <span>{money(cents(option.duties.amount))}</span>
            </span>
          ) : (
            // DDU: the receiver pays the duties and taxes of their country at the door; nothing here.
            <span className="text-slate-600 sm:text-right" data-testid="rate-duties" data-incoterm="DDU">
              {t('rates.dutiesReceiver')}
            </span>
          )}
        </>
      ) : null}
      <span className="mt-1 flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold text-slate-900">
        <span>{t('rates.total')}</span>
        <span data-testid="rate-total" data-cents={optionTotal(option)}>
          {money(optionTotal(option))}
        </span>
      </span>
    </span>
  );
}

/**
 * The declared value's coverage, under the price it is part of (decision 020): a note that reads as
 * part of that price ('of which coverage $9.00 ($500.00 declared)'), not an amount in the column of
 * amounts; 'coverage included' when the service covers that much at no charge.
 */
function CoverageLine({
  coverage,
  money,
}: {
  coverage: NonNullable<TRateOption['coverage']>;
  money: (c: number) => string;
}) {
  const { t } = useTranslation();
  const amount = cents(coverage.amount);
  return (
    <span className="text-xs text-slate-500 sm:text-right" data-testid="rate-coverage" data-cents={amount}>
      {amount > 0
        ? t('coverage.ofWhich', { amount: money(amount), value: money(cents(coverage.declaredValue)) })
        : t('coverage.ofWhichIncluded', { value: money(cents(coverage.declaredValue)) })}
    </span>
  );
}
