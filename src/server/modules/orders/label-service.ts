/**
 * A shipment's label as a PDF or ZPL (decisions 023, 028, 036, 038), for print-label
 * (label-route.ts), a bulk import's batch PDF and the public API. A real carrier's label is the
 * carrier's own: a PDF answered byte for byte, an image (UPS PNG) or a ZPL label bought for a
 * thermal printer (decision 040) placed on a 4×6 page, that ZPL answered as kept for ZPL; a sandbox
 * shipment's label is drawn by us (labels/render-label.ts). PDF work runs on the worker pool under
 * the shipment's account, so a burst of prints never holds up other requests. A drawn label of a
 * shipment leaving Canada is followed by its customs form (CN 22 / CN 23 or three commercial invoice
 * copies, decision 036); its ZPL is the label alone.
 */
import type { AppDeps } from '../../deps';
import type { ShipmentRow } from '../../db/schema/orders';
import { CarrierError, ZPL_MEDIA_TYPE, type CarrierLabel } from '../../providers/carriers/index';
import { AppError, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { carrierName } from '../../../shared/carriers';
import type { LabelInput } from '../../labels/label-input';
import { composeCustomsDocument } from '../../labels/customs-compose';
import { labelPartyOf } from './service';
import * as repo from './label-repo';

/** What drawing and fetching a label need (a narrow slice of AppDeps). */
export type LabelDeps = Pick<AppDeps, 'database' | 'clock' | 'config'> & {
  providers: Pick<AppDeps['providers'], 'carriers' | 'workers'>;
};

/**
 * The shipment when its label can be printed: none (404) without one — not found, not bought, failed
 * or still being bought — and 409 once voided.
 */
export function printableShipment(row: ShipmentRow | undefined): ShipmentRow & { trackingNumber: string } {
  if (!row || !row.trackingNumber || row.status === 'failed' || row.status === 'purchasing') {
    throw notFound('Label not found');
  }
  if (row.status === 'cancelled') {
    throw new AppError(409, 'This label was voided and can no longer be printed', ErrorCode.CONFLICT);
  }
  return { ...row, trackingNumber: row.trackingNumber };
}

/**
 * What our label prints for a shipment. With the operator's identity (`business`), a shipment
 * leaving Canada also carries its customs form (labels/customs-compose.ts, decision 036), drawn on
 * the pages after the label; the ZPL label is the label alone (customs forms are paper).
 */
export function labelInputOf(row: ShipmentRow, business?: AppDeps['config']['business']): LabelInput {
  const party = (p: ShipmentRow['fromAddress']) => {
    const l = labelPartyOf(p);
    return {
      name: l.name,
      company: l.company,
      address1: l.address1,
      address2: l.address2,
      city: l.city,
      province: l.province,
      postalCode: l.postalCode,
      country: l.country,
      phone: l.phone,
    };
  };
  return {
    carrierCode: row.carrier,
    carrierName: carrierName(row.carrier),
    serviceCode: row.serviceCode,
    serviceName: row.serviceName,
    trackingNumber: row.trackingNumber ?? '',
    orderCode: row.orderCode,
    shipDate: row.shipDate,
    from: party(row.fromAddress),
    to: party(row.toAddress),
    weightKg: row.package.weightKg,
    dimensionsCm: { length: row.package.lengthCm, width: row.package.widthCm, height: row.package.heightCm },
    packageType: row.package.type,
    reference: row.package.description,
    mode: row.mode,
    ...(business && row.customs
      ? {
          customs: composeCustomsDocument({
            carrier: row.carrier,
            customs: row.customs,
            duties: row.duties,
            grossWeightKg: row.package.weightKg,
            business,
          }),
        }
      : {}),
  };
}

/**
 * A shipment's label as ZPL II (203 dpi, 4×6), drawn like its PDF (labels/render-zpl.ts, decision 028).
 * A real carrier's label is the carrier's own document, which we do not redraw: the ZPL it sold when
 * the buyer prints ZPL (decision 040), answered as kept; asked again as ZPL from a carrier whose
 * adapter can (`fetchZplLabel`, decision 038); 409 with the carrier's reason for the others.
 */
export async function labelZpl(deps: LabelDeps, row: ShipmentRow): Promise<string> {
  const ops = deps.providers.carriers.find((c) => c.code === row.carrier)?.operations;
  if (row.mode !== 'sandbox' && (!ops?.fetchZplLabel || !row.trackingNumber)) {
    // A carrier that chooses the format when the label is bought: the ZPL it sold, if it did.
    const label = await carrierLabel(deps, row);
    if (label?.mediaType === ZPL_MEDIA_TYPE) return Buffer.from(label.base64, 'base64').toString('utf8');
    throw new AppError(
      409,
      ops?.whyNoZpl?.(row.carrierRef) ??
        `${carrierName(row.carrier)}'s label comes from the carrier as a PDF; it is not available as ZPL yet`,
      ErrorCode.CONFLICT,
    );
  }
  if (row.mode !== 'sandbox' && ops?.fetchZplLabel && row.trackingNumber) {
    // The carrier hands its own label over again as ZPL (UPS's label recovery, decision 038;
    // Purolator's GetDocuments, decision 040).
    try {
      return await ops.fetchZplLabel(row.trackingNumber, row.carrierRef, {
        signal: AbortSignal.timeout(LABEL_FETCH_TIMEOUT_MS),
      });
    } catch (err) {
      if (!(err instanceof CarrierError)) throw err;
      throw new AppError(
        502,
        `${carrierName(row.carrier)} did not hand over the ZPL label right now; try again (${err.message})`,
        ErrorCode.API_FAILURE,
      );
    }
  }
  return deps.providers.workers.runTask('renderLabelZpl', labelInputOf(row), { account: row.userId });
}

/**
 * A shipment's label as one PDF (base64), as print-label answers it (a bulk import's batch PDF, decision 028).
 * A label we draw is followed by the shipment's customs pages when it leaves Canada (decision 036),
 * so a batch keeps each shipment's forms after its label; a real carrier's document is answered as
 * the carrier sent it.
 */
export async function labelPdfBase64(deps: LabelDeps, row: ShipmentRow): Promise<string> {
  return (await carrierLabelPdf(deps, row)) ?? (await drawnLabel(deps, row));
}

async function drawnLabel(deps: LabelDeps, row: ShipmentRow): Promise<string> {
  const pdf = await deps.providers.workers.runTask('renderLabel', labelInputOf(row, deps.config.business), {
    account: row.userId,
  });
  return typeof pdf === 'string' ? pdf : Buffer.from(pdf as Uint8Array).toString('base64');
}

const LABEL_FETCH_TIMEOUT_MS = 15_000;

/**
 * The carrier's label as it sent it (base64): the stored one, or, when the purchase came without it,
 * fetched from the carrier now and stored. Null for a carrier that sells no label of its own (the
 * sandbox): we draw that one.
 */
async function carrierLabel(deps: LabelDeps, row: ShipmentRow): Promise<{ mediaType: string; base64: string } | null> {
  if (row.mode === 'sandbox') return null;
  const db = deps.database.db;
  const stored = await repo.storedLabel(db, row.id);
  if (stored) return stored;
  if (!deps.providers.carriers.find((c) => c.code === row.carrier)?.operations?.fetchLabel) {
    // Its purchase brought no label and none can be asked for: an adapter that leaves the label to
    // us (real adapters bring theirs or can fetch it; decision 023).
    return null;
  }
  const fetched = await fetchCarrierLabel(deps, row);
  const base64 = Buffer.from(fetched.bytes).toString('base64');
  await repo.storeLabel(db, row.id, fetched.mediaType, base64, deps.clock.now());
  return { mediaType: fetched.mediaType, base64 };
}

/**
 * The carrier's label as a PDF (base64): a PDF is answered as stored; an image, or a ZPL label
 * drawn at 203 dpi (decision 040), is placed on a 4×6 page on the worker pool. Null for the sandbox.
 */
async function carrierLabelPdf(deps: LabelDeps, row: ShipmentRow): Promise<string | null> {
  const label = await carrierLabel(deps, row);
  if (!label) return null;
  if (label.mediaType === 'application/pdf') return label.base64;
  if (!PLACEABLE.has(label.mediaType)) {
    // e.g. a GIF although PNG was asked for: pdf-lib cannot embed it, and we never print a made-up label.
    throw new AppError(
      502,
      `${carrierName(row.carrier)} sent this label as ${label.mediaType}, which cannot be printed here`,
      ErrorCode.API_FAILURE,
    );
  }
  const pdf = await deps.providers.workers.runTask(
    'imageLabelPdf',
    {
      bytes: new Uint8Array(Buffer.from(label.base64, 'base64')),
      mediaType: label.mediaType,
    },
    { account: row.userId },
  );
  return Buffer.from(pdf).toString('base64');
}

/** Labels placed on a page: images pdf-lib embeds, and ZPL drawn as an image first (decision 040). */
const PLACEABLE = new Set(['image/png', 'image/jpeg', ZPL_MEDIA_TYPE]);

async function fetchCarrierLabel(deps: LabelDeps, row: ShipmentRow): Promise<CarrierLabel> {
  const name = carrierName(row.carrier);
  const ops = deps.providers.carriers.find((c) => c.code === row.carrier)?.operations;
  if (!ops?.fetchLabel || !row.trackingNumber) {
    throw new AppError(502, `${name}'s label for this shipment is not available here`, ErrorCode.API_FAILURE);
  }
  try {
    return await ops.fetchLabel(row.trackingNumber, row.carrierRef, {
      signal: AbortSignal.timeout(LABEL_FETCH_TIMEOUT_MS),
    });
  } catch (err) {
    if (!(err instanceof CarrierError)) throw err;
    throw new AppError(
      502,
      `${name} did not hand over the label right now; try again (${err.message})`,
      ErrorCode.API_FAILURE,
    );
  }
}
