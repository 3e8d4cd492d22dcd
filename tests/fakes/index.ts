import { FAKE_CANADA_POST_DEFAULTS, startFakeCanadaPost } from './canada-post';
import type { FakeCarrier, FakeOptions } from './core';
import { FAKE_DHL_DEFAULTS, startFakeDhl } from './dhl';
import { FAKE_FEDEX_DEFAULTS, startFakeFedex } from './fedex';
import { FAKE_PUROLATOR_DEFAULTS, startFakePurolator } from './purolator';
import { FAKE_UPS_DEFAULTS, startFakeUps } from './ups';

export type { FakeCarrier, FakeOptions, FakeShipment, Recorded } from './core';
export { startFakeCanadaPost, startFakeDhl, startFakeFedex, startFakePurolator, startFakeUps };

export type FakeCarrierName = 'canada-post' | 'ups' | 'fedex' | 'purolator' | 'dhl';

export const FAKE_CARRIER_NAMES: FakeCarrierName[] = ['canada-post', 'ups', 'fedex', 'purolator', 'dhl'];

/**
 * The configuration variables (README, config.ts) that point a carrier at its fake: its credentials
 * (the fake's defaults), *_BASE_URL and *_MODE=test. Canada Post is a contract account and refunds to
 * a fixed address.
 */
export function fakeCarrierEnv(name: FakeCarrierName, url: string): Record<string, string> {
  switch (name) {
    case 'canada-post':
      return {
        CANADA_POST_USERNAME: FAKE_CANADA_POST_DEFAULTS.username,
        CANADA_POST_PASSWORD: FAKE_CANADA_POST_DEFAULTS.password,
        CANADA_POST_CUSTOMER_NUMBER: FAKE_CANADA_POST_DEFAULTS.customerNumber,
        CANADA_POST_CONTRACT_ID: '0042708517',
        CANADA_POST_REFUND_EMAIL: 'shipping@voyageur.example',
        CANADA_POST_BASE_URL: url,
        CANADA_POST_MODE: 'test',
      };
    case 'ups':
      return {
        UPS_CLIENT_ID: FAKE_UPS_DEFAULTS.clientId,
        UPS_CLIENT_SECRET: FAKE_UPS_DEFAULTS.clientSecret,
        UPS_ACCOUNT_NUMBER: FAKE_UPS_DEFAULTS.accountNumber,
        UPS_BASE_URL: url,
        UPS_MODE: 'test',
      };
    case 'fedex':
      return {
        FEDEX_CLIENT_ID: FAKE_FEDEX_DEFAULTS.clientId,
        FEDEX_CLIENT_SECRET: FAKE_FEDEX_DEFAULTS.clientSecret,
        FEDEX_ACCOUNT_NUMBER: FAKE_FEDEX_DEFAULTS.accountNumber,
        FEDEX_BASE_URL: url,
        FEDEX_MODE: 'test',
      };
    case 'purolator':
      return {
        PUROLATOR_KEY: FAKE_PUROLATOR_DEFAULTS.key,
        PUROLATOR_PASSWORD: FAKE_PUROLATOR_DEFAULTS.password,
        PUROLATOR_ACCOUNT_NUMBER: FAKE_PUROLATOR_DEFAULTS.accountNumber,
        PUROLATOR_BASE_URL: url,
        PUROLATOR_MODE: 'test',
      };
    case 'dhl':
      return {
        DHL_EXPRESS_USERNAME: FAKE_DHL_DEFAULTS.username,
        DHL_EXPRESS_PASSWORD: FAKE_DHL_DEFAULTS.password,
        DHL_EXPRESS_ACCOUNT_NUMBER: FAKE_DHL_DEFAULTS.accountNumber,
        DHL_EXPRESS_BASE_URL: url,
        DHL_EXPRESS_MODE: 'test',
      };
  }
}

const STARTERS: Record<FakeCarrierName, (opts?: FakeOptions) => Promise<FakeCarrier>> = {
  'canada-post': startFakeCanadaPost,
  ups: startFakeUps,
  fedex: startFakeFedex,
  purolator: startFakePurolator,
  dhl: startFakeDhl,
};

export type FakeCarriers = {
  fakes: Partial<Record<FakeCarrierName, FakeCarrier>>;
  /** Every started fake's variables, merged: pass them as the server's environment. */
  env: Record<string, string>;
  /** Flips switches on every started fake (or on the ones named). */
  set(opts: FakeOptions, only?: FakeCarrierName[]): void;
  close(): Promise<void>;
};

/** Starts the named fakes (each with the same switches) and gives their environment. */
export async function startFakeCarriers(names: FakeCarrierName[], opts: FakeOptions = {}): Promise<FakeCarriers> {
  const started = await Promise.all(names.map(async (n) => [n, await STARTERS[n](opts)] as const));
  const fakes: Partial<Record<FakeCarrierName, FakeCarrier>> = Object.fromEntries(started);
  const env = Object.assign({}, ...started.map(([n, fake]) => fakeCarrierEnv(n, fake.url))) as Record<string, string>;
  return {
    fakes,
    env,
    set(next, only) {
      for (const [n, fake] of started) if (!only || only.includes(n)) fake.set(next);
    },
    async close() {
      await Promise.all(started.map(([, fake]) => fake.close()));
    },
  };
}
