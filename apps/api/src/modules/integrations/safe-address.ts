import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/*
 * Where a webhook may go (docs/product/webhooks-and-api-tokens.md#endpoints): never to a private,
 * loopback, link-local or otherwise internal address, checked when the endpoint is added and again
 * on every connection (a name may resolve elsewhere later: DNS rebinding).
 */

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

/** True for an address a webhook must never reach; an IPv4 address written as IPv6 is read as IPv4. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an endpoint's address is refused when it is added, or undefined when it may be used. */
export async function refusedAddress(url: string, allowPrivate: boolean): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full address, like https://example.org/kindred.';
  }
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:'))
    return 'Use an https:// address: deliveries are sent only over https.';
  if (parsed.username || parsed.password) return 'Leave the user name and password out of the address.';
  if (allowPrivate) return undefined;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isInternalAddress(host) ? INTERNAL : undefined;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return INTERNAL;
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.some((found) => isInternalAddress(found.address))) return INTERNAL;
  } catch {
    // A name that does not resolve now may later; every delivery checks again.
  }
  return undefined;
}

const INTERNAL = 'This address is on a private network: use one the internet can reach.';

/** The error a delivery reports when the name resolved to an internal address. */
export class InternalAddressError extends Error {}

/**
 * A DNS lookup for the delivery's own connection that refuses internal addresses, so the address
 * checked is the address connected to.
 */
export function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as Array<{ address: string; family: number }>;
      const usable = allowPrivate ? list : list.filter((found) => !isInternalAddress(found.address));
      if (usable.length === 0)
        return callback(
          new InternalAddressError(`${hostname} resolves to a private address: not delivered.`),
          '',
          0,
        );
      if (options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      const first = usable[0] as { address: string; family: number };
      return callback(null, first.address, first.family);
    });
  };
}
