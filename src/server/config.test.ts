import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const BASE = { NODE_ENV: 'test', DATA_DIR: '/tmp/voyageur-config-test' };
const UPS = { UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret', UPS_ACCOUNT_NUMBER: 'A1B2C3' };

describe('carrier accounts (issue 24)', () => {
  it('no carrier variables: every carrier keeps its sandbox', () => {
    expect(loadConfig(BASE).carriers).toEqual({ sandbox: true });
  });

  it("complete credentials: the carrier's production host, live", () => {
    const ups = loadConfig({ ...BASE, ...UPS }).carriers.ups!;
    expect(ups).toMatchObject({
      clientId: 'id',
      baseUrl: 'https://onlinetools.ups.com',
      mode: 'live',
      labelFormat: 'PNG',
    });
  });

  it("_MODE=test switches to the carrier's test host; a test host or a local URL is test without _MODE", () => {
    expect(loadConfig({ ...BASE, ...UPS, UPS_MODE: 'test' }).carriers.ups).toMatchObject({
      baseUrl: 'https://wwwcie.ups.com',
      mode: 'test',
    });
    expect(loadConfig({ ...BASE, ...UPS, UPS_BASE_URL: 'https://wwwcie.ups.com/' }).carriers.ups).toMatchObject({
      baseUrl: 'https://wwwcie.ups.com',
      mode: 'test',
    });
    expect(loadConfig({ ...BASE, ...UPS, UPS_BASE_URL: 'http://127.0.0.1:4010' }).carriers.ups!.mode).toBe('test');
  });

  it('incomplete credentials stop start-up, naming the missing variable', () => {
    expect(() => loadConfig({ ...BASE, UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE, UPS_CLIENT_ID: 'id', UPS_CLIENT_SECRET: 'secret' })).toThrow(
      /UPS_ACCOUNT_NUMBER/,
    );
    expect(() => loadConfig({ ...BASE, DHL_EXPRESS_USERNAME: 'u', DHL_EXPRESS_ACCOUNT_NUMBER: '123456789' })).toThrow(
      /DHL_EXPRESS_PASSWORD/,
    );
    expect(() => loadConfig({ ...BASE, FEDEX_MODE: 'live' })).toThrow(
      /FEDEX_CLIENT_ID, FEDEX_CLIENT_SECRET, FEDEX_ACCOUNT_NUMBER/,
    );
  });

  it('Canada Post needs an address for refund requests: CANADA_POST_REFUND_EMAIL, else ADMIN_EMAIL', () => {
    const cp = { CANADA_POST_USERNAME: 'u', CANADA_POST_PASSWORD: 'p', CANADA_POST_CUSTOMER_NUMBER: '0001234567' };
    expect(() => loadConfig({ ...BASE, ...cp })).toThrow(/CANADA_POST_REFUND_EMAIL/);
    expect(
      loadConfig({ ...BASE, ...cp, ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'long enough' }).carriers.canadaPost,
    ).toMatchObject({ refundEmail: 'ops@example.com', contractId: undefined, mode: 'live' });
  });

  it('a bad mode or a plain-http base URL off localhost is refused', () => {
    expect(() => loadConfig({ ...BASE, ...UPS, UPS_MODE: 'production' })).toThrow(/UPS_MODE/);
    expect(() => loadConfig({ ...BASE, ...UPS, UPS_BASE_URL: 'http://ups.example.com' })).toThrow(/UPS_BASE_URL/);
  });

  it('CARRIERS_SANDBOX=off', () => {
    expect(loadConfig({ ...BASE, ...UPS, CARRIERS_SANDBOX: 'off' }).carriers.sandbox).toBe(false);
  });
});
