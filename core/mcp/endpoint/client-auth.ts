/**
 * How the MCP endpoint refuses a caller it cannot authenticate. The credential itself is checked
 * by the proxy's own schemes (an `ag_` consumer key in `X-AG-API-Key`, `x-api-key` or
 * `Authorization: Bearer`), before any body is read; this only words the refusal.
 *
 * OAuth seam: once the gateway acts as an OAuth resource server for the MCP plane, a refusal
 * carries `WWW-Authenticate: Bearer resource_metadata="..."` pointing at the endpoint's protected
 * resource metadata, so clients can discover where to log in. Until then `resourceMetadataUrl`
 * answers undefined and no challenge is sent.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { IncomingRequest } from '../../pipeline/exchange.js';
import { presentedCredential } from '../../proxy/auth/credentials.js';
import { MCP_SCOPE } from '../../oauth/resources.js';

/** Where an endpoint's OAuth protected resource metadata lives, when OAuth is configured for it. */
export type ResourceMetadataUrl = (incoming: IncomingRequest) => string | undefined;

/** The 401 for an MCP caller without a valid credential for this consumer. */
export function mcpUnauthorized(incoming: IncomingRequest, message: string, resourceMetadataUrl?: ResourceMetadataUrl): GatewayError {
  const metadata = resourceMetadataUrl?.(incoming);
  const headers: Record<string, string> = metadata ? { 'www-authenticate': `Bearer resource_metadata="${metadata}", scope="${MCP_SCOPE}"` } : {};
  // A guardrail collector key is a common mix-up (both are "the gateway's key"): say which key belongs here.
  if (presentedCredential(incoming)?.startsWith('tgk_')) {
    message = 'a tgk_ key is a guardrail collector key and is not accepted by the MCP endpoint: use the consumer\'s ag_ key or OAuth';
  }
  return new GatewayError('unauthorized', { message, headers });
}
