/**
 * What deleting an MCP registry does to the Store: the registry is taken off every server's
 * `instances` and the installs bound to it are deleted. The ops join the registry delete's own
 * batch, so no install ever points at a registry that is gone.
 */
import type { BatchOp } from '../store/types.js';
import { STORE_COLLECTIONS } from './records.js';

/** The batch ops that drop registry `registryId` of gateway `gatewayId` from the Store. */
export function storeInstanceDeleteOps(gatewayId: string, registryId: string): BatchOp[] {
  return [
    {
      collection: STORE_COLLECTIONS.servers, op: 'update', many: true,
      filter: { gateway_id: gatewayId, 'instances.registry_id': registryId },
      update: { $pull: { instances: { registry_id: registryId } }, $set: { updated_at: new Date().toISOString() } },
    },
    { collection: STORE_COLLECTIONS.installs, op: 'delete', many: true, filter: { gateway_id: gatewayId, instance_id: registryId } },
  ];
}
