/**
 * The gateway as an OIDC client of a gateway's identity provider: its discovery document and
 * key set (fetched under the egress policy, once per configuration version), the authorization
 * request (code + S256 PKCE + state + nonce), the code exchange, and the id_token check (jose:
 * signature, issuer, audience, expiry, nonce).
 */
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { readResponseText } from '../http/bounded-read.js';
import { egressFetch, type Egress } from '../http/egress-dispatcher.js';
import { groupsOf } from '../proxy/auth/oidc-scheme.js';
import { fetchIdentityDocument, remoteKeySet } from '../security/remote-key-set.js';
import type { SecretBox } from '../security/secret-box.js';
import type { GatewayOAuth } from './oauth-directory.js';

/** How long one call to the identity provider may take. */
const IDP_TIMEOUT_MS = 10_000;
/** The most bytes of a token answer read. */
const TOKEN_ANSWER_LIMIT = 256 * 1024;

/** What the gateway uses of the identity provider's discovery document. */
interface IdpMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  keys: JWTVerifyGetKey;
}

/** The parameters of one login, kept (single use) until the callback. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who logged in. */
export interface IdentityProviderLogin {
  subject: string;
  groups: string[];
  /** What to call the user on the consent page: email, preferred username, name, else the subject. */
  displayName: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Identity provider calls, with discovery cached per gateway configuration. */
export class IdentityProviderClient {
  private readonly metadata = new LRUCache<string, Promise<IdpMetadata>>({ max: 256 });

  constructor(
    private readonly egress: Egress,
    private readonly secretBox: SecretBox,
  ) {}

  private discover(oauth: GatewayOAuth): Promise<IdpMetadata> {
    const key = `${oauth.gatewayId}|${oauth.version}`;
    let found = this.metadata.get(key);
    if (!found) {
      found = this.fetchMetadata(oauth.idp.issuer);
      found.catch(() => this.metadata.delete(key));
      this.metadata.set(key, found);
    }
    return found;
  }

  private async fetchMetadata(issuer: string): Promise<IdpMetadata> {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetchIdentityDocument(url, { signal: AbortSignal.timeout(IDP_TIMEOUT_MS), headers: { accept: 'application/json' } }, this.egress.dispatcher);
    if (!response.ok) throw new Error(`the identity provider's discovery answered ${response.status}`);
    const doc = (await response.json()) as Record<string, unknown>;
    for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[field] !== 'string') throw new Error(`the identity provider's discovery document has no ${field}`);
      if (field !== 'issuer') {
        const refusal = this.egress.policy.refusalOfUrl(doc[field] as string);
        if (refusal) throw new Error(`the identity provider's ${field} ${refusal}`);
      }
    }
    return {
      issuer: doc.issuer as string,
      authorizationEndpoint: doc.authorization_endpoint as string,
      tokenEndpoint: doc.token_endpoint as string,
      keys: remoteKeySet(new URL(doc.jwks_uri as string), this.egress.dispatcher),
    };
  }

  /** A fresh login: where to send the browser, and what to keep for the callback. */
  async startLogin(oauth: GatewayOAuth, redirectUri: string): Promise<{ url: string; pending: PendingLogin }> {
    const idp = await this.discover(oauth);
    const pending: PendingLogin = { state: base64url(randomBytes(32)), nonce: base64url(randomBytes(32)), codeVerifier: base64url(randomBytes(32)) };
    const url = new URL(idp.authorizationEndpoint);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', oauth.idp.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', 'openid profile email');
    url.searchParams.set('state', pending.state);
    url.searchParams.set('nonce', pending.nonce);
    url.searchParams.set('code_challenge', base64url(createHash('sha256').update(pending.codeVerifier).digest()));
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.href, pending };
  }

  /** Exchanges the callback's code and checks the id_token; throws with a reason on any failure. */
  async finishLogin(oauth: GatewayOAuth, code: string, redirectUri: string, pending: PendingLogin): Promise<IdentityProviderLogin> {
    const idp = await this.discover(oauth);
    const secret = this.secretBox.open(oauth.idp.clientSecret);
    const basic = Buffer.from(`${encodeURIComponent(oauth.idp.clientId)}:${encodeURIComponent(secret)}`).toString('base64');
    const response = await egressFetch(this.egress.dispatcher)(idp.tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: pending.codeVerifier }).toString(),
      signal: AbortSignal.timeout(IDP_TIMEOUT_MS),
    });
    const text = await readResponseText(response, TOKEN_ANSWER_LIMIT, 'the identity provider\'s token answer');
    if (!response.ok) throw new Error(`the identity provider's token endpoint answered ${response.status}`);
    const idToken = (JSON.parse(text) as { id_token?: unknown }).id_token;
    if (typeof idToken !== 'string') throw new Error('the identity provider returned no id_token');
    const { payload } = await jwtVerify(idToken, idp.keys, { issuer: idp.issuer, audience: oauth.idp.clientId });
    if (payload.nonce !== pending.nonce) throw new Error('the id_token nonce does not match this login');
    if (!payload.sub) throw new Error('the id_token has no subject');
    const named = [payload.email, payload.preferred_username, payload.name].find((v): v is string => typeof v === 'string' && v.length > 0);
    return { subject: payload.sub, groups: groupsOf(payload as JWTPayload, oauth.idp.groupsClaim), displayName: named ?? payload.sub };
  }
}
