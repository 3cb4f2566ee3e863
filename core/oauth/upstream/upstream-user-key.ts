/**
 * Whose upstream token a caller uses: the user behind the credential. A user token (the
 * gateway's own OAuth token, an OIDC token) names its subject, so each user of one auth record
 * has their own; an API key has no user, so everyone holding that key shares one connection.
 */
import type { Principal } from '../../snapshot/views.js';

/** The key a caller's upstream tokens are stored under (within its gateway). */
export function upstreamUserKey(principal: Principal): string {
  return principal.subject !== undefined ? `${principal.authId}#${principal.subject}` : principal.authId;
}
