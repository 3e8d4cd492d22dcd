import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TWalletHold } from '../../../../shared/contracts/wallet';
import { renderText } from '../../../lib/error-message';
import { holdTextRef } from '../hold';

/** The wallet page's notice of a hold (decision 021): said before any order is refused, why and what to do. */
export function HoldNotice({ hold }: { hold: TWalletHold | null }) {
  const { t } = useTranslation();
  if (!hold) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="wallet-hold-notice"
      data-kind={hold.kind}
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{t('wallet.hold.title')}</p>
        <p>{renderText(holdTextRef(hold, 'wallet.hold'), t)}</p>
      </div>
    </div>
  );
}
