import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Every address a host name stands for (all families). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Addresses an AI server chosen by an administrator may never be: link-local (where clouds answer with their
 * instance credentials) and the metadata services that live elsewhere. Loopback and private ranges stay
 * allowed: a model on this machine or the local network is the point. BlockList matches an IPv4-mapped IPv6
 * address (::ffff:a.b.c.d) against the IPv4 rules.
 */
const FORBIDDEN = new BlockList();
FORBIDDEN.addSubnet('169.254.0.0', 16, 'ipv4');
FORBIDDEN.addSubnet('fe80::', 10, 'ipv6');
// Alibaba Cloud's metadata, Azure's wire server, Oracle Cloud's metadata (beside its 169.254 one).
FORBIDDEN.addAddress('100.100.100.200', 'ipv4');
FORBIDDEN.addAddress('168.63.129.16', 'ipv4');
FORBIDDEN.addAddress('192.0.0.192', 'ipv4');
// AWS's IPv6 metadata endpoint.
FORBIDDEN.addAddress('fd00:ec2::254', 'ipv6');
// "This host" in any spelling connects to whatever listens locally, under a name no rule expects.
FORBIDDEN.addSubnet('0.0.0.0', 8, 'ipv4');
FORBIDDEN.addAddress('::', 'ipv6');

/** The IPv4 address an IPv6 one carries inside (IPv4-compatible, NAT64, 6to4), or undefined. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const [g0 = 0, g1 = 0, g2 = 0, , , , g6 = 0, g7 = 0] = groups;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  // ::a.b.c.d (deprecated IPv4-compatible; ::1 and :: are not) and 64:ff9b::a.b.c.d (NAT64).
  if ((zeros(0, 6) && g6 !== 0) || (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6))) return v4(g6, g7);
  // 2002:AABB:CCDD::/48 (6to4).
  if (g0 === 0x2002) return v4(g1, g2);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [, a, b, c, d] = dotted.map(Number);
    const hex = (high = 0, low = 0) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, dotted.index)}${hex(a, b)}:${hex(c, d)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
}

/** Whether one resolved address is refused, in whichever IPv6 dress an IPv4 address comes. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  if (FORBIDDEN.check(address, 'ipv6')) return true;
  const inner = embeddedIpv4(address);
  return inner !== undefined && FORBIDDEN.check(inner, 'ipv4');
}

/** What the rule says of an address: allowed, refused, or a name that resolves to nothing (yet). */
export type AddressVerdict = 'allowed' | 'forbidden' | 'unresolved';

/**
 * The one rule for an AI server address chosen by an administrator, applied when saving, testing, listing
 * models and generating: parsed as the fetch will parse it (`new URL`, so `http://2852039166` and
 * `http://0xa9fea9fe` are 169.254.169.254), then judged by every address its host resolves to: one forbidden
 * address forbids the name. A name that resolves to nothing is not called, but may be saved (the local
 * model's container may not have started yet).
 */
export async function judgeAiAddress(url: string, resolve: ResolveHost): Promise<AddressVerdict> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'forbidden';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'forbidden';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return 'forbidden';
  if (isIP(host) !== 0) return isForbiddenAddress(host) ? 'forbidden' : 'allowed';
  let addresses: string[];
  try {
    addresses = await resolve(host.replace(/\.$/, ''));
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.some(isForbiddenAddress) ? 'forbidden' : 'allowed';
}
