/**
 * Server-side request forgery guards for webhook URLs (decision 034). A URL must be https (plain
 * http only to a loopback host when WEBHOOKS_ALLOW_PRIVATE=true, for tests and local development),
 * and every address its host resolves to at delivery time must be public: private, loopback,
 * link-local (the cloud metadata address 169.254.169.254 among them), CGNAT, unique-local
 * (fd00:ec2::254), multicast, reserved and documentation ranges are refused, and so are IPv6 forms
 * that carry an IPv4 address (IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo). WEBHOOKS_ALLOW_PRIVATE lets
 * loopback through and nothing else.
 */
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_URL_MESSAGES } from '../../../shared/contracts/webhooks';

// One list per family: a BlockList matches an IPv4 address against IPv6 rules through its mapped
// form (::ffff:a.b.c.d), so '::ffff:0:0/96' in the same list would refuse every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
const loopback = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  // IPv4-translated (SIIT, RFC 2765): ::ffff:0:a.b.c.d carries an IPv4 address too.
  ['::ffff:0:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked6.addSubnet(net, prefix, 'ipv6');
}
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** A host name without the brackets of an IPv6 literal in a URL. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why this address may not be called (null: it may). `allowLoopback` is WEBHOOKS_ALLOW_PRIVATE.
 */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const v6Mapped = family === 6 && /^::ffff:/i.test(address);
  if (allowLoopback && !v6Mapped && loopback.check(address, type)) return null;
  if ((family === 4 ? blocked4 : blocked6).check(address, type)) {
    return `${address} is a private, loopback, link-local or reserved address`;
  }
  return null;
}

const LOCAL_NAMES = new Set(['localhost', 'localhost.']);

/**
 * The URL's own checks, when an endpoint is saved (its addresses are checked again at each delivery):
 * a message naming what is wrong, or null.
 */
export function refusedUrl(text: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return WEBHOOK_URL_MESSAGES.notUrl;
  }
  if (url.username || url.password) return 'The endpoint URL must not contain a user name or password';
  // WHATWG refuses a port over 65535 when parsing; port 0 parses but no receiver can listen on it.
  if (url.port === '0') return 'The endpoint URL must have a port from 1 to 65535';
  const host = bareHost(url.hostname).toLowerCase();
  const isLocalName = LOCAL_NAMES.has(host) || host.endsWith('.localhost');
  const loopbackHost =
    isLocalName ||
    (isIP(host) !== 0 &&
      refusedAddress(host, true) === null &&
      loopback.check(host, isIP(host) === 4 ? 'ipv4' : 'ipv6'));
  if (url.protocol === 'http:') {
    if (!(allowPrivate && loopbackHost)) return 'The endpoint URL must start with https://';
  } else if (url.protocol !== 'https:') {
    return 'The endpoint URL must start with https://';
  }
  if (isLocalName && !allowPrivate) return 'The endpoint URL must not point at this server (localhost)';
  if (isIP(host) !== 0) {
    const why = refusedAddress(host, allowPrivate);
    if (why) return `The endpoint URL must point at a public address: ${why}`;
  }
  return null;
}

/**
 * The URL as stored and shown (WHATWG `href`: lower-case host, no default port, backslashes and
 * dot segments resolved), so what the user sees is where deliveries go. Call after refusedUrl.
 */
export function normalisedUrl(text: string): string {
  return new URL(text).href;
}
