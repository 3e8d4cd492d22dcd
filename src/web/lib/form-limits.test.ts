import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { ZEmail, ZPassword, ZPersonName, ZRegisterRequest } from '../../shared/contracts/auth';
import { ZUpdateOrganizationRequest } from '../../shared/contracts/settings';
import { AUTH_FORM_MESSAGES, LIMITS, SETTINGS_FORM_MESSAGES } from '../../shared/contracts/limits';

const lookup = (messages: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('shared form limits (decision 031)', () => {
  it('are the limits the server contracts enforce', () => {
    expect(ZPassword.safeParse('x'.repeat(LIMITS.passwordMin)).success).toBe(true);
    expect(ZPassword.safeParse('x'.repeat(LIMITS.passwordMin - 1)).success).toBe(false);
    expect(ZPassword.safeParse('x'.repeat(LIMITS.passwordMax + 1)).success).toBe(false);
    expect(ZPersonName.safeParse('a'.repeat(LIMITS.personNameMax)).success).toBe(true);
    expect(ZPersonName.safeParse('a'.repeat(LIMITS.personNameMax + 1)).success).toBe(false);
    expect(ZEmail.safeParse(`${'a'.repeat(LIMITS.emailMax - 6)}@x.com`).success).toBe(true);
    expect(ZEmail.safeParse(`${'a'.repeat(LIMITS.emailMax - 5)}@x.com`).success).toBe(false);
    const base = { email: 'a@b.co', password: 'password1', firstName: 'A', lastName: 'B' };
    const org = (n: number) => ZRegisterRequest.safeParse({ ...base, organizationName: 'o'.repeat(n) }).success;
    expect([org(LIMITS.organizationNameMax), org(LIMITS.organizationNameMax + 1)]).toEqual([true, false]);
    const addr = (n: number) => ZUpdateOrganizationRequest.safeParse({ name: 'Org', address: 'a'.repeat(n) }).success;
    expect([addr(LIMITS.organizationAddressMax), addr(LIMITS.organizationAddressMax + 1)]).toEqual([true, false]);
  });

  it('name message keys that both languages have', () => {
    for (const key of [...Object.values(AUTH_FORM_MESSAGES), ...Object.values(SETTINGS_FORM_MESSAGES)]) {
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
      expect(typeof lookup(zh, key), `zh ${key}`).toBe('string');
    }
  });
});
