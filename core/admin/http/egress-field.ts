/**
 * The write-time half of the egress policy: a URL field a tenant writes (a registry `base_url`,
 * an OIDC `issuer` or `jwks_uri`) that is not http(s) or names an internal address literally is
 * refused with 422 `validation_failed` naming the field. A host name is accepted here; where it
 * resolves is checked on every connection.
 */
import type { EgressPolicy } from '../../http/egress-policy.js';
import { refuse } from './json-body.js';

/** Throws a 422 naming `field` when the policy refuses `url`; an absent URL passes. */
export function refuseEgress(policy: EgressPolicy, field: string, url: string | undefined): void {
  if (url === undefined) return;
  const refusal = policy.refusalOfUrl(url);
  if (refusal) throw refuse(`${field} ${refusal} (an operator can allow hosts and ranges with --egress-allow)`);
}
