/**
 * The egress policy: which addresses the gateway may reach on a tenant's behalf (registry and
 * MCP base URLs, health checks, registry tests, OIDC discovery and key sets, semantic-cache
 * embeddings). By default every address that leads into the gateway's own host or network is
 * refused: loopback, link-local (cloud metadata), private and shared address space, multicast,
 * unspecified, broadcast and reserved, in IPv4 and IPv6, including IPv4-mapped and
 * IPv4-compatible IPv6 forms, the IPv4 address a NAT64 or 6to4 address carries, and Teredo.
 * Only `http:` and `https:` URLs are fetched. The operator lists host names, addresses and CIDR
 * ranges that are allowed anyway (`--egress-allow`), e.g. self-hosted models on a private network.
 *
 * The policy is checked twice: on write, against a literal host (`refusalOfUrl`), and on every
 * connection, against the address the host resolved to (`egress-dispatcher.ts`), so a name that
 * resolves to an internal address, now or after a DNS change, is refused too.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Refused ranges by kind; the kind is what a refusal message names. */
const FORBIDDEN: ReadonlyArray<{ kind: string; ranges: ReadonlyArray<[string, number, 'ipv4' | 'ipv6']> }> = [
  { kind: 'loopback', ranges: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']] },
  { kind: 'unspecified', ranges: [['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']] },
  { kind: 'link-local', ranges: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']] },
  {
    kind: 'private',
    ranges: [
      ['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['100.64.0.0', 10, 'ipv4'],
      ['192.0.0.0', 24, 'ipv4'], ['198.18.0.0', 15, 'ipv4'], ['fc00::', 7, 'ipv6'], ['fec0::', 10, 'ipv6'],
    ],
  },
  { kind: 'multicast', ranges: [['224.0.0.0', 4, 'ipv4'], ['ff00::', 8, 'ipv6']] },
  // 240/4 holds the broadcast address 255.255.255.255; ::/96 the IPv4-compatible IPv6 forms (::127.0.0.1).
  { kind: 'reserved', ranges: [['240.0.0.0', 4, 'ipv4'], ['::', 96, 'ipv6']] },
  // Teredo (2001::/32) tunnels to an IPv4 address it hides: nothing a provider is served from.
  { kind: 'tunnelled', ranges: [['2001::', 32, 'ipv6']] },
];

/**
 * The IPv4 address a translated IPv6 address reaches: NAT64 (64:ff9b::/96, RFC 6052) in its
 * last 32 bits, 6to4 (2002::/16, RFC 3056) in bits 16 to 48; undefined for any other address.
 */
function embeddedIpv4(ipv6: string): string | undefined {
  const groups = expandIpv6(ipv6);
  if (!groups) return undefined;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  const [high, low] = nat64 ? [groups[6], groups[7]] : groups[0] === 0x2002 ? [groups[1], groups[2]] : [];
  if (high === undefined || low === undefined) return undefined;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/** Names that always mean this host (RFC 6761 section 6.3). */
const LOCALHOST = /(^|\.)localhost\.?$/i;

/** A resolver with the shape of `dns.lookup` when called with `{ all: true }`. */
export type EgressLookup = (hostname: string, options: LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** A connection the egress policy refused; its message names the policy and never what lies behind the address. */
export class EgressRefusedError extends Error {
  /** A string code, as socket and DNS errors carry, so callers treat it as a failure to connect. */
  readonly code = 'EGRESS_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

/** Whether `err` (or the error it wraps) is an egress refusal. */
export function isEgressRefusal(err: unknown): err is EgressRefusedError {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === 'EGRESS_REFUSED') return true;
  }
  return false;
}

const stripBrackets = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);
const normalHost = (host: string) => stripBrackets(host).toLowerCase().replace(/\.$/, '');
const family = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Parses an allow list (`10.0.0.0/8,llm.internal,fd00::7`): host names, IP addresses and CIDR
 * ranges. Throws on an entry that is none of these, naming it.
 */
export function parseEgressAllow(entries: readonly string[]): { hosts: Set<string>; ranges: BlockList } {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const raw of entries) {
    const entry = stripBrackets(raw.trim());
    if (!entry) continue;
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const base = entry.slice(0, slash);
      const bits = Number(entry.slice(slash + 1));
      const version = isIP(base);
      if (!version || !Number.isInteger(bits) || bits < 0 || bits > (version === 4 ? 32 : 128)) throw new Error(`egress allow entry "${raw}" is not a valid CIDR range`);
      ranges.addSubnet(base, bits, version === 4 ? 'ipv4' : 'ipv6');
    } else if (isIP(entry)) {
      ranges.addAddress(entry, family(entry));
    } else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
      hosts.add(normalHost(entry));
    } else {
      throw new Error(`egress allow entry "${raw}" is not a host name, an IP address or a CIDR range`);
    }
  }
  return { hosts, ranges };
}

/** The egress policy of one process: the fixed refusals, the operator's allow list and the resolver. */
export class EgressPolicy {
  private readonly forbidden = FORBIDDEN.map(({ kind, ranges }) => {
    const list = new BlockList();
    for (const [base, bits, type] of ranges) list.addSubnet(base, bits, type);
    return { kind, list };
  });
  private readonly allowedHosts: Set<string>;
  private readonly allowedRanges: BlockList;
  /** The resolver connections use (injectable, so a test can make a name resolve anywhere). */
  readonly lookup: EgressLookup;

  /** `allow`: host names, addresses and CIDR ranges reachable even though the rules refuse them. Throws on a malformed entry. */
  constructor(options: { allow?: readonly string[]; lookup?: EgressLookup } = {}) {
    const { hosts, ranges } = parseEgressAllow(options.allow ?? []);
    this.allowedHosts = hosts;
    this.allowedRanges = ranges;
    this.lookup = options.lookup ?? (dnsLookup as EgressLookup);
  }

  /** Whether the operator listed this host name (every address it resolves to is then allowed). */
  hostAllowed(host: string): boolean {
    return this.allowedHosts.has(normalHost(host));
  }

  /** Why an IP address may not be reached (`a loopback address`), or undefined when it may. */
  refusalOfAddress(address: string): string | undefined {
    const ip = stripBrackets(address);
    if (!isIP(ip)) return 'not an IP address';
    const type = family(ip);
    if (this.allowedRanges.check(ip, type)) return undefined;
    const hit = this.forbidden.find(({ list }) => list.check(ip, type));
    if (hit) return `${hit.kind === 'unspecified' ? 'an' : 'a'} ${hit.kind} address`;
    const carried = type === 'ipv6' ? embeddedIpv4(ip) : undefined;
    const carriedRefusal = carried && this.refusalOfAddress(carried);
    return carriedRefusal ? `an IPv6 address that reaches ${carriedRefusal}` : undefined;
  }

  /** For a connection to a literal IP address: the refusal to raise, or undefined when it may connect. */
  refusalOfConnection(address: string): string | undefined {
    if (this.hostAllowed(address)) return undefined;
    const refusal = this.refusalOfAddress(address);
    return refusal ? `the egress policy refuses ${stripBrackets(address)}: it is ${refusal}` : undefined;
  }

  /**
   * For a connection to a host name: the resolved addresses it may use (those the rules allow;
   * all of them for a listed name) and, when none is left, the refusal to raise.
   */
  admitResolved(host: string, addresses: readonly LookupAddress[]): { usable: LookupAddress[]; refusal?: string } {
    if (this.hostAllowed(host)) return { usable: [...addresses] };
    const usable = addresses.filter((a) => !this.refusalOfAddress(a.address));
    if (usable.length > 0 || addresses.length === 0) return { usable };
    return { usable, refusal: `the egress policy refuses ${host}: it resolves to ${this.refusalOfAddress(addresses[0].address)}` };
  }

  /**
   * Why a URL may not be fetched, judged without resolving it: a scheme other than http(s), or
   * a literal host (an IP address in any form the URL parser accepts, `localhost`) the rules
   * refuse. Undefined when it may be fetched; its resolved address is checked on connect.
   */
  refusalOfUrl(text: string): string | undefined {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'is not a valid URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `uses ${url.protocol.replace(/:$/, '')}: only http and https URLs are allowed`;
    const host = normalHost(url.hostname);
    if (!host) return 'has no host';
    if (this.hostAllowed(host)) return undefined;
    // localhost is 127.0.0.1 wherever it resolves: refused unless that address is allowed.
    if (LOCALHOST.test(host)) return this.refusalOfAddress('127.0.0.1') ? `names ${host}, a loopback address, which the egress policy refuses` : undefined;
    if (!isIP(host)) return undefined;
    const refusal = this.refusalOfAddress(host);
    return refusal ? `names ${host}, ${refusal}, which the egress policy refuses` : undefined;
  }
}
