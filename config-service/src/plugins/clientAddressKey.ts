import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts two), `::` filled in. */
function hextetsOf(address: string): number[] {
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key a count per client address keeps (decision 0098): an IPv4 address as it is, also when it
 * comes IPv4-mapped (`::ffff:198.51.100.7`, as a dual-stack listener gives it); an IPv6 address by its
 * /64, which one subscriber is given whole, so walking the addresses of one's own network does not
 * earn a fresh count for each.
 */
export function clientAddressKey(address: string): string {
  if (!isIPv6(address)) return `ip:${address}`;
  const h = hextetsOf(address);
  if (h.slice(0, 5).every((group) => group === 0) && h[5] === 0xffff) {
    return `ip:${h[6]! >> 8}.${h[6]! & 0xff}.${h[7]! >> 8}.${h[7]! & 0xff}`;
  }
  const prefix = h.slice(0, 4).map((group) => group.toString(16));
  return `ip6:${prefix.join(':')}::/64`;
}
