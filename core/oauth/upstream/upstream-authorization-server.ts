/**
 * The gateway as an OAuth client of an MCP server's own authorization server: its metadata
 * (RFC 8414 at `{issuer}/.well-known/oauth-authorization-server`, else OIDC discovery), the
 * authorization URL for a user (code + S256 PKCE + state + the server as `resource`, RFC 8707),
 * and the token endpoint (code redemption and refresh). Every request goes through the egress
 * policy; endpoints at internal addresses are refused. Metadata is fetched once per issuer.
 */
import { createHash } from 'node:crypto';
import { readResponseText } from '../../http/bounded-read.js';
import { egressFetch, type Egress } from '../../http/egress-dispatcher.js';
import { fetchIdentityDocument } from '../../security/remote-key-set.js';

/** One upstream OAuth setting as the gateway uses it (the secret opened). */
export interface UpstreamOAuthClient {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: readonly string[];
}

/** What a token endpoint answered. */
export interface UpstreamTokenAnswer {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds; undefined when the server did not say. */
  expiresAt?: number;
  scope?: string;
}

interface AuthorizationServerMetadata {
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

const TIMEOUT_MS = 10_000;
/** The most bytes of a token answer read. */
const TOKEN_ANSWER_LIMIT = 64 * 1024;

/** The S256 challenge of a PKCE verifier. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export class UpstreamAuthorizationServers {
  private readonly metadata = new Map<string, Promise<AuthorizationServerMetadata>>();

  constructor(private readonly egress: Egress) {}

  /** Where to send the user's browser to authorize the gateway for `client`. */
  async authorizationUrl(client: UpstreamOAuthClient, options: { redirectUri: string; state: string; verifier: string; resource: string }): Promise<string> {
    const as = await this.discover(client.issuer);
    const url = new URL(as.authorizationEndpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.clientId);
    url.searchParams.set('redirect_uri', options.redirectUri);
    url.searchParams.set('state', options.state);
    url.searchParams.set('code_challenge', pkceChallenge(options.verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('resource', options.resource);
    if (client.scopes.length) url.searchParams.set('scope', client.scopes.join(' '));
    return url.href;
  }

  /** Redeems an authorization code; throws with a reason (never a token) on failure. */
  redeem(client: UpstreamOAuthClient, fields: { code: string; redirectUri: string; verifier: string; resource: string }): Promise<UpstreamTokenAnswer> {
    return this.tokenRequest(client, { grant_type: 'authorization_code', code: fields.code, redirect_uri: fields.redirectUri, code_verifier: fields.verifier, resource: fields.resource });
  }

  /** Uses a refresh token; throws when the server refuses it. */
  refresh(client: UpstreamOAuthClient, refreshToken: string, resource: string): Promise<UpstreamTokenAnswer> {
    return this.tokenRequest(client, { grant_type: 'refresh_token', refresh_token: refreshToken, resource });
  }

  private async tokenRequest(client: UpstreamOAuthClient, fields: Record<string, string>): Promise<UpstreamTokenAnswer> {
    const as = await this.discover(client.issuer);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const body = new URLSearchParams(fields);
    // A confidential client authenticates with HTTP Basic; a public one names itself.
    if (client.clientSecret !== undefined) {
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
    } else {
      body.set('client_id', client.clientId);
    }
    const response = await egressFetch(this.egress.dispatcher)(as.tokenEndpoint, { method: 'POST', headers, body: body.toString(), signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await readResponseText(response, TOKEN_ANSWER_LIMIT, 'the upstream token answer');
    if (!response.ok) throw new Error(`the upstream token endpoint answered ${response.status}`);
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error('the upstream token endpoint answered something that is not JSON');
    }
    if (typeof answer.access_token !== 'string' || !answer.access_token) throw new Error('the upstream token answer has no access_token');
    if (typeof answer.token_type === 'string' && answer.token_type.toLowerCase() !== 'bearer') throw new Error(`the upstream token type ${answer.token_type.slice(0, 20)} is not Bearer`);
    return {
      accessToken: answer.access_token,
      refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : undefined,
      expiresAt: typeof answer.expires_in === 'number' && answer.expires_in > 0 ? Date.now() + answer.expires_in * 1000 : undefined,
      scope: typeof answer.scope === 'string' ? answer.scope : undefined,
    };
  }

  private discover(issuer: string): Promise<AuthorizationServerMetadata> {
    let found = this.metadata.get(issuer);
    if (!found) {
      found = this.fetchMetadata(issuer);
      found.catch(() => this.metadata.delete(issuer));
      this.metadata.set(issuer, found);
    }
    return found;
  }

  private async fetchMetadata(issuer: string): Promise<AuthorizationServerMetadata> {
    const base = issuer.replace(/\/+$/, '');
    const { origin, pathname } = new URL(base);
    // RFC 8414 inserts the well-known segment before the issuer's path; OIDC appends it.
    const candidates = [`${origin}/.well-known/oauth-authorization-server${pathname === '/' ? '' : pathname}`, `${base}/.well-known/openid-configuration`];
    for (const url of candidates) {
      const response = await fetchIdentityDocument(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } }, this.egress.dispatcher);
      if (response.status === 404) continue;
      if (!response.ok) throw new Error(`the upstream authorization server's metadata answered ${response.status}`);
      const doc = (await response.json()) as Record<string, unknown>;
      for (const field of ['authorization_endpoint', 'token_endpoint'] as const) {
        if (typeof doc[field] !== 'string') throw new Error(`the upstream authorization server's metadata has no ${field}`);
        const refusal = this.egress.policy.refusalOfUrl(doc[field] as string);
        if (refusal) throw new Error(`the upstream authorization server's ${field} ${refusal}`);
      }
      if (doc.issuer !== undefined && String(doc.issuer).replace(/\/+$/, '') !== base) throw new Error('the upstream authorization server\'s metadata names another issuer');
      return { authorizationEndpoint: doc.authorization_endpoint as string, tokenEndpoint: doc.token_endpoint as string };
    }
    throw new Error('the upstream authorization server publishes no metadata');
  }
}
