/**
 * Deleting a record that consumers attach by id (an auth, a policy, a role): the record goes,
 * and so does every consumer's reference to it, in one atomic batch.
 */
import { COLLECTIONS } from '../../records/types.js';
import type { BatchOp } from '../../store/types.js';

/** The consumer field listing the attached ids of each kind. */
export type AttachmentField = 'auth_ids' | 'policy_ids' | 'role_ids';

/** The ops deleting record `id` of `collection` and pulling it from the gateway's consumers' `field`. */
export function attachedDeleteOps(collection: string, field: AttachmentField, gatewayId: string, id: string): BatchOp[] {
  return [
    { collection: COLLECTIONS.consumers, op: 'update', many: true, filter: { gateway_id: gatewayId, [field]: id }, update: { $pull: { [field]: id } } },
    { collection, op: 'delete', filter: { _id: id } },
  ];
}
