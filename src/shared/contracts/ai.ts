import { z } from 'zod';

/** Most characters of pasted text the assistant reads: a long order page or a few hundred lines fit (the web's box checks this). */
export const AI_TEXT_MAX = 20000;
/** Room for the role prefix or instruction the web puts before the text ('Receiver information: '). */
export const AI_PREFIX_ROOM = 100;
/** The cap on the whole description: past it the API answers 400 naming description and the limit. */
export const AI_DESCRIPTION_MAX = AI_TEXT_MAX + AI_PREFIX_ROOM;

/** POST /api/ai/parse-shipment. The web prefixes 'Sender information: ' / 'Receiver information: ' or an instruction. */
export const ZParseShipmentRequest = z.strictObject({
  description: z
    .string({ error: (issue) => (issue.input === undefined ? 'Description is required' : 'Description must be text') })
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

export const PARSED_FIELD_NAMES = [
  'firstName',
  'lastName',
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'province',
  'postalCode',
  'country',
  'phone',
  'email',
] as const;
export type TParsedField = (typeof PARSED_FIELD_NAMES)[number];

/**
 * What the assistant wants the user to look at (beside the spec's fields, which clients read alone):
 * - guessed: fields it chose between several candidates in the text (two phones, two addresses), with
 *   the values it did not take, so the form can show them for a check;
 * - block: the part of the paste it read when the text held more than one address or much else
 *   (the shipping block of an order, one CSV row), with that block's heading as written;
 * - otherCountry: a destination outside Canada and the US (ISO code), whose fields are not returned.
 */
export const ZParseReview = z.object({
  guessed: z.array(z.object({ field: z.enum(PARSED_FIELD_NAMES), others: z.array(z.string()) })),
  block: z.object({ heading: z.string().optional(), text: z.string() }).optional(),
  otherCountry: z.string().optional(),
});
export type TParseReview = z.infer<typeof ZParseReview>;

/** Exactly one of sender (sender prefix), receiver (receiver prefix) or address (anything else), and the review. */
export const ZParseShipmentResponse = z.object({
  sender: ZParsedAddress.optional(),
  receiver: ZParsedAddress.optional(),
  address: ZParsedAddress.optional(),
  review: ZParseReview.optional(),
});
export type TParseShipmentResponse = z.infer<typeof ZParseShipmentResponse>;
