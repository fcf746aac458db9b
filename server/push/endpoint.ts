import { promises as dns } from 'node:dns';
import net from 'node:net';

// Which push endpoints the server will post to. A member chooses the endpoint, so without these
// checks a member could make the server send requests to internal services. Outside tests and
// local demos only https: on public hosts: literal addresses and localhost names are refused when
// subscribing, and host names are resolved again at every send, the connection going only to the
// addresses checked (no second lookup an attacker's DNS could answer differently).

/** Addresses no push service lives at: private, loopback, link-local, unique-local, CGNAT, multicast, reserved. */
const NOT_PUBLIC = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // unspecified and loopback, IPv4-compatible (deprecated), NAT64 and 6to4 (embed IPv4), discard,
  // documentation, unique-local, link-local, site-local, multicast
  ['::', 128], ['::1', 128], ['::', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** True for an IP address (v4 or v6, IPv4-mapped included) that is not a public unicast address. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  // BlockList checks ::ffff:a.b.c.d against the IPv4 rules as well.
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** http://127.0.0.1, http://localhost or http://[::1]: the stand-in push service of tests and local demos. */
export function isLoopbackHttp(endpoint: URL): boolean {
  return endpoint.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(endpoint.hostname);
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/**
 * Why the server will not post to this endpoint, or null when it may (subject to the DNS check
 * at send time). `allowLoopbackHttp` is set by tests and local demos only.
 */
export function endpointProblem(url: URL, allowLoopbackHttp: boolean): string | null {
  if (url.username !== '' || url.password !== '') return 'The endpoint must not contain a user name or password.';
  if (allowLoopbackHttp && isLoopbackHttp(url)) return null;
  if (url.protocol !== 'https:') return 'The endpoint must be an https: URL of a push service.';
  const host = bareHost(url);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'The endpoint must be on a public host.';
  if (net.isIP(host) !== 0 && isNonPublicAddress(host)) return 'The endpoint must be on a public host.';
  return null;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to all its addresses; tests inject their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export class PushEndpointRefused extends Error {
  override name = 'PushEndpointRefused';
  readonly code = 'EPUSHENDPOINT';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connections that resolves with `resolve` and fails when any address of
 * the host is not public, so the socket only ever connects to an address that was checked.
 */
export function publicOnlyLookup(resolve: Resolver) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => isNonPublicAddress(a.address));
        const first = addresses[0];
        if (refused) callback(new PushEndpointRefused(`${hostname} resolves to ${refused.address}, which is not a public address.`), '');
        else if (!first) callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), '');
        else if (typeof options === 'object' && options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
