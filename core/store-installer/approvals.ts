/**
 * Deciding an approval request. `pending` is the only state a decision leaves: approve installs
 * the server as the request asked (instance and sealed config carried over) and records
 * `approved` with the install; deny records `denied` with the approver's reason. Both are final;
 * deciding a decided request is 409. The approver overrides the access level (that is what the
 * request asked for).
 */
import { GatewayError } from '../errors/gateway-error.js';
import type { BatchOp, Store } from '../store/types.js';
import { newInstall } from './installer.js';
import { STORE_COLLECTIONS, type StoreApprovalRecord, type StoreInstallRecord, type StoreServerRecord } from './records.js';

/** A decision's writes and the request as it leaves it. */
export interface DecisionPlan {
  ops: BatchOp[];
  approval: StoreApprovalRecord;
}

/** The gateway's pending approval request `approvalId`: 404 when unknown, 409 when already decided. */
async function pendingApproval(store: Store, gatewayId: string, approvalId: string): Promise<StoreApprovalRecord> {
  const approval = await store.collection<StoreApprovalRecord>(STORE_COLLECTIONS.approvals).findOne({ _id: approvalId, gateway_id: gatewayId });
  if (!approval) throw new GatewayError('not_found', { message: `approval ${approvalId} not found` });
  if (approval.status !== 'pending') throw new GatewayError('conflict', { message: `approval ${approvalId} is already ${approval.status}` });
  return approval;
}

const decided = (approval: StoreApprovalRecord, fields: Partial<StoreApprovalRecord>, decidedBy: string): StoreApprovalRecord => {
  const now = new Date().toISOString();
  return { ...approval, ...fields, decided_by: decidedBy, decided_at: now, updated_at: now };
};

/** Approves: installs the server for the requester (or finds it installed) and records `approved`. */
export async function planApprove(store: Store, gatewayId: string, approvalId: string, decidedBy: string): Promise<DecisionPlan> {
  const approval = await pendingApproval(store, gatewayId, approvalId);
  const server = await store.collection<StoreServerRecord>(STORE_COLLECTIONS.servers).findOne({ _id: approval.server_id, gateway_id: gatewayId });
  if (!server) throw new GatewayError('conflict', { message: `store server ${approval.code} was removed; deny the request instead` });
  if (approval.instance_id && !server.instances.some((i) => i.registry_id === approval.instance_id)) {
    throw new GatewayError('conflict', { message: `instance ${approval.instance_id} is no longer offered by store server ${approval.code}; deny the request instead` });
  }
  const ops: BatchOp[] = [];
  let install = await store.collection<StoreInstallRecord>(STORE_COLLECTIONS.installs).findOne({ gateway_id: gatewayId, principal_sub: approval.principal_sub, code: approval.code });
  if (!install) {
    install = newInstall(gatewayId, server, { principal_sub: approval.principal_sub, instance_id: approval.instance_id, approval_id: approval._id, config_sealed: approval.config_sealed });
    ops.push({ collection: STORE_COLLECTIONS.installs, op: 'insert', doc: install });
  }
  const after = decided(approval, { status: 'approved', install_id: install._id }, decidedBy);
  ops.push({ collection: STORE_COLLECTIONS.approvals, op: 'replace', filter: { _id: approval._id, status: 'pending' }, doc: after });
  return { ops, approval: after };
}

/** Denies: records `denied` and the approver's reason, shown on the request. */
export async function planDeny(store: Store, gatewayId: string, approvalId: string, reason: string, decidedBy: string): Promise<DecisionPlan> {
  const approval = await pendingApproval(store, gatewayId, approvalId);
  const after = decided(approval, { status: 'denied', deny_reason: reason }, decidedBy);
  return { ops: [{ collection: STORE_COLLECTIONS.approvals, op: 'replace', filter: { _id: approval._id, status: 'pending' }, doc: after }], approval: after };
}
