import { z } from 'zod';
import { requiredText } from './fields';
import { roundTo } from '../units';
import { ZPackageDetails, ZPackageType } from './rates';

/** Saved parcels (issue 29, decision 038): a user's named box sizes, in kg and cm like the quote call. */
export const SAVED_PARCEL_LIMITS = { perUser: 50, nameMax: 60 } as const;

export const ZSavedParcelRequest = ZPackageDetails.pick({ weight: true, length: true, width: true, height: true })
  .extend({
    name: requiredText('Name', SAVED_PARCEL_LIMITS.nameMax),
    type: ZPackageType.optional().transform((v) => v ?? 'package'),
  })
  .strict()
  // Stored in grams and hundredths of a centimetre (as the shipment form converts them): a value that
  // rounds to 0 there is refused here, on its field, rather than by the table's check (a 500).
  .superRefine((v, ctx) => {
    if (typeof v.weight === 'number' && v.weight > 0 && roundTo(v.weight, 3) <= 0) {
      ctx.addIssue({ code: 'custom', path: ['weight'], message: 'Weight must be at least 0.001 kg' });
    }
    for (const side of ['length', 'width', 'height'] as const) {
      const value = v[side];
      if (typeof value === 'number' && value > 0 && roundTo(value, 2) <= 0) {
        const label = side[0]!.toUpperCase() + side.slice(1);
        ctx.addIssue({ code: 'custom', path: [side], message: `${label} must be at least 0.01 cm` });
      }
    }
  });
export type TSavedParcelRequest = z.input<typeof ZSavedParcelRequest>;

export const ZSavedParcelIdParams = z.object({ id: z.string() });

export const ZSavedParcel = z.object({
  id: z.uuid(),
  name: z.string(),
  /** kg, 3 decimals. */
  weight: z.number(),
  /** cm, 2 decimals. */
  length: z.number(),
  width: z.number(),
  height: z.number(),
  type: ZPackageType,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSavedParcel = z.infer<typeof ZSavedParcel>;
export const ZSavedParcelList = z.array(ZSavedParcel);

/** The format a label download starts from: a 4×6 PDF page, or ZPL II for a 203-dpi thermal printer. */
export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export const ZLabelFormat = z.enum(LABEL_FORMATS, { error: "Label format must be 'pdf' or 'zpl'" });
export type TLabelFormat = z.infer<typeof ZLabelFormat>;

export const ZLabelPreferences = z.strictObject({ labelFormat: ZLabelFormat });
export type TLabelPreferences = z.infer<typeof ZLabelPreferences>;
