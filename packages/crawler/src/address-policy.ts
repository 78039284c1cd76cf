import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the crawler may connect to. Only public unicast addresses are allowed, so a
 * user cannot make the server read its own network (SSRF): loopback, private, link-local, shared
 * (CGNAT), multicast, reserved, documentation and benchmarking ranges and cloud metadata endpoints
 * are refused, for IPv4 and IPv6, including IPv6 forms that embed an IPv4 address.
 */

interface Range {
  cidr: [ipaddr.IPv4 | ipaddr.IPv6, number];
  kind: string;
}

function range(cidr: string, kind: string): Range {
  return { cidr: ipaddr.parseCIDR(cidr), kind };
}

// Metadata endpoints are listed before the ranges that contain them so the message names them.
const IPV4_RANGES: Range[] = [
  range('169.254.169.254/32', 'cloud metadata'),
  range('169.254.170.2/32', 'cloud metadata'),
  range('100.100.100.200/32', 'cloud metadata'),
  range('192.0.0.192/32', 'cloud metadata'),
  // Azure's WireServer sits on a public-looking address but answers only from inside Azure.
  range('168.63.129.16/32', 'cloud metadata'),
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared (CGNAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', 'reserved'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

const IPV6_RANGES: Range[] = [
  range('fd00:ec2::254/128', 'cloud metadata'),
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('64:ff9b:1::/48', 'private'),
  range('100::/64', 'reserved'),
  range('2001:db8::/32', 'documentation'),
  range('3fff::/20', 'documentation'),
  range('2001:2::/48', 'benchmarking'),
  // The rest of 2001::/23 is IETF protocol space (Teredo, ORCHID, AS112...), never a web site.
  range('2001::/23', 'reserved'),
  range('fc00::/7', 'private'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local'),
  range('ff00::/8', 'multicast'),
];

const IPV4_MAPPED = ipaddr.parseCIDR('::ffff:0:0/96');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

export interface AddressVerdict {
  allowed: boolean;
  /** Why it is refused: "private", "loopback", "cloud metadata"...; absent when allowed. */
  kind?: string;
  /** The IPv4 address an IPv6 address embeds, when that is what was judged. */
  embedded?: string;
}

/** Judges one IP address (IPv4 or IPv6 text). Anything that is not an IP address is refused. */
export function classifyAddress(address: string): AddressVerdict {
  const text = stripBrackets(address);
  if (!isIP(text)) return { allowed: false, kind: 'invalid' };
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === 'ipv4') return classifyIPv4(parsed as ipaddr.IPv4);
  return classifyIPv6(parsed as ipaddr.IPv6);
}

function classifyIPv4(address: ipaddr.IPv4): AddressVerdict {
  for (const { cidr, kind } of IPV4_RANGES) {
    if (address.match(cidr as [ipaddr.IPv4, number])) return { allowed: false, kind };
  }
  return { allowed: true };
}

function classifyIPv6(address: ipaddr.IPv6): AddressVerdict {
  const embedded = embeddedIPv4(address);
  if (embedded) {
    const verdict = classifyIPv4(embedded);
    return verdict.allowed ? verdict : { ...verdict, embedded: embedded.toString() };
  }
  for (const { cidr, kind } of IPV6_RANGES) {
    if (address.match(cidr as [ipaddr.IPv6, number])) return { allowed: false, kind };
  }
  // Outside 2000::/3 everything is unassigned or special-purpose.
  if (!address.match(GLOBAL_UNICAST as [ipaddr.IPv6, number])) return { allowed: false, kind: 'reserved' };
  return { allowed: true };
}

/**
 * IPv4-mapped, NAT64 and 6to4 addresses are routed to the IPv4 address inside them, so that
 * address is what must be judged (::ffff:127.0.0.1 is loopback, 64:ff9b::a00:1 is 10.0.0.1).
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  if (address.match(IPV4_MAPPED as [ipaddr.IPv6, number]) || address.match(NAT64 as [ipaddr.IPv6, number])) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  if (address.match(SIX_TO_FOUR as [ipaddr.IPv6, number])) return new ipaddr.IPv4(bytes.slice(2, 6));
  // IPv4-compatible (::a.b.c.d, deprecated) still reaches the IPv4 address on some stacks.
  if (bytes.slice(0, 12).every((byte) => byte === 0) && !bytes.slice(12, 14).every((byte) => byte === 0)) {
    return new ipaddr.IPv4(bytes.slice(12, 16));
  }
  return null;
}

/** A URL hostname that is an IP literal, without brackets; null for a domain name. */
export function ipLiteral(hostname: string): string | null {
  const text = stripBrackets(hostname);
  return isIP(text) ? text : null;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * The operator's explicit exceptions (`FETCH_ALLOW_HOSTS`), e.g. `127.0.0.1,localhost` for local
 * development and tests. An entry matches a URL's hostname or a resolved address.
 */
export class AllowList {
  private readonly entries: Set<string>;

  constructor(hosts: readonly string[]) {
    this.entries = new Set(hosts.map(normaliseEntry).filter((entry) => entry !== ''));
  }

  /** Reads `FETCH_ALLOW_HOSTS` (comma or space separated). */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): AllowList {
    return new AllowList((env.FETCH_ALLOW_HOSTS ?? '').split(/[\s,]+/));
  }

  allows(hostnameOrAddress: string): boolean {
    return this.entries.has(normaliseEntry(hostnameOrAddress));
  }
}

function normaliseEntry(entry: string): string {
  const text = stripBrackets(entry.trim().toLowerCase()).replace(/\.$/, '');
  return isIP(text) ? ipaddr.parse(text).toString() : text;
}
