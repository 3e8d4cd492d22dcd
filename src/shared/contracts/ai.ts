import { z } from 'zod';

/** Most characters of pasted text the assistant reads: a long order e-mail fits (the web's box checks this). */
export const AI_TEXT_MAX = 5000;
/** Room for the role prefix or instruction the web puts before the text ('Receiver information: '). */
export const AI_PREFIX_ROOM = 100;
/** The cap on the whole description: past it the API answers 400 naming description and the limit. */
export const AI_DESCRIPTION_MAX = AI_TEXT_MAX + AI_PREFIX_ROOM;

/** POST /api/ai/parse-shipment. The web prefixes 'Sender information: ' / 'Receiver information: ' or an instruction. */
export const ZParseShipmentRequest = z.strictObject({
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(AI_DESCRIPTION_MAX, `Description must be at most ${AI_DESCRIPTION_MAX} characters`),
});
export type TParseShipmentRequest = z.infer<typeof ZParseShipmentRequest>;

/** Only the fields found are present; none is ever an empty string. */
export const ZParsedAddress = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  name: z.string().optional(),
  company: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  city: z.string().optional(),
  /** Two-letter province code (a state code for the US). */
  province: z.string().optional(),
  /** 'A1A 1A1' or a ZIP ('12345' / '12345-6789'). */
  postalCode: z.string().optional(),
  country: z.enum(['CA', 'US']).optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
});
export type TParsedAddress = z.infer<typeof ZParsedAddress>;

/** Exactly one of sender (sender prefix), receiver (receiver prefix) or address (anything else). */
export const ZParseShipmentResponse = z.object({
  sender: ZParsedAddress.optional(),
  receiver: ZParsedAddress.optional(),
  address: ZParsedAddress.optional(),
});
export type TParseShipmentResponse = z.infer<typeof ZParseShipmentResponse>;
