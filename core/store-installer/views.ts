/**
 * Store records as the admin API shows them (schemas/records/store-*.schema.json): sealed user
 * configs never leave, only whether one is stored.
 */
import { recordView, type View } from '../admin/views/record-views.js';
import type { StoreApprovalRecord, StoreInstallRecord, StoreServerRecord } from './records.js';

/** A Store server as the API shows it. */
export function storeServerView(record: StoreServerRecord): View {
  return recordView(record, ['gateway_id', 'code', 'name', 'description', 'base_url', 'requires_config', 'config_schema', 'requires_auth', 'requires_admin_setup', 'instances']);
}

/** An install as the API shows it. */
export function storeInstallView(record: StoreInstallRecord): View {
  return { ...recordView(record, ['gateway_id', 'principal_sub', 'code', 'server_id', 'instance_id', 'status', 'approval_id']), has_config: record.config_sealed !== undefined };
}

/** An approval request as the API shows it. */
export function storeApprovalView(record: StoreApprovalRecord): View {
  return {
    ...recordView(record, ['gateway_id', 'principal_sub', 'groups', 'code', 'server_id', 'instance_id', 'reason', 'status', 'deny_reason', 'decided_by', 'decided_at', 'install_id']),
    has_config: record.config_sealed !== undefined,
  };
}
