/**
 * Records as the management API shows them: `_id` becomes `id`, and key hashes never leave.
 * Each view lists its fields, so a field added to the store is not shown by accident.
 */
import type { BaseRecord } from '../../records/types.js';
import type { CollectorKeyRecord, CollectorRecord, GuardrailPolicyRecord } from '../config/records.js';

type View = Record<string, unknown>;

function pick(record: BaseRecord, fields: readonly string[]): View {
  const out: View = { id: record._id };
  for (const field of fields) if (record[field] !== undefined) out[field] = record[field];
  out.created_at = record.created_at;
  out.updated_at = record.updated_at;
  return out;
}

/** A collector as the API shows it. */
export const collectorView = (record: CollectorRecord): View => pick(record, ['tenant_id', 'name', 'type', 'description']);

/** A key as listed: prefix and last four, never the key or its hash. */
export const collectorKeyView = (record: CollectorKeyRecord): View =>
  pick(record, ['collector_id', 'name', 'key_prefix', 'key_last4', 'active', 'expires_at']);

/** A guardrail policy as the API shows it. */
export const policyView = (record: GuardrailPolicyRecord): View =>
  pick(record, ['tenant_id', 'name', 'description', 'mode', 'enabled', 'collectors', 'priority', 'fail_mode', 'gates', 'rules', 'overrides']);
