/**
 * Whether a collector key would be guarded: the key's collector is listed by at least one
 * enabled guardrail policy. A collector no policy lists is unguarded (spec 1.2): every
 * evaluation answers `allow` and no detector runs, which is correct for the service but
 * silently guards nothing for the caller that set the key up. Writers of a configuration that
 * evaluates with a key (the gateway's `guardrails` policy) ask this to warn the operator.
 */
import { hashKey } from '../../security/api-keys.js';
import type { Store } from '../../store/types.js';
import { GUARDRAIL_COLLECTIONS, type CollectorKeyRecord, type GuardrailPolicyRecord } from '../config/records.js';

/** What evaluations with a key would meet, as the store holds it now. */
export type CollectorCoverage =
  /** The key is no collector key of this deployment (another service's, mistyped, or revoked). */
  | { state: 'unknown_key' }
  /** The key exists but is inactive or expired: every evaluation is refused 403. */
  | { state: 'key_refused'; collectorId: string }
  /** No enabled guardrail policy lists the collector: every evaluation answers allow. */
  | { state: 'unguarded'; collectorId: string }
  /** Enabled guardrail policies list the collector (ids, as stored). */
  | { state: 'guarded'; collectorId: string; policyIds: string[] };

/** The coverage of the `tgk_` key `key`; reads the store (a write-time check, never the request path). */
export async function collectorCoverage(store: Store, key: string, now = Date.now()): Promise<CollectorCoverage> {
  const record = (await store.collection(GUARDRAIL_COLLECTIONS.collectorKeys).findOne({ key_hash: hashKey(key) })) as CollectorKeyRecord | null;
  if (!record) return { state: 'unknown_key' };
  const collectorId = record.collector_id;
  const expired = record.expires_at ? Date.parse(record.expires_at) <= now : false;
  if (!record.active || expired) return { state: 'key_refused', collectorId };
  const policies = (await store.collection(GUARDRAIL_COLLECTIONS.policies).find({ tenant_id: record.tenant_id })) as GuardrailPolicyRecord[];
  const policyIds = policies.filter((p) => p.enabled !== false && p.collectors.includes(collectorId)).map((p) => p._id);
  return policyIds.length > 0 ? { state: 'guarded', collectorId, policyIds } : { state: 'unguarded', collectorId };
}
