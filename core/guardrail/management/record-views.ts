/**
 * Records as the management API shows them: `_id` becomes `id`, and key hashes never leave.
 * Each view lists its fields, so a field added to the store is not shown by accident.
 */
import { recordView, type View } from '../../admin/views/record-views.js';
import type { CollectorKeyRecord, CollectorRecord, GuardrailPolicyRecord } from '../config/records.js';

/** A collector as the API shows it. */
export const collectorView = (record: CollectorRecord): View => recordView(record, ['tenant_id', 'name', 'type', 'description']);

/** A key as listed: prefix and last four, never the key or its hash. */
export const collectorKeyView = (record: CollectorKeyRecord): View =>
  recordView(record, ['collector_id', 'name', 'key_prefix', 'key_last4', 'active', 'expires_at']);

/** A guardrail policy as the API shows it. */
export const policyView = (record: GuardrailPolicyRecord): View =>
  recordView(record, ['tenant_id', 'name', 'description', 'mode', 'enabled', 'collectors', 'priority', 'fail_mode', 'gates', 'rules', 'overrides']);
