/**
 * The console's Content-Security-Policy: scripts, styles and fonts from the admin plane only,
 * nothing inline, and network calls only to the admin plane and the guardrail and proxy planes
 * the console is told about.
 */
import type { ConsolePublicUrls } from './console-planes.js';

/** The policy for a console page whose config names `urls`. */
export function consoleContentSecurityPolicy(urls: ConsolePublicUrls): string {
  const connect = ["'self'", ...[urls.guardrail_url, urls.proxy_url].filter((u): u is string => u !== null).map((u) => new URL(u).origin)];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
