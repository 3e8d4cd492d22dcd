import { z } from 'zod';
import { ZEmail, ZPassword, ZPersonName } from './auth';
import { hasControlCharactersBesidesLineBreaks, singleLine } from './fields';
import { ZLocale } from './user';
import { LIMITS } from './limits';

export const ZUpdateProfileRequest = z.strictObject({
  firstName: ZPersonName,
  lastName: ZPersonName,
  email: ZEmail,
  /** Required when `email` differs from the account's: a session alone must not move the account. */
  currentPassword: z.string().max(LIMITS.passwordMax).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** Confirms a pending email change with the 6-digit code mailed to the new address. */
export const ZConfirmEmailChangeRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit verification code'),
});
export type TConfirmEmailChangeRequest = z.infer<typeof ZConfirmEmailChangeRequest>;

export const ZChangePasswordRequest = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(LIMITS.passwordMax),
  newPassword: ZPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZUpdateLocaleRequest = z.strictObject({ locale: ZLocale });
export type TUpdateLocaleRequest = z.infer<typeof ZUpdateLocaleRequest>;

export const ZOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  email: z.string().nullable(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZUpdateOrganizationRequest = z.strictObject({
  name: singleLine('Organization name').trim().min(1, 'Organization name is required').max(LIMITS.organizationNameMax),
  address: z
    .string()
    .refine((v) => !hasControlCharactersBesidesLineBreaks(v), 'Address must not contain control characters')
    .trim()
    .max(LIMITS.organizationAddressMax),
});
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;

/** Highest low-balance alert threshold: $100,000.00. */
export const LOW_BALANCE_THRESHOLD_MAX_CENTS = 10_000_000;

/**
 * The notification switches (issue 27, decision 026). `email` is the master switch of every mail
 * below; each kind has its own; `lowBalanceThresholdCents` (0 = no alert) is the balance under which
 * a debit sends the low-balance alert. In a PUT the per-kind switches and the threshold may be left
 * out (kept as they are); the answer always has them all.
 */
export const ZNotificationPreferences = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  marketing: z.boolean(),
  receipts: z.boolean().optional(),
  creditNotes: z.boolean().optional(),
  topupReceipts: z.boolean().optional(),
  lowBalance: z.boolean().optional(),
  tracking: z.boolean().optional(),
  lowBalanceThresholdCents: z
    .number('Enter the threshold as a whole number of cents')
    .int('Enter the threshold as a whole number of cents')
    .min(0, 'The threshold cannot be negative')
    .max(LOW_BALANCE_THRESHOLD_MAX_CENTS, 'The threshold can be at most $100,000.00')
    .optional(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZNotificationSettings = ZNotificationPreferences.required();
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZAuditLogQuery = z.strictObject({ userId: z.uuid().optional() });
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogEntry = z.object({
  id: z.uuid(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  ipAddress: z.string().nullable(),
  details: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The saved card a payment_method entry is about (its resourceId is the provider's card id, e.g.
   * pm_…), from the stored card or, for a deleted one, from the entry's own values; null when
   * unknown or not a card. Shown as 'Visa •••• 4242' instead of the id.
   */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable().optional(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;
export const ZAuditLogList = z.array(ZAuditLogEntry);
