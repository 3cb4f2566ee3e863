/**
 * Verifies the gateway's own access tokens from the config snapshot alone (no store, so data
 * planes verify too): the issuer names an OAuth-enabled gateway (`{origin}/{gateway_slug}/oauth`),
 * the ES256 signature verifies against that gateway's public key, `aud` is exactly the resource
 * being called, the token has not expired, its client has not been revoked, and the consumer
 * still exists. The answer is a principal whose groups select roles as OIDC groups do, resolved
 * against the current snapshot on every request; or the reason for a 401.
 */
import { decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { Principal } from '../snapshot/views.js';
import { ACCESS_TOKEN_CLOCK_TOLERANCE } from './lifetimes.js';
import { oauthDirectory, type GatewayOAuth } from './oauth-directory.js';
import { findResource, resourceUrl } from './resources.js';
import { SIGNING_ALG } from './signing-key.js';

/** A compact JWS: three base64url segments. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The consumer endpoint a token is presented to: a full resource URL, or a consumer slug and kind (the URL then starts with the token's issuer origin). */
export type TokenAudience = string | { consumerSlug: string; kind: 'mcp' | 'proxy' };

/** The outcome of a verification. */
export type AccessTokenVerdict =
  | { ok: true; principal: Principal; gateway: GatewayOAuth; expiresAt: number; scopes: string[]; clientId: string }
  | { ok: false; reason: string };

/** The OAuth-enabled gateway whose issuer `iss` is, with the issuer's origin; undefined when none. */
export function tokenIssuerOf(snapshot: Snapshot, token: string): { gateway: GatewayOAuth; origin: string; issuer: string } | undefined {
  if (!JWT_SHAPE.test(token)) return undefined;
  let iss: unknown;
  try {
    iss = decodeJwt(token).iss;
  } catch {
    return undefined;
  }
  if (typeof iss !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(iss);
  } catch {
    return undefined;
  }
  const match = /^\/([^/]+)\/oauth$/.exec(url.pathname);
  const gateway = match ? oauthDirectory(snapshot).forGatewaySlug(decodeURIComponent(match[1]!)) : undefined;
  if (!gateway || `${url.origin}${gateway.serverPath}` !== iss) return undefined;
  return { gateway, origin: url.origin, issuer: iss };
}

/** Verifies `token` for `audience`; never throws. */
export async function verifyAccessToken(snapshot: Snapshot, token: string, audience: TokenAudience): Promise<AccessTokenVerdict> {
  const issuer = tokenIssuerOf(snapshot, token);
  if (!issuer) return { ok: false, reason: 'not an access token of an OAuth-enabled gateway' };
  const { gateway, origin } = issuer;
  const resource = typeof audience === 'string' ? audience : resourceUrl(origin, audience.consumerSlug, audience.kind);
  const found = findResource(snapshot, gateway.gatewayId, origin, resource);
  if (!found) return { ok: false, reason: 'the token\'s gateway has no such consumer endpoint' };
  let payload;
  try {
    ({ payload } = await jwtVerify(token, gateway.publicKey, {
      issuer: issuer.issuer,
      audience: found.url,
      algorithms: [SIGNING_ALG],
      typ: 'at+jwt',
      clockTolerance: ACCESS_TOKEN_CLOCK_TOLERANCE,
      requiredClaims: ['exp', 'sub', 'client_id'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'the token has expired' };
    if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'aud') return { ok: false, reason: 'the token is for another resource' };
    return { ok: false, reason: 'the token does not verify' };
  }
  // A single audience: a token for several resources is not one this gateway issues.
  if (Array.isArray(payload.aud) && payload.aud.length !== 1) return { ok: false, reason: 'the token is for several resources' };
  const clientId = String(payload.client_id);
  if (gateway.revokedClients.has(clientId)) return { ok: false, reason: 'the token\'s client was revoked' };
  const groups = Array.isArray(payload.groups) ? payload.groups.map(String) : [];
  return {
    ok: true,
    gateway,
    clientId,
    expiresAt: payload.exp!,
    scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
    principal: {
      gatewayId: gateway.gatewayId,
      // Per user: what a credential binds (an MCP session) stays with the user who opened it.
      authId: `oauth:${gateway.gatewayId}:${payload.sub}`,
      kind: 'oauth',
      subject: payload.sub,
      claims: payload,
      groups,
      consumerId: found.consumer.id,
    },
  };
}
