import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import { displayName } from '../../../../shared/address-format';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteAddress } from '../../../lib/queries/addresses';
import { toast } from '../../../lib/toast';
import { useAddressFallbacks } from './address-card';

/**
 * Confirms, then deletes; stays open while the call runs. After a delete the card that opened it is
 * gone, so focus goes to `focusAfterDelete` instead of back to the trigger.
 */
export function DeleteAddressDialog({
  address,
  onClosed,
  focusAfterDelete,
}: {
  address: TAddress | null;
  onClosed: () => void;
  focusAfterDelete: () => void;
}) {
  const deleted = useRef(false);
  const { t } = useTranslation();
  const texts = useAddressFallbacks();
  const remove = useDeleteAddress();
  const name = address ? displayName(address, texts) : '';

  const confirm = async () => {
    if (!address) return;
    try {
      await remove.mutateAsync(address.id);
      deleted.current = true;
      toast({ title: t('addressBook.deleted'), variant: 'success' });
      onClosed();
    } catch (error) {
      toast({
        title: t('addressBook.deleteFailed'),
        description: errorMessage(error, t, 'addressBook.deleteFailedHint'),
        variant: 'destructive',
      });
      onClosed();
    }
  };

  return (
    <AlertDialog
      open={address !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClosed();
      }}
    >
      <AlertDialogContent
        title={t('addressBook.deleteTitle')}
        description={t('addressBook.deleteDescription', { name })}
        data-testid="delete-address-dialog"
        onEscapeKeyDown={(e) => {
          if (remove.isPending) e.preventDefault();
        }}
        onOpenAutoFocus={() => {
          deleted.current = false;
        }}
        onCloseAutoFocus={(e) => {
          if (!deleted.current) return;
          e.preventDefault();
          focusAfterDelete();
        }}
      >
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              {t('addressBook.cancel')}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="danger"
            onClick={() => void confirm()}
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            data-testid="confirm-delete"
          >
            {remove.isPending ? t('addressBook.deleting') : t('addressBook.confirmDelete')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
