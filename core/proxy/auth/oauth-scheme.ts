import type { ChainMember } from '../../pipeline/chain.js';
import type { Exchange } from '../../pipeline/exchange.js';
import { STAGE } from '../../pipeline/stages.js';
import type { RecordedTap } from '../../plugin/tap-recorder.js';
import type { Principal } from '../../snapshot/views.js';
import { tokenIssuerOf, verifyAccessToken } from '../../oauth/token-verifier.js';
import { presentedCredential } from './credentials.js';

/**
 * Recognises the gateway's own OAuth access tokens: a JWT whose issuer is an OAuth-enabled
 * gateway's authorization server and whose `aud` is the endpoint called: the consumer's MCP
 * endpoint (`{origin}/{consumer_slug}/mcp`) on `/mcp`, else a role_based consumer's proxy base
 * (`{origin}/{consumer_slug}`). Its groups select roles as an OIDC token's do, against the
 * current snapshot. Any failure leaves the token unrecognised, so the core answers 401.
 */
async function authenticateGatewayToken(ctx: Exchange): Promise<Principal | undefined> {
  const token = presentedCredential(ctx.incoming);
  if (!token || token.startsWith('ag_') || !tokenIssuerOf(ctx.snapshot, token)) return undefined;
  const verdict = await verifyAccessToken(ctx.snapshot, token, { consumerSlug: ctx.incoming.consumerSlug, kind: ctx.incoming.route === '/mcp' ? 'mcp' : 'proxy' });
  return verdict.ok ? verdict.principal : undefined;
}

/** The core's scheme for the gateway's own access tokens, after the key and OIDC schemes. */
export const oauthScheme: ChainMember = {
  plugin: 'core_oauth',
  priority: 0,
  parallel: false,
  failureMode: 'closed',
  taps: [{ hook: 'authenticate', stage: STAGE.AUTH, sync: false, fn: authenticateGatewayToken as RecordedTap['fn'] }],
};
