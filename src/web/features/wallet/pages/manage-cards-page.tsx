import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TPaymentMethod, TPaymentMethodList } from '../../../../shared/contracts/payments';
import { buttonClass } from '../../../components/ui/button';
import { brandNameKey } from '../../../lib/card-format';
import { queryKeys } from '../../../lib/queries/keys';
import { dismissToasts, toast } from '../../../lib/toast';
import { deleteCard, paymentMethodsQuery, setDefaultCard } from '../cards-api';
import { CardList, CardListEmpty, CardListError, CardListSkeleton, CardNote } from '../components/card-list';
import { DeleteCardDialog } from '../components/manage-cards-delete-dialog';
import { deleteErrorText, setDefaultErrorText } from '../manage-cards-errors';

const TAG = 'cards.change';

/**
 * In the order the cards were added, whichever is the default (its badge says so): setting a default
 * must not move the list under the pointer.
 */
const byAdded = (cards: TPaymentMethod[]) =>
  [...cards].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

/** Manage cards (spec §2): the saved cards, the default one, set as default and delete. */
export function ManageCardsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cards = useQuery(paymentMethodsQuery);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<TPaymentMethod | null>(null);
  const [focusCard, setFocusCard] = useState<string | null>(null);
  const deletedRef = useRef(false);
  // The card whose Delete opened the confirm: a cancel takes focus back to that button.
  const deleteOpenerRef = useRef<string | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods }),
      queryClient.invalidateQueries({ queryKey: queryKeys.billing }),
    ]);
  const keep = (list: TPaymentMethodList) => queryClient.setQueryData(queryKeys.paymentMethods, list);

  const makeDefault = useMutation({ mutationFn: setDefaultCard, onSuccess: keep, onSettled: refresh });
  const remove = useMutation({ mutationFn: deleteCard, onSuccess: keep, onSettled: refresh });

  const cardName = (card: TPaymentMethod) => ({ brand: t(brandNameKey(card.brand)), last4: card.last4 });

  const onSetDefault = async (card: TPaymentMethod) => {
    dismissToasts(TAG);
    try {
      await makeDefault.mutateAsync(card.id);
      setFocusCard(card.id);
      toast({ title: { key: 'cards.defaultSet', values: cardName(card) }, variant: 'success', tag: TAG });
    } catch (error) {
      toast({
        title: { key: 'cards.setDefaultFailedTitle' },
        description: setDefaultErrorText(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  };

  const onConfirmDelete = async (card: TPaymentMethod) => {
    dismissToasts(TAG);
    try {
      await remove.mutateAsync(card.id);
      deletedRef.current = true;
      toast({ title: { key: 'cards.deleted', values: cardName(card) }, variant: 'success', tag: TAG });
    } catch (error) {
      toast({
        title: { key: 'cards.deleteFailedTitle' },
        description: deleteErrorText(error),
        variant: 'destructive',
        tag: TAG,
      });
    } finally {
      setDeleting(null);
    }
  };

  // After a card becomes the default its button is gone: focus goes to the card itself.
  // Waits for the list that shows it as the default (the answer may render after the mutation resolves).
  useEffect(() => {
    if (!focusCard || !cards.data?.paymentMethods.some((c) => c.id === focusCard && c.isDefault)) return;
    const item = document.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(focusCard)}"]`);
    item?.focus();
    setFocusCard(null);
  }, [focusCard, cards.data]);

  const list = cards.data ? byAdded(cards.data.paymentMethods) : [];
  const busy = makeDefault.isPending
    ? { id: makeDefault.variables ?? '', action: 'default' as const }
    : remove.isPending
      ? { id: remove.variables ?? '', action: 'delete' as const }
      : null;

  return (
    <div className="grid gap-4" data-testid="manage-cards-page">
      <Link to="/wallet" className={buttonClass('ghost', 'sm', '-ml-3 w-fit')} data-testid="back-to-wallet">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('cards.back')}
      </Link>
      <section
        aria-labelledby="cards-title"
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
        aria-busy={cards.isPending || undefined}
      >
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <h2
              id="cards-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-base font-semibold text-slate-900 outline-none"
            >
              {t('cards.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('cards.description')}</p>
          </div>
          {cards.data ? (
            <span
              className="shrink-0 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700"
              data-testid="card-count"
            >
              {t('cards.count', { count: list.length })}
            </span>
          ) : null}
        </div>
        {cards.isPending ? (
          <CardListSkeleton />
        ) : cards.isError ? (
          <CardListError onRetry={() => void cards.refetch()} retrying={cards.isFetching} />
        ) : list.length === 0 ? (
          <CardListEmpty />
        ) : (
          <>
            <CardList
              cards={list}
              busy={busy}
              onSetDefault={(card) => void onSetDefault(card)}
              onDelete={(card) => {
                deleteOpenerRef.current = card.id;
                setDeleting(card);
              }}
              onDeleteRefused={() =>
                toast({
                  title: { key: 'cards.deleteFailedTitle' },
                  description: { key: 'cards.errors.onlyCard' },
                  tag: TAG,
                })
              }
            />
            <div className="border-t border-slate-200 px-4 py-4 sm:px-6">
              <CardNote count={list.length} />
            </div>
          </>
        )}
      </section>
      <DeleteCardDialog
        card={deleting}
        pending={remove.isPending}
        onConfirm={(card) => void onConfirmDelete(card)}
        onCancel={() => setDeleting(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const opener = deleteOpenerRef.current;
          deleteOpenerRef.current = null;
          if (deletedRef.current) {
            // The card that opened the dialog is gone: land on the list's heading instead.
            deletedRef.current = false;
            headingRef.current?.focus();
            return;
          }
          const button = opener
            ? document.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(opener)}"] [data-testid="card-delete"]`)
            : null;
          (button ?? headingRef.current)?.focus();
        }}
      />
    </div>
  );
}
