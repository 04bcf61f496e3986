import { BlockList, isIPv4 } from 'node:net';

/**
 * Addresses a proxy of ours can have: loopback, link-local and the private ranges (a container
 * network, a VPC). A peer outside them reached the service directly, past every proxy.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

function isPrivate(address: string): boolean {
  // A dual-stack socket names an IPv4 peer as ::ffff:a.b.c.d.
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  try {
    return PRIVATE.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    // Not an address at all (a forged X-Forwarded-For entry): never a proxy of ours.
    return false;
  }
}

/**
 * Fastify's `trustProxy` for `hops` proxies in front (TRUSTED_PROXY_HOPS, decision 0044): the
 * connection's peer and the X-Forwarded-For entries after it, up to `hops` of them, are proxies when
 * their addresses are private; the client is the entry before the last trusted one. Entries a client
 * wrote itself come before those and are never believed. Fastify's own hop count trusts nobody (it
 * cannot tell a proxy from a client that connected directly and sent the header); the private-address
 * test is what tells them apart here. 0: the connection's own address is the client's.
 */
export function trustProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (address, hop) => hop < hops && isPrivate(address) : false;
}
