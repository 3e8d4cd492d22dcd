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

describe('SMS (issue 27)', () => {
  const TWILIO = {
    TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+15145550100',
  };
  it('without Twilio variables, texts go to the outbox under DATA_DIR', () => {
    const config = loadConfig({ ...BASE, DATA_DIR: '/tmp/voyageur-data' });
    expect(config.sms).toEqual({ twilio: undefined, outboxDir: '/tmp/voyageur-data/sms-outbox' });
  });
  it('all three Twilio variables turn Twilio on; one missing or malformed stops start-up', () => {
    expect(loadConfig({ ...BASE, ...TWILIO }).sms.twilio).toEqual({
      accountSid: TWILIO.TWILIO_ACCOUNT_SID,
      authToken: 'token',
      from: '+15145550100',
    });
    expect(() => loadConfig({ ...BASE, ...TWILIO, TWILIO_AUTH_TOKEN: undefined })).toThrow(
      /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together/,
    );
    expect(() => loadConfig({ ...BASE, ...TWILIO, TWILIO_FROM: '514-555-0100' })).toThrow(/TWILIO_FROM/);
    expect(() => loadConfig({ ...BASE, ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });
});
