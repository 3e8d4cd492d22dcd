import type { TShipment } from '../../../../shared/contracts/shipments';
import { LabelButtons } from '../../shipments/components/label-buttons';

/** Print and download of one recent shipment's label (the shipments feature's buttons; print hidden on phones). */
export function RecentLabelActions({ shipment }: { shipment: TShipment }) {
  return <LabelButtons shipment={shipment} />;
}
