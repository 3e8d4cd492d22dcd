import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { refusedAddress, refusedUrl } from './address-check';
import { signatureHeader } from './sender';
import { backoffMs } from './service';

describe('webhook address checks', () => {
  it('refuses private, loopback, link-local, CGNAT, metadata and IPv4-carrying IPv6 addresses', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
    ]) {
      expect(refusedAddress(address, false), address).not.toBeNull();
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(refusedAddress(address, false), address).toBeNull();
    }
  });

  it('lets loopback through with WEBHOOKS_ALLOW_PRIVATE, and nothing else', () => {
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    for (const address of ['10.0.0.1', '169.254.169.254', 'fd00:ec2::254', '::ffff:127.0.0.1', '100.64.1.1']) {
      expect(refusedAddress(address, true), address).not.toBeNull();
    }
  });

  it('takes https URLs, and plain http only to a loopback host with the flag', () => {
    expect(refusedUrl('https://hooks.example.com/x', false)).toBeNull();
    expect(refusedUrl('http://hooks.example.com/x', false)).toBe('The endpoint URL must start with https://');
    expect(refusedUrl('http://hooks.example.com/x', true)).toBe('The endpoint URL must start with https://');
    expect(refusedUrl('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(refusedUrl('http://localhost:8080/x', true)).toBeNull();
    expect(refusedUrl('http://127.0.0.1:8080/x', false)).toBe('The endpoint URL must start with https://');
    expect(refusedUrl('https://localhost/x', false)).toContain('localhost');
    expect(refusedUrl('https://[::1]/x', false)).toContain('private');
    expect(refusedUrl('https://169.254.169.254/x', true)).toContain('private');
    expect(refusedUrl('https://a:b@hooks.example.com/x', false)).toBe(
      'The endpoint URL must not contain a user name or password',
    );
    expect(refusedUrl('https://localhost/x', false)).toBe('The endpoint URL must not point at this server (localhost)');
    expect(refusedUrl('https://10.0.0.7/hook', false)).toBe(
      'The endpoint URL must point at a public address: 10.0.0.7 is a private, loopback, link-local or reserved address',
    );
    expect(refusedUrl('not a url', false)).toBe('Enter a full URL, such as https://example.com/webhooks');
    expect(refusedUrl('https://hooks.example.com:0/x', false)).toBe(
      'The endpoint URL must have a port from 1 to 65535',
    );
  });
});

describe('webhook signature and backoff', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 of the secret', () => {
    const at = new Date('2026-03-02T15:00:00Z');
    const header = signatureHeader('whsec_x', '{"a":1}', at);
    const t = at.getTime() / 1000;
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', 'whsec_x').update(`${t}.{"a":1}`).digest('hex')}`);
  });

  it('doubles the wait from 30 s up to 6 h', () => {
    expect(backoffMs(1, 0.5)).toBe(30_000);
    expect(backoffMs(2, 0.5)).toBe(60_000);
    expect(backoffMs(5, 0.5)).toBe(480_000);
    expect(backoffMs(40, 0.5)).toBe(6 * 3_600_000);
  });
});
