/**
 * Admin tokens: JWTs with `sub`, `tenant_id` and `roles` (`platform_admin` or `tenant_admin`),
 * signed HS256 with the admin secret, or RS256 by an identity provider whose JWKS URL and issuer
 * are configured (issuer as configured, audience `portcullis-admin`). Machine credentials exchange client credentials for
 * a short-lived HS256 token carrying `mcid` (the credential id), so deleting the credential
 * revokes its tokens.
 */
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { remoteKeySet } from '../../security/remote-key-set.js';
import { GatewayError } from '../../errors/gateway-error.js';

export type AdminRole = 'platform_admin' | 'tenant_admin';

export interface AdminPrincipal {
  sub: string;
  /** The tenant whose records the caller sees; platform admins may act for any. */
  tenantId?: string;
  roles: AdminRole[];
  platformAdmin: boolean;
  /** Set for machine-credential tokens. */
  machineCredentialId?: string;
}

const ISSUER = 'portcullis';
const AUDIENCE = 'portcullis-admin';

export interface MintOptions {
  sub: string;
  tenantId?: string;
  roles: AdminRole[];
  /** Lifetime in seconds (default one hour). */
  ttlSeconds?: number;
  machineCredentialId?: string;
}

/** Signs an HS256 admin token with the admin secret. */
export async function mintAdminToken(secret: string, options: MintOptions): Promise<string> {
  const claims: JWTPayload = { roles: options.roles };
  if (options.tenantId) claims.tenant_id = options.tenantId;
  if (options.machineCredentialId) claims.mcid = options.machineCredentialId;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${options.ttlSeconds ?? 3600}s`)
    .sign(new TextEncoder().encode(secret));
}

export interface AdminTokenVerifierOptions {
  secret: string;
  jwksUrl?: string;
  /** The `iss` RS256 tokens must carry; required with `jwksUrl`. */
  jwtIssuer?: string;
}

/** Verifies admin tokens; any failure is 401 without detail. */
export class AdminTokenVerifier {
  private readonly key: Uint8Array;
  private readonly jwks?: ReturnType<typeof remoteKeySet>;
  private readonly jwtIssuer?: string;

  constructor(options: AdminTokenVerifierOptions) {
    this.key = new TextEncoder().encode(options.secret);
    if (options.jwksUrl) {
      // One provider's signing keys often serve several issuers (its other tenants): the key alone proves too little.
      if (!options.jwtIssuer) throw new Error('an admin JWKS URL needs the admin JWT issuer (PORTCULLIS_ADMIN_JWT_ISSUER)');
      this.jwks = remoteKeySet(new URL(options.jwksUrl));
      this.jwtIssuer = options.jwtIssuer;
    }
  }

  async verify(token: string): Promise<AdminPrincipal> {
    let payload: JWTPayload;
    try {
      const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: string };
      // An identity provider signs tokens for many applications: only those meant for this admin API count.
      if (header.alg === 'RS256' && this.jwks) payload = (await jwtVerify(token, this.jwks, { algorithms: ['RS256'], issuer: this.jwtIssuer, audience: AUDIENCE })).payload;
      else payload = (await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE })).payload;
    } catch {
      throw new GatewayError('unauthorized', { message: 'missing or invalid admin token' });
    }
    const roles = (Array.isArray(payload.roles) ? payload.roles : []).filter((r): r is AdminRole => r === 'platform_admin' || r === 'tenant_admin');
    if (!payload.sub || roles.length === 0) throw new GatewayError('unauthorized', { message: 'admin token lacks sub or roles' });
    const tenantId = typeof payload.tenant_id === 'string' ? payload.tenant_id : undefined;
    const platformAdmin = roles.includes('platform_admin');
    if (!platformAdmin && !tenantId) throw new GatewayError('unauthorized', { message: 'a tenant admin token needs tenant_id' });
    return {
      sub: payload.sub,
      tenantId,
      roles,
      platformAdmin,
      machineCredentialId: typeof payload.mcid === 'string' ? payload.mcid : undefined,
    };
  }
}
