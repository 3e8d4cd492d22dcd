import { Link } from 'react-router';
import { AlertCircle, CheckCircle2, CreditCard, Info, Plus, RotateCw, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TPaymentMethod } from '../../../../shared/contracts/payments';
import { CardBrandIcon } from '../../../components/card-brand-icon';
import { Button, buttonClass } from '../../../components/ui/button';
import { brandNameKey, cardExpiry, isCardExpired, maskedCardNumber } from '../../../lib/card-format';

/** Where a card is added: the wallet's top-up saves the card it pays with. */
export const ADD_CARD_PATH = '/wallet?topup=1';

export function CardListSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="cards-skeleton">
      <p role="status" className="sr-only">
        {t('cards.loading')}
      </p>
      <ul className="divide-y divide-slate-200" aria-hidden="true">
        {[0, 1].map((i) => (
          <li key={i} className="flex animate-pulse items-center gap-4 px-6 py-5">
            <div className="h-8 w-12 rounded bg-slate-200" />
            <div className="grid flex-1 gap-2">
              <div className="h-4 w-40 rounded bg-slate-200" />
              <div className="h-3 w-24 rounded bg-slate-100" />
            </div>
            <div className="hidden h-8 w-24 rounded bg-slate-100 sm:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CardListError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="m-6 flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
      data-testid="cards-load-error"
    >
      <AlertCircle className="size-8 text-red-600" aria-hidden="true" />
      <h3 className="text-base font-semibold text-red-900">{t('cards.loadFailed')}</h3>
      <p className="max-w-md text-sm text-red-800">{t('cards.loadFailedDescription')}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('cards.retry')}
      </Button>
    </div>
  );
}

export function CardListEmpty() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center" data-testid="cards-empty">
      <CreditCard className="size-8 text-indigo-500" aria-hidden="true" />
      <h3 className="text-base font-semibold text-slate-900">{t('cards.emptyTitle')}</h3>
      <p className="max-w-md text-sm text-slate-600">{t('cards.emptyDescription')}</p>
      <Link to={ADD_CARD_PATH} className={buttonClass('primary', 'md')} data-testid="cards-add-first">
        <Plus className="size-4" aria-hidden="true" />
        {t('cards.addCard')}
      </Link>
    </div>
  );
}

/** The blue note for a single card (it cannot be deleted yet), the green one for several. */
export function CardNote({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  if (count === 1) {
    return (
      <div
        id="cards-single-note"
        className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        data-testid="cards-note-single"
      >
        <Info className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
        <p>
          {t('cards.singleNote')}{' '}
          <Link
            to={ADD_CARD_PATH}
            className="font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950"
          >
            {t('cards.addAnother')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div
      className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      data-testid="cards-note-several"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      <p>{t('cards.severalNote', { count })}</p>
    </div>
  );
}

export type CardActions = {
  /** The card a change is running for (its buttons show progress; every card's buttons wait). */
  busy: { id: string; action: 'default' | 'delete' } | null;
  onSetDefault: (card: TPaymentMethod) => void;
  onDelete: (card: TPaymentMethod) => void;
  /** Delete was pressed on the only card: say why it cannot go (the button stays reachable for that). */
  onDeleteRefused: () => void;
};

export function CardList({ cards, ...actions }: { cards: TPaymentMethod[] } & CardActions) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200" aria-label={t('cards.listLabel')} data-testid="card-list">
      {cards.map((card) => (
        <CardItem key={card.id} card={card} only={cards.length === 1} {...actions} />
      ))}
    </ul>
  );
}

function CardItem({
  card,
  only,
  busy,
  onSetDefault,
  onDelete,
  onDeleteRefused,
}: { card: TPaymentMethod; only: boolean } & CardActions) {
  const { t } = useTranslation();
  const brand = t(brandNameKey(card.brand));
  const expiry = cardExpiry(card.exp_month, card.exp_year);
  const expired = isCardExpired(card.exp_month, card.exp_year);
  const label = t('cards.cardLabel', { brand, last4: card.last4 });
  const mine = busy?.id === card.id;
  return (
    <li
      className="flex flex-col gap-4 px-4 py-5 outline-none focus-visible:bg-slate-50 sm:flex-row sm:items-center sm:px-6"
      tabIndex={-1}
      data-card-id={card.id}
      data-testid="card-item"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <CardBrandIcon brand={card.brand} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-mono text-sm font-medium tracking-wide text-slate-900" aria-hidden="true">
              {maskedCardNumber(card.last4)}
            </span>
            <span className="sr-only">{label}</span>
            {card.isDefault ? (
              <span
                className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800"
                data-testid="card-default-badge"
              >
                {t('cards.default')}
              </span>
            ) : null}
            {card.disputed ? (
              <span
                className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-800"
                data-testid="card-disputed-badge"
              >
                {t('cards.disputed')}
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">
            <span data-testid="card-brand">{brand}</span>
            <span aria-hidden="true"> · </span>
            {expired ? (
              <span className="font-medium text-red-700" data-testid="card-expiry">
                {t('cards.expired', { expiry })}
              </span>
            ) : (
              <span data-testid="card-expiry">{t('cards.expires', { expiry })}</span>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-16 sm:shrink-0 sm:justify-end sm:pl-0">
        {!only && !card.isDefault && !card.disputed ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onSetDefault(card)}
            disabled={busy !== null}
            aria-busy={(mine && busy?.action === 'default') || undefined}
            aria-label={t('cards.setDefaultLabel', { brand, last4: card.last4 })}
            data-testid="card-set-default"
          >
            <Star className="size-4" aria-hidden="true" />
            {mine && busy?.action === 'default' ? t('cards.settingDefault') : t('cards.setDefault')}
          </Button>
        ) : null}
        {/*
          The only card's Delete is aria-disabled rather than disabled: it stays focusable, reads the note
          that says why (aria-describedby), and says it again when pressed.
        */}
        <Button
          variant="ghost"
          size="sm"
          className={only ? 'cursor-not-allowed text-red-700 opacity-60' : 'text-red-700 hover:bg-red-50'}
          onClick={() => (only ? onDeleteRefused() : onDelete(card))}
          disabled={!only && busy !== null}
          aria-disabled={only || undefined}
          aria-label={t('cards.deleteLabel', { brand, last4: card.last4 })}
          aria-describedby={only ? 'cards-single-note' : undefined}
          data-testid="card-delete"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('cards.delete')}
        </Button>
      </div>
    </li>
  );
}
