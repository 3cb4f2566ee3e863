/**
 * Domain-name helpers: normalising configured names, matching a host against a list (a name
 * covers its subdomains), and a registrable-domain approximation without the Public Suffix
 * List (a short list of two-label suffixes and hosting platforms stands in for it).
 */
import { domainToASCII } from 'node:url';

const TWO_LABEL_SUFFIXES = new Set([
  'co.uk', 'org.uk', 'ac.uk', 'gov.uk', 'me.uk', 'ltd.uk', 'plc.uk', 'com.au', 'net.au', 'org.au', 'edu.au', 'gov.au',
  'co.nz', 'org.nz', 'co.jp', 'ne.jp', 'or.jp', 'ac.jp', 'co.kr', 'or.kr', 'com.br', 'net.br', 'org.br', 'com.cn',
  'net.cn', 'org.cn', 'com.mx', 'co.in', 'net.in', 'org.in', 'co.za', 'com.tr', 'com.sg', 'com.hk', 'com.tw',
  'com.ar', 'com.co', 'co.il', 'co.id', 'com.my', 'com.ph', 'com.vn', 'com.ua', 'com.pl', 'co.th', 'com.eg',
  // Hosting platforms where every customer gets a subdomain of their own.
  'github.io', 'gitlab.io', 'herokuapp.com', 'vercel.app', 'netlify.app', 'pages.dev', 'workers.dev', 'web.app',
  'firebaseapp.com', 'blogspot.com', 'wordpress.com', 'azurewebsites.net', 'cloudfront.net', 'appspot.com',
  'amazonaws.com', 'ngrok.io', 'ngrok-free.app', 'glitch.me', 'repl.co', 'onrender.com', 'fly.dev', 'surge.sh',
]);

/** Lower-case ASCII (punycode) form of a configured domain; leading `*.` or `.` is dropped. */
export function normaliseDomain(name: string): string {
  const bare = name.trim().toLowerCase().replace(/^\*?\./, '').replace(/\.$/, '');
  return domainToASCII(bare) || bare;
}

/** Whether `name` ends with `.` and then `parent` (read in place, no string is built). */
export function endsWithLabels(name: string, parent: string): boolean {
  return name.length > parent.length && name.charCodeAt(name.length - parent.length - 1) === 0x2e && name.endsWith(parent);
}

/** Whether `name` starts with `child` and then `.`. */
export function startsWithLabels(name: string, child: string): boolean {
  return name.startsWith(child) && name.charCodeAt(child.length) === 0x2e;
}

/** The entry of `list` that covers `host` (the same name or a parent domain of it), if any. */
export function matchDomain(host: string, list: readonly string[]): string | undefined {
  for (const entry of list) if (host === entry || endsWithLabels(host, entry)) return entry;
  return undefined;
}

/** The registrable part of a host name: `login.paypal.co.uk` -> `paypal.co.uk`. */
export function registrableDomain(host: string): string {
  // The offsets of the last three dots; -1 where there are fewer.
  const last = host.lastIndexOf('.');
  const second = last > 0 ? host.lastIndexOf('.', last - 1) : -1;
  if (second < 0) return host;
  const lastTwo = host.slice(second + 1);
  if (!TWO_LABEL_SUFFIXES.has(lastTwo)) return lastTwo;
  const third = second > 0 ? host.lastIndexOf('.', second - 1) : -1;
  return host.slice(third + 1);
}

/** The registrable domain split into its first label and its suffix: `paypal.co.uk` -> [`paypal`, `co.uk`]. */
export function splitRegistrable(domain: string): [string, string] {
  const dot = domain.indexOf('.');
  return dot < 0 ? [domain, ''] : [domain.slice(0, dot), domain.slice(dot + 1)];
}
