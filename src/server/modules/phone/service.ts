/**
 * A phone number on the profile, verified by a 6-digit code sent to it by SMS (issue 27). The code
 * is stored hashed, lives 10 minutes, takes 5 wrong tries; another may be sent after 60 seconds, and
 * codes are limited per account and per number (so one account cannot text a stranger's phone over
 * and over). Only a verified number receives SMS; removing it turns the SMS switch off.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { randomDigits } from '../../lib/crypto';
import { AppError, unauthorized } from '../../lib/errors';
import { enforceRateLimits, rateLimited, type RateRule } from '../../lib/rate-limit';
import type { SmsSender } from '../../providers/sms/index';
import { ErrorCode } from '../../../shared/errors';
import type { TPhoneStatus } from '../../../shared/contracts/phone';
import { toE164 } from '../../../shared/phone';
import { audit } from '../audit/repo';
import { getUser, lockUser } from '../settings/repo';
import {
  checkPhoneCode,
  hashPhoneCode,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_MS,
  PHONE_CODE_TTL_MS,
  phoneCodeText,
  resendWait,
} from './codes';
import * as repo from './repo';

const HOUR = 3_600_000;
/** Codes one account may ask for per hour, and codes one number may receive per hour (all accounts). */
export const PHONE_CODES_PER_USER: RateRule = { name: 'phone-code-user', limit: 5, windowMs: HOUR };
export const PHONE_CODES_PER_NUMBER = 5;

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
export type PhoneActor = { userId: string; ip: string };

const codeError = (
  status: number,
  message: string,
  code: (typeof ErrorCode)[keyof typeof ErrorCode],
  headers?: Record<string, string>,
) => new AppError(status, message, code, { code: [message] }, headers);

export function createPhoneService(deps: { db: Db; clock: Clock; sms: SmsSender; log: Log }) {
  const { db, clock } = deps;

  async function status(userId: string): Promise<TPhoneStatus> {
    const user = await getUser(db, userId);
    if (!user) throw unauthorized();
    const last = await repo.latestCode(db, userId);
    const now = clock.now();
    const open =
      last && !last.consumedAt && last.expiresAt > now && last.attempts < PHONE_CODE_MAX_ATTEMPTS ? last : null;
    return {
      phone: user.phoneE164 ?? null,
      verifiedAt: user.phoneVerifiedAt?.toISOString() ?? null,
      pending: open
        ? {
            phone: open.phone,
            expiresAt: open.expiresAt.toISOString(),
            resendAt: new Date(open.createdAt.getTime() + PHONE_CODE_RESEND_MS).toISOString(),
          }
        : null,
    };
  }

  return {
    status: (actor: PhoneActor) => status(actor.userId),

    /** Sends a code to `input` (any written form); the number becomes the profile's once the code comes back. */
    async sendCode(actor: PhoneActor, input: string): Promise<TPhoneStatus> {
      const phone = toE164(input);
      if (!phone) {
        const message = 'Enter a mobile number that can take texts';
        throw new AppError(400, message, ErrorCode.VALIDATION_ERROR, { phone: [message] });
      }
      const now = clock.now();
      const last = await repo.latestCode(db, actor.userId);
      const wait = resendWait(last?.createdAt ?? null, now);
      if (wait > 0) throw rateLimited(wait, `Please wait ${wait} s before asking for another code.`);
      await enforceRateLimits(db, now, [{ rule: PHONE_CODES_PER_USER, subject: actor.userId }]);
      if ((await repo.codesToNumberSince(db, phone, new Date(now.getTime() - HOUR))) >= PHONE_CODES_PER_NUMBER) {
        throw rateLimited(HOUR / 1000, 'This number has been sent too many codes. Try again in an hour.');
      }
      const code = randomDigits(6);
      const id = randomUUID();
      const user = await db.transaction(async (tx) => {
        const locked = await lockUser(tx, actor.userId);
        if (!locked) throw unauthorized();
        await repo.closeCodes(tx, actor.userId, now);
        await repo.insertCode(tx, {
          id,
          userId: actor.userId,
          phone,
          codeHash: hashPhoneCode(id, code),
          now,
          expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
        });
        return locked;
      });
      try {
        await deps.sms.send({ to: phone, body: phoneCodeText(code, user.locale) });
      } catch (err) {
        // Nothing was sent: the row goes, so the resend gap does not hold the user back.
        await repo.deleteCode(db, id);
        deps.log.error({ err, userId: actor.userId }, 'sending the phone code failed');
        throw new AppError(
          502,
          'The text message could not be sent. Check the number and try again.',
          ErrorCode.API_FAILURE,
          {
            phone: ['The text message could not be sent. Check the number and try again.'],
          },
        );
      }
      return status(actor.userId);
    },

    /** Makes the number the code was sent to the profile's verified phone. */
    async verify(actor: PhoneActor, code: string): Promise<TPhoneStatus> {
      const now = clock.now();
      // Wrong tries must be kept though the call fails: the transaction answers the outcome.
      const outcome = await db.transaction(async (tx) => {
        if (!(await lockUser(tx, actor.userId))) throw unauthorized();
        const stored = await repo.latestCode(tx, actor.userId, true);
        const checked = checkPhoneCode(stored, code, now);
        if (checked.kind === 'invalid' || (checked.kind === 'too-many' && checked.attempts > stored!.attempts)) {
          await repo.recordAttempt(tx, stored!.id, checked.attempts);
        }
        if (checked.kind === 'ok') {
          await repo.closeCodes(tx, actor.userId, now);
          await repo.setVerifiedPhone(tx, actor.userId, stored!.phone, now);
          await audit(tx, {
            userId: actor.userId,
            action: 'phone_verified',
            resourceType: 'user',
            resourceId: actor.userId,
            newValue: { phone: stored!.phone },
            ipAddress: actor.ip,
            at: now,
          });
        }
        return { checked, stored };
      });
      const { checked, stored } = outcome;
      switch (checked.kind) {
        case 'ok':
          return status(actor.userId);
        case 'none':
          throw codeError(400, 'No code is waiting: ask for a new one.', ErrorCode.INVALID_CODE);
        case 'expired':
          throw codeError(400, 'This code has expired. Ask for a new one.', ErrorCode.CODE_EXPIRED);
        case 'invalid':
          throw codeError(
            400,
            `That code is not right: ${checked.left} ${checked.left === 1 ? 'try' : 'tries'} left.`,
            ErrorCode.INVALID_CODE,
          );
        case 'too-many':
          throw codeError(429, 'Too many wrong codes. Ask for a new one.', ErrorCode.TOO_MANY_ATTEMPTS, {
            'retry-after': String(Math.max(1, resendWait(stored?.createdAt ?? null, now))),
          });
      }
    },

    /** Removes the number (and any code waiting); SMS stop and the SMS switch turns off. */
    async remove(actor: PhoneActor): Promise<TPhoneStatus> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await lockUser(tx, actor.userId);
        if (!user) throw unauthorized();
        await repo.closeCodes(tx, actor.userId, now);
        if (user.phoneE164) {
          await repo.setVerifiedPhone(tx, actor.userId, null, now);
          await audit(tx, {
            userId: actor.userId,
            action: 'phone_removed',
            resourceType: 'user',
            resourceId: actor.userId,
            oldValue: { phone: user.phoneE164, notifySms: user.notifySms },
            ipAddress: actor.ip,
            at: now,
          });
        }
      });
      return status(actor.userId);
    },
  };
}
