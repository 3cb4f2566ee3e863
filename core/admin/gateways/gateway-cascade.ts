/**
 * What deleting a gateway deletes: the gateway and every record that belongs to it, as ops of
 * one atomic batch, so no child record outlives its gateway.
 */
import { COLLECTIONS } from '../../records/types.js';
import type { BatchOp } from '../../store/types.js';
import { UPSTREAM_OAUTH_COLLECTIONS } from '../../oauth/upstream/user-token-store.js';

/** Collections whose records carry `gateway_id`. Other planes add theirs (store installs, traces). */
export const GATEWAY_CHILD_COLLECTIONS: string[] = [
  COLLECTIONS.registries,
  COLLECTIONS.consumers,
  COLLECTIONS.roles,
  COLLECTIONS.policies,
  COLLECTIONS.auths,
  COLLECTIONS.vaultCredentials,
  // Users' own tokens at the gateway's MCP servers (upstream OAuth).
  UPSTREAM_OAUTH_COLLECTIONS.tokens,
];

/** The ops deleting a gateway and all its records (one batch). */
export function gatewayDeleteOps(gatewayId: string): BatchOp[] {
  return [
    ...GATEWAY_CHILD_COLLECTIONS.map((collection): BatchOp => ({ collection, op: 'delete', filter: { gateway_id: gatewayId }, many: true })),
    { collection: COLLECTIONS.gateways, op: 'delete', filter: { _id: gatewayId } },
  ];
}
