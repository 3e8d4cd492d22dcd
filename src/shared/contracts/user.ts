import { z } from 'zod';

export const ROLES = ['end_user', 'staff', 'org_owner', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZLocale = z.enum(['en', 'zh']);
export type TLocale = z.infer<typeof ZLocale>;

/** The current user as GET /api/user answers it. */
export const ZUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** An address the user asked to change to; `email` stays until a code mailed there is confirmed. */
  pendingEmail: z.string().nullable(),
  role: ZRole,
  organizationId: z.uuid().nullable(),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  locale: ZLocale,
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;
