/**
 * IP-literal hosts. The WHATWG URL parser already turns every IPv4 spelling (decimal
 * `2130706433`, hex `0x7f.1`, octal `0177.0.0.1`, short `127.1`, fullwidth or percent-encoded
 * digits) into dotted form, so comparing the host as written with the parsed host tells an
 * ordinary IP literal from an encoded one, a common way to slip past domain filters.
 */

/** What an IP-literal host looks like. */
export interface IpHostFacts {
  version: 4 | 6;
  /** Written in another form than plain dotted decimal (or than the canonical IPv6 text). */
  encoded: boolean;
  /** Loopback, private, link-local, carrier-grade NAT or unspecified. */
  internal: boolean;
  /** A cloud instance-metadata address (169.254.169.254 and friends). */
  metadata: boolean;
}

const METADATA_HOSTS = new Set(['169.254.169.254', '[fd00:ec2::254]', '100.100.100.200', '169.254.170.2']);

function internalV4(host: string): boolean {
  const [a, b] = host.split('.').map(Number);
  return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) ||
    (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

function internalV6(host: string): boolean {
  const h = host.slice(1, -1).toLowerCase();
  if (h === '::1' || h === '::') return true;
  if (/^f[cd]/.test(h) || /^fe[89ab]/.test(h)) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped) return internalV4(mapped[1]);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1], 16);
    return internalV4(`${hi >> 8}.${hi & 255}.0.0`);
  }
  return false;
}

/** The host as written in the URL text: between `//` (and any userinfo) and the port or path. */
export function writtenHost(raw: string): string {
  const afterScheme = raw.replace(/^[a-z][\w+.-]*:\/\//i, '');
  const authority = afterScheme.split(/[/?#\\]/, 1)[0];
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (hostPort.startsWith('[')) return hostPort.slice(0, hostPort.indexOf(']') + 1);
  return hostPort.replace(/:\d*$/, '');
}

/** Facts about an IP-literal host, or undefined when the parsed host is a name. */
export function ipHostFacts(parsedHost: string, written: string): IpHostFacts | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(parsedHost)) {
    return {
      version: 4,
      encoded: written.toLowerCase().replace(/\.$/, '') !== parsedHost,
      internal: internalV4(parsedHost),
      metadata: METADATA_HOSTS.has(parsedHost),
    };
  }
  if (parsedHost.startsWith('[')) {
    return {
      version: 6,
      // An IPv4 address smuggled inside IPv6 (::ffff:7f00:1) hides what it points at.
      encoded: /^\[::ffff:/i.test(parsedHost),
      internal: internalV6(parsedHost),
      metadata: METADATA_HOSTS.has(parsedHost),
    };
  }
  return undefined;
}
