import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { buildConnector } from 'undici';

/**
 * Where Web Push messages may go (issue 31): a push subscription's endpoint names the host the server POSTs to,
 * so an endpoint is accepted only on a known push service or on a host the operator listed (PUSH_ALLOWED_HOSTS),
 * and every connection is checked again once the name is resolved — no loopback, private, link-local,
 * unique-local or metadata address unless the host is listed — so a name that later resolves elsewhere (DNS
 * rebinding) cannot turn the server into a proxy into its own network. Imports packages only (push-core.ts and
 * the push worker threads use it).
 */

/** A PUSH_ALLOWED_HOSTS entry: a host name or IP address, with a port or any port (null). */
export interface AllowedPushHost {
  host: string;
  port: number | null;
}

/** The browsers' push services: FCM (Chrome, Edge on Android…), Mozilla, Apple and Windows (WNS). */
export const KNOWN_PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'] as const;
export const KNOWN_PUSH_HOST_SUFFIXES = ['.notify.windows.com'] as const;

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/**
 * Parses one `host[:port]` entry (an IPv6 address in brackets: `[::1]:8443`); null when it is not one. The host
 * is compared as the URL parser writes it (lower case, IPv6 in its short form).
 */
export function parseAllowedPushHost(entry: string): AllowedPushHost | null {
  const text = entry.trim();
  if (!text || /[/?#@\s]/.test(text)) return null;
  try {
    const u = new URL(`http://${text}`);
    // `new URL` takes "a:80" for port 80 and "a" for the default port: both are fine; an explicit ":80" is kept.
    const explicitPort = /:(\d+)$/.exec(text);
    return { host: bare(u.hostname), port: explicitPort ? Number(explicitPort[1]) : null };
  } catch {
    return null;
  }
}

/** True when `hostname` (as in a URL, IPv6 in brackets or not) on `port` is a PUSH_ALLOWED_HOSTS entry. */
export function isAllowedPushHost(allowed: readonly AllowedPushHost[], hostname: string, port: number): boolean {
  const host = bare(hostname);
  return allowed.some((a) => a.host === host && (a.port === null || a.port === port));
}

export function isKnownPushHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (KNOWN_PUSH_HOSTS as readonly string[]).includes(host) || KNOWN_PUSH_HOST_SUFFIXES.some((s) => host.endsWith(s) && host.length > s.length);
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

/**
 * Why a subscription endpoint is refused, or null when it may be used: `https:` on a known push service (its
 * standard port), or `https:`/`http:` on a host listed in PUSH_ALLOWED_HOSTS.
 */
export function endpointProblem(endpoint: string, allowed: readonly AllowedPushHost[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'the endpoint must be a URL';
  }
  if (url.username || url.password) return 'the endpoint must not contain a user name or password';
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  if ((url.protocol === 'https:' || url.protocol === 'http:') && isAllowedPushHost(allowed, url.hostname, port)) return null;
  if (url.protocol !== 'https:') return 'the endpoint must be an https: URL of a browser push service';
  if (!isKnownPushHost(url.hostname) || port !== 443) {
    return 'the endpoint must be on a browser push service (FCM, Mozilla, Apple or Windows); this server does not send to other hosts';
  }
  return null;
}

/** Addresses a push is never sent to: this machine, private networks, link-local (cloud metadata), unique-local… */
const FORBIDDEN_V4 = new BlockList();
const FORBIDDEN_V6 = new BlockList(); // apart: a list with IPv6 rules matches IPv4 addresses as IPv4-mapped ones
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (and some clouds' metadata, e.g. 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const) {
  FORBIDDEN_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and the old IPv4-compatible form
  ['::ffff:0:0', 96], // IPv4-mapped: whatever IPv4 address it hides
  ['64:ff9b::', 96], // NAT64: idem
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local (fd00:ec2::254 is a metadata address)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN_V6.addSubnet(net, prefix, 'ipv6');
}

/** True for an address a push may go to: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const ip = bare(address);
  const family = isIP(ip);
  if (family === 0) return false;
  return family === 4 ? !FORBIDDEN_V4.check(ip, 'ipv4') : !FORBIDDEN_V6.check(ip, 'ipv6');
}

export class PushAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(host: string, address: string) {
    super(`push endpoint host ${host} resolves to ${address}, a local or private address (list the host in PUSH_ALLOWED_HOSTS to allow it)`);
    this.name = 'PushAddressError';
  }
}

type LookupFn = typeof dnsLookup;
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls.connect that resolves as usual and refuses the connection when any address it got is
 * not public: the check happens on the very addresses the socket connects to, so a name cannot pass a check and
 * then resolve to another address.
 */
export function guardedLookup(resolve: LookupFn = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(Object.assign(new PushAddressError(hostname, bad.address), { errno: undefined }), []);
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

type Connector = ReturnType<typeof buildConnector>;

/**
 * undici's connector with the address check: a listed host (PUSH_ALLOWED_HOSTS) connects as it is; an IP
 * address in the URL is checked at once (net.connect does not look it up); a name is checked by `guardedLookup`
 * when it is resolved, on every new connection.
 */
export function guardedConnector(allowed: readonly AllowedPushHost[], resolve?: LookupFn): Connector {
  const open = buildConnector({});
  const guarded = buildConnector({ lookup: guardedLookup(resolve) as never });
  return (opts, callback) => {
    const port = opts.port ? Number(opts.port) : defaultPort(opts.protocol);
    if (isAllowedPushHost(allowed, opts.hostname, port)) return open(opts, callback);
    const host = bare(opts.hostname);
    if (isIP(host) !== 0) {
      if (!isPublicAddress(host)) {
        callback(new PushAddressError(host, host), null);
        return;
      }
      return open(opts, callback);
    }
    return guarded(opts, callback);
  };
}
