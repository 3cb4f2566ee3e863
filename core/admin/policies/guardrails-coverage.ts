/**
 * The save-time warning of a `guardrails` policy that would guard nothing. The plugin evaluates
 * with a collector key; the guardrail service answers `allow` without inspecting anything for a
 * collector no enabled guardrail policy lists (spec 1.2). The write is still accepted (the
 * operator may create the guardrail policy next, and a declarative file may list them in any
 * order), but the answer says so, naming the collector: an operator who enables guardrails is
 * never left to find out from jailbreaks answered 200.
 */
import type { Store } from '../../store/types.js';
import type { SecretBox } from '../../security/secret-box.js';
import { collectorCoverage, type CollectorCoverage } from '../../guardrail/management/collector-coverage.js';
import { COLLECTIONS, type PolicyRecord } from '../../records/types.js';
import type { AdminDeps } from '../app.js';
import type { Policy } from '../../generated/records-policy.js';

/** The plugin whose settings carry a collector key. */
const GUARDRAILS_TYPE = 'guardrails';

/** A note in a policy's create or update answer (schemas/records/policy.schema.json `warnings`): saved, but it will not do what it is for. */
export type PolicySaveWarning = NonNullable<Policy['warnings']>[number];

/** The collector key the settings name: inline, or the secret of a vault credential of the gateway. */
async function settingsKey(store: Store, box: SecretBox, gatewayId: string, key: unknown): Promise<string | undefined> {
  if (typeof key === 'string') return key;
  const credentialId = (key as { credential_id?: unknown } | undefined)?.credential_id;
  if (typeof credentialId !== 'string') return undefined;
  const credential = await store.collection(COLLECTIONS.vaultCredentials).findOne({ _id: credentialId, gateway_id: gatewayId });
  return credential ? box.open(credential.secret_sealed as never) : undefined;
}

/**
 * Warnings for a `guardrails` policy as saved (none for any other type, and none when its key's
 * collector is guarded). Messages name the collector id, never the key. The policy is already
 * written: a check that cannot run is logged and answers no warning rather than failing the save.
 */
export async function guardrailsCoverageWarnings(deps: Pick<AdminDeps, 'store' | 'secretBox' | 'log'>, policy: PolicyRecord): Promise<PolicySaveWarning[]> {
  if (policy.type !== GUARDRAILS_TYPE) return [];
  try {
    const key = await settingsKey(deps.store, deps.secretBox, policy.gateway_id, policy.settings.key);
    return key === undefined ? [] : warningsFor(await collectorCoverage(deps.store, key));
  } catch (err) {
    deps.log.warn('guardrails policy coverage could not be checked', { policy_id: policy._id, error: (err as Error).message });
    return [];
  }
}

/** The warnings a coverage state calls for. */
function warningsFor(coverage: CollectorCoverage): PolicySaveWarning[] {
  switch (coverage.state) {
    case 'guarded':
      return [];
    case 'unguarded':
      return [{
        code: 'guardrail_collector_unguarded',
        message: `no enabled guardrail policy lists collector ${coverage.collectorId}: every evaluation answers allow and nothing is inspected until a guardrail policy lists it (POST /v1/policies on the guardrail plane with "collectors": ["${coverage.collectorId}"])`,
      }];
    case 'key_refused':
      return [{
        code: 'guardrail_key_refused',
        message: `the key of collector ${coverage.collectorId} is inactive or expired: every evaluation is refused and failure_mode applies`,
      }];
    case 'unknown_key':
      return [{
        code: 'guardrail_key_unknown',
        message: 'the key is no collector key of this deployment\'s guardrail service: if the plugin calls another service, check there that a guardrail policy lists its collector; otherwise every evaluation is refused and failure_mode applies',
      }];
  }
}
