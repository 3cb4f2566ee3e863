/**
 * Stored records of the guardrail service (schemas/records/guardrail-*.schema.json). They live
 * in their own collections, travel in the ConfigDocument to guardrail data planes, and are
 * compiled once per snapshot. `_id` is the id the API shows as `id`.
 */
import type { BaseRecord } from '../../records/types.js';

/** Collection names of the guardrail service's config and activity. */
export const GUARDRAIL_COLLECTIONS = {
  collectors: 'guardrail_collectors',
  collectorKeys: 'guardrail_collector_keys',
  policies: 'guardrail_policies',
} as const;

/** Records are owned by a tenant (from the admin token), like gateways. */
export interface TenantRecord extends BaseRecord {
  tenant_id: string;
}

/** An integration point that sends evaluations (a type from the collector catalog). */
export interface CollectorRecord extends TenantRecord {
  name: string;
  type: string;
  description?: string;
}

/** A `tgk_` key of a collector: stored hashed, listed by prefix and last four characters. */
export interface CollectorKeyRecord extends TenantRecord {
  collector_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  key_last4: string;
  active: boolean;
  /** ISO time after which the key is refused (403); null or absent: never. */
  expires_at?: string | null;
}

/** Operators of a gate condition. */
export type GateOp = 'eq' | 'neq' | 'in' | 'not_in' | 'matches' | 'exists';
/** What a fired gate answers. */
export type GateAction = 'block' | 'ask' | 'report';
/** What a fired detector rule does (`monitor` reports). */
export type RuleAction = 'monitor' | 'block' | 'transform';
/** Which evaluations run a rule. */
export type RuleDirection = 'input' | 'output' | 'both';
/** `observe` caps the status at report; `enforce` applies it. */
export type PolicyMode = 'observe' | 'enforce';

/** One condition of a gate: `field op value`. */
export interface GateCondition {
  field: string;
  op: GateOp;
  /** Scalar for eq/neq, list for in/not_in, regex source for matches, boolean for exists. */
  value?: unknown;
}

/** A rule on request metadata; all its conditions must hold for it to fire. */
export interface GateSpec {
  name: string;
  when: GateCondition[];
  action: GateAction;
}

/** A detector run on the payload text of the matching direction. */
export interface RuleSpec {
  name?: string;
  detector: string;
  direction: RuleDirection;
  action: RuleAction;
  /** Hits below it do not fire; the detector's default when absent. */
  threshold?: number;
  settings?: Record<string, unknown>;
}

/** A per-consumer change to the policy (keyed on the evaluate body's `consumer_id`). */
export interface ConsumerOverride {
  consumer_id: string;
  mode?: PolicyMode;
  disabled_detectors?: string[];
}

/** A stored guardrail policy (schemas/records/guardrail-policy.schema.json). */
export interface GuardrailPolicyRecord extends TenantRecord {
  name: string;
  description?: string;
  mode: PolicyMode;
  enabled: boolean;
  collectors: string[];
  priority: number;
  /** What a detector error does: `closed` answers 503 detector_failed, `open` skips the rule. */
  fail_mode: 'closed' | 'open';
  gates: GateSpec[];
  rules: RuleSpec[];
  overrides: ConsumerOverride[];
}
