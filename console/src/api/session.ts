/**
 * The signed-in session: the admin token, kept in this page's memory only (never in
 * localStorage, sessionStorage or a cookie), so a reload signs out and no credential is sent
 * by the browser on its own: there is nothing for a cross-site request to ride on.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { ApiClient, type ConsoleConfig } from './client';

/** What the console knows of the signed-in admin, read from the token's claims when it is a JWT. */
export interface SignedIn {
  token: string;
  /** `sub` claim, or `admin` when the token carries none readable. */
  subject: string;
  roles: string[];
  tenantId?: string;
  /** Seconds since the epoch when the token expires, when it says. */
  expiresAt?: number;
}

/** The claims of a JWT, without verifying it (the API does that); empty for any other token. */
export function tokenClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The session record of a token. */
export function signedInWith(token: string): SignedIn {
  const claims = tokenClaims(token);
  return {
    token,
    subject: typeof claims.sub === 'string' ? claims.sub : 'admin',
    roles: Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : [],
    tenantId: typeof claims.tenant_id === 'string' ? claims.tenant_id : undefined,
    expiresAt: typeof claims.exp === 'number' ? claims.exp : undefined,
  };
}

/** The session the pages see. */
export interface Session {
  config: ConsoleConfig;
  api: ApiClient;
  user: SignedIn;
  signOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

/** The current session; pages render only when signed in, so it is always there. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}

/** The API client of the current session. */
export function useApi(): ApiClient {
  return useSession().api;
}
