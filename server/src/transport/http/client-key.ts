// The key per-client limits count under. One IPv6 subscriber usually holds a whole /64, so a single address
// there is no client: counting per address would give one person 2^64 fresh budgets.
import net from 'node:net';

/** IPv4 as it is; IPv4-mapped IPv6 as its IPv4; other IPv6 as its /64 prefix; anything else as it is. */
export function clientKeyOf(address: string): string {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, zone id
  if (net.isIPv4(plain) || !net.isIPv6(plain)) return plain;
  const mapped = plain.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped) return mapped[1]!;
  return `${expandIPv6(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, lower case without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // A trailing dotted IPv4 takes two groups.
  const hex = (g: string[]) => g.flatMap((x) => (x.includes('.') ? ipv4Groups(x) : [x]));
  const left = hex(groups(head));
  const right = hex(groups(tail));
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.map((g) => parseInt(g, 16).toString(16));
}

function ipv4Groups(v4: string): string[] {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
