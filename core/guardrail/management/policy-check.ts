/**
 * Checks a guardrail policy beyond its JSON Schema, when it is written: detectors exist, a
 * Transform rule names a detector that can transform (data_loss_prevention), rule settings
 * pass the detector's schema, gate conditions compile, overrides are unique and name known
 * detectors, and every collector belongs to the policy's tenant. Failures are 422 naming the
 * field by JSON pointer.
 */
import { refuse } from '../../admin/http/json-body.js';
import { SettingsError, type PluginHost } from '../../plugin/host.js';
import type { GuardrailPolicyRecord } from '../config/records.js';
import { compileCondition, ConditionError } from '../evaluation/gate-conditions.js';

/**
 * Refuses an `ask` detector rule before the schema does, with the reason: only gates ask
 * (spec 3.1 rule 2).
 */
export function refuseAskRules(body: Record<string, unknown>): void {
  if (!Array.isArray(body.rules)) return;
  body.rules.forEach((rule, i) => {
    if (rule && typeof rule === 'object' && (rule as Record<string, unknown>).action === 'ask') {
      throw refuse(`/rules/${i}/action: a detector rule cannot ask (only a gate can); use monitor, block or transform`);
    }
  });
}

/** The parts of a policy checked on write. */
export type PolicyFields = Pick<GuardrailPolicyRecord, 'collectors' | 'gates' | 'rules' | 'overrides'>;

/** Throws 422 naming the first field that cannot be accepted. */
export function checkPolicy(host: PluginHost, policy: PolicyFields, tenantCollectors: ReadonlySet<string>): void {
  policy.collectors.forEach((id, i) => {
    if (!tenantCollectors.has(id)) throw refuse(`/collectors/${i} names collector ${id}, which does not exist`);
  });

  policy.gates.forEach((gate, i) => {
    gate.when.forEach((condition, j) => {
      try {
        compileCondition(condition);
      } catch (err) {
        if (err instanceof ConditionError) throw refuse(`/gates/${i}/when/${j}${err.pointer} ${err.message}`);
        throw err;
      }
    });
  });

  policy.rules.forEach((rule, i) => {
    const definition = host.detectors.get(rule.detector);
    if (!definition) throw refuse(`/rules/${i}/detector: unknown detector "${rule.detector}" (see GET /v1/catalog/detectors)`);
    if (rule.action === 'transform' && !definition.canTransform) {
      throw refuse(`/rules/${i}/action: ${rule.detector} cannot transform; only data_loss_prevention masks values (use monitor or block)`);
    }
    try {
      host.validateSettings(rule.detector, rule.settings ?? {}, `/rules/${i}/settings`);
    } catch (err) {
      if (err instanceof SettingsError) throw refuse(err.message);
      throw err;
    }
  });

  const seen = new Set<string>();
  policy.overrides.forEach((override, i) => {
    if (seen.has(override.consumer_id)) throw refuse(`/overrides/${i}/consumer_id: ${override.consumer_id} already has an override`);
    seen.add(override.consumer_id);
    (override.disabled_detectors ?? []).forEach((id, j) => {
      if (!host.detectors.has(id)) throw refuse(`/overrides/${i}/disabled_detectors/${j}: unknown detector "${id}"`);
    });
  });
}
