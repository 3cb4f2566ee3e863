import { decodeJwt, jwtVerify, type JWTPayload } from 'jose';
import type { ChainMember } from '../../pipeline/chain.js';
import type { Exchange } from '../../pipeline/exchange.js';
import { STAGE } from '../../pipeline/stages.js';
import type { RecordedTap } from '../../plugin/tap-recorder.js';
import type { Principal } from '../../snapshot/views.js';
import { presentedCredential } from './credentials.js';
import { oidcDirectory, type OidcVerifier } from './oidc-directory.js';

/** A compact JWS: three base64url segments. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** A claim by name, or by dotted path into nested objects (`realm_access.roles`). */
function claimAt(payload: JWTPayload, name: string): unknown {
  if (name in payload) return payload[name];
  let value: unknown = payload;
  for (const key of name.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The caller's groups from a groups claim (a dotted path reaches nested claims): a list, or a single value. */
export function groupsOf(payload: JWTPayload, claim: string): string[] {
  const value = claimAt(payload, claim);
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null ? [] : [String(value)];
}

function header(ctx: Exchange, name: string): string | undefined {
  const value = ctx.incoming.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The verifiers that may accept a token for this request: issuer, gateway header and consumer attachment. */
function candidates(ctx: Exchange, issuer: string): OidcVerifier[] {
  const { snapshot, incoming } = ctx;
  const gatewaySlug = header(ctx, 'x-ag-gateway-slug');
  const gatewayId = gatewaySlug ? snapshot.gatewayBySlug(gatewaySlug)?.id : undefined;
  if (gatewaySlug && !gatewayId) return [];
  return oidcDirectory(snapshot)
    .forIssuer(issuer)
    .filter((v) => (!gatewayId || v.auth.gateway_id === gatewayId) && snapshot.consumer(v.auth.gateway_id, incoming.consumerSlug)?.authIds.has(v.auth._id));
}

/**
 * Recognises an OIDC/OAuth identity token (a JWT bearer) issued by an `oidc` auth attached to
 * the consumer of the path: signature against the issuer's keys, `iss`, `aud`, `exp`/`nbf`. The
 * groups claim becomes the principal's groups, which select roles on role_based consumers. Any
 * failure leaves the token unrecognised, so the core answers 401.
 */
async function authenticateIdentityToken(ctx: Exchange): Promise<Principal | undefined> {
  const token = presentedCredential(ctx.incoming);
  if (!token || token.startsWith('ag_') || !JWT_SHAPE.test(token)) return undefined;
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return undefined;
  }
  if (!issuer) return undefined;
  for (const verifier of candidates(ctx, issuer)) {
    try {
      const { payload } = await jwtVerify(token, verifier.getKey, { issuer: verifier.issuer, audience: verifier.audience });
      return {
        gatewayId: verifier.auth.gateway_id,
        authId: verifier.auth._id,
        kind: 'oidc',
        subject: payload.sub,
        claims: payload,
        groups: groupsOf(payload, verifier.groupsClaim),
      };
    } catch {
      // Not valid for this auth (signature, audience, expiry, keys unreachable): try the next one.
    }
  }
  return undefined;
}

/** The core's identity-token scheme, after the key scheme in every snapshot's entry hooks. */
export const oidcScheme: ChainMember = {
  plugin: 'core_oidc',
  priority: 0,
  parallel: false,
  failureMode: 'closed',
  taps: [{ hook: 'authenticate', stage: STAGE.AUTH, sync: false, fn: authenticateIdentityToken as RecordedTap['fn'] }],
};
