import { z } from 'zod';
import { toE164 } from '../phone';

/** A mobile number for text messages: written as people do, answered in E.164 (issue 27). */
export const ZAddPhoneRequest = z.strictObject({
  phone: z
    .string('Enter a mobile number')
    .max(40, 'Enter a mobile number')
    .refine((v) => toE164(v) !== null, {
      message: 'Enter a mobile number that can take texts: 416-555-0199, or +44 20 7946 0958 (no extension)',
    }),
});
export type TAddPhoneRequest = z.infer<typeof ZAddPhoneRequest>;

export const ZVerifyPhoneRequest = z.strictObject({
  code: z
    .string('Please enter the 6-digit verification code')
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit verification code'),
});
export type TVerifyPhoneRequest = z.infer<typeof ZVerifyPhoneRequest>;

/**
 * The profile's phone: the verified number SMS go to (null: none), and a number waiting for its code
 * (`resendAt`: when another code may be asked for).
 */
export const ZPhoneStatus = z.object({
  phone: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  pending: z.object({ phone: z.string(), expiresAt: z.string(), resendAt: z.string() }).nullable(),
});
export type TPhoneStatus = z.infer<typeof ZPhoneStatus>;
