import { z } from 'zod';
import { requiredText } from './fields';

/** API keys (issue 28, decision 027): a live key moves money; a test key uses the sandbox carriers only. */
export const ZApiKeyMode = z.enum(['live', 'test'], { error: "mode must be 'live' or 'test'" });
export type TApiKeyMode = z.infer<typeof ZApiKeyMode>;

export const API_KEY_NAME_MAX = 60;
/** The longest grace period 'regenerate' allows the old key (24 h). */
export const API_KEY_GRACE_MAX_HOURS = 24;

export const ZApiKeyName = requiredText('name', API_KEY_NAME_MAX);

export const ZCreateApiKeyRequest = z.strictObject({ name: ZApiKeyName, mode: ZApiKeyMode });
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

export const ZRegenerateApiKeyRequest = z.strictObject({
  /** How long the old key keeps working, 0 (revoked at once, the default) to 24 hours. */
  graceHours: z
    .number({ error: 'graceHours must be a number' })
    .int('graceHours must be a whole number')
    .min(0, 'graceHours must be 0 or more')
    .max(API_KEY_GRACE_MAX_HOURS, `graceHours must be at most ${API_KEY_GRACE_MAX_HOURS}`)
    .optional(),
});
export type TRegenerateApiKeyRequest = z.input<typeof ZRegenerateApiKeyRequest>;

export const ZApiKeyIdParams = z.object({ id: z.string() });

/** A key as listed: masked (`vy_live_…a1b2`), never the secret. */
export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  mode: ZApiKeyMode,
  masked: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** When a regenerated key stops working (its grace period); null when it has no end. */
  expiresAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.array(ZApiKey);

/** The answer to create and regenerate: the secret, shown this once. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
