import { useTranslation } from 'react-i18next';
import type { TPaymentMethod } from '../../../../shared/contracts/payments';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { brandNameKey, cardExpiry } from '../../../lib/card-format';

/**
 * Confirms a card's deletion; stays open while the call runs (Escape and Cancel wait too).
 * `onConfirm` closes it when the call ends, whatever its outcome.
 */
export function DeleteCardDialog({
  card,
  pending,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  card: TPaymentMethod | null;
  pending: boolean;
  onConfirm: (card: TPaymentMethod) => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const values = card
    ? { brand: t(brandNameKey(card.brand)), last4: card.last4, expiry: cardExpiry(card.exp_month, card.exp_year) }
    : { brand: '', last4: '', expiry: '' };
  return (
    <AlertDialog
      open={card !== null}
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
    >
      <AlertDialogContent
        title={t('cards.deleteTitle')}
        description={
          <>
            {t('cards.deleteDescription', values)}
            {card?.isDefault ? <span className="mt-2 block">{t('cards.deleteDefaultHint')}</span> : null}
          </>
        }
        data-testid="delete-card-dialog"
        onEscapeKeyDown={(e) => {
          if (pending) e.preventDefault();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={pending}>
              {t('cards.cancel')}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="danger"
            onClick={() => card && onConfirm(card)}
            disabled={pending}
            aria-busy={pending || undefined}
            data-testid="confirm-delete-card"
          >
            {pending ? t('cards.deleting') : t('cards.confirmDelete')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
