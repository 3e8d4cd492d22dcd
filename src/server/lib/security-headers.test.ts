import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

describe('helmetHeaders', () => {
  it('gives helmet’s whole header set for the options, worked out once', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      hsts: false,
      crossOriginEmbedderPolicy: false,
    });
    expect(headers).toEqual({
      'content-security-policy': "default-src 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('adds HSTS when asked (HTTPS deployments)', () => {
    const headers = helmetHeaders({ hsts: { maxAge: 15_552_000, includeSubDomains: true } });
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it('refuses options helmet refuses', () => {
    expect(() => helmetHeaders({ hsts: { maxAge: -1 } })).toThrow(/maxAge/);
  });
});
