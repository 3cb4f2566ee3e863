/**
 * DNS-rebinding protection for the MCP endpoint: a browser page may only call it from the
 * endpoint's own origin or an origin the operator allows. Requests without `Origin` (every
 * non-browser client) pass.
 */
import { GatewayError } from '../../errors/gateway-error.js';

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Throws 403 when `Origin` is present and is neither the endpoint's own (its host and port equal
 * the request's `Host`) nor one of `allowed` (full origins, `https://app.example`).
 */
export function checkOrigin(headers: Record<string, string | string[] | undefined>, allowed: ReadonlySet<string>): void {
  const origin = header(headers, 'origin');
  if (origin === undefined) return;
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  if (url && (url.host === header(headers, 'host') || allowed.has(url.origin))) return;
  throw new GatewayError('forbidden', { message: `requests from origin ${JSON.stringify(origin.slice(0, 200))} are not allowed` });
}
