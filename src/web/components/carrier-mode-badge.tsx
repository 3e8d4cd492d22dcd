import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TCarrierMode } from '../../shared/contracts/carriers';
import { cn } from '../lib/cn';

/**
 * 'Test' on a rate or shipment of a carrier that is not live (the built-in sandbox, a carrier's test
 * environment): no real parcel ships under it. Live carriers show nothing. The explanation is the
 * title (on hover) and is read out with the badge.
 */
export function CarrierModeBadge({ mode, className }: { mode: TCarrierMode; className?: string }) {
  const { t } = useTranslation();
  if (mode === 'live') return null;
  const explanation = t(`carrierMode.badgeTitle.${mode}`);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset',
        className,
      )}
      title={explanation}
      data-testid="test-mode-badge"
      data-mode={mode}
    >
      <FlaskConical className="size-3.5" aria-hidden="true" />
      {t('carrierMode.badge')}
      <span className="sr-only">: {explanation}</span>
    </span>
  );
}
