import { useTranslation } from 'react-i18next';
import type { AddressFallbackTexts } from '../../../../shared/address-format';

/** The spec's address fallbacks (§3 Address) in the interface language. */
export function useShipmentAddressTexts(): AddressFallbackTexts {
  const { t } = useTranslation();
  return {
    contact: t('shipments.address.contact'),
    noContact: t('shipments.address.noContact'),
    unavailable: t('shipments.address.unavailable'),
    noStreet: t('shipments.address.noStreet'),
    noLocation: t('shipments.address.noLocation'),
  };
}
