/**
 * The guardrail service's config as compiled into a snapshot: keys by hash, each collector with
 * the policy that applies to it, policies with compiled gates and detector instances. The
 * evaluate path reads only this (never the store).
 */
import type { Detector, DetectorDefinition } from '../detector.js';
import type { CompiledCondition } from '../evaluation/gate-conditions.js';
import type {
  CollectorKeyRecord,
  ConsumerOverride,
  GateAction,
  GuardrailPolicyRecord,
  PolicyMode,
  RuleAction,
  RuleDirection,
} from './records.js';

/** A gate with its conditions compiled. */
export interface CompiledGate {
  name: string;
  action: GateAction;
  conditions: CompiledCondition[];
}

/** A detector rule with its detector instance (or why it cannot run). */
export interface CompiledRule {
  /** Position in the policy's `rules`. */
  index: number;
  /** `source.detector_name` of its findings. */
  name: string;
  detectorId: string;
  direction: RuleDirection;
  action: RuleAction;
  threshold: number;
  /** Validated settings (defaults applied). */
  settings: Record<string, unknown>;
  definition?: DetectorDefinition<object>;
  instance?: Detector;
  /** Why the rule cannot run (unknown detector, settings no longer valid): a detector failure. */
  broken?: string;
}

/** A policy as evaluations use it. */
export interface CompiledPolicy {
  id: string;
  name: string;
  mode: PolicyMode;
  failMode: 'closed' | 'open';
  gates: CompiledGate[];
  rules: CompiledRule[];
  overrides: ReadonlyMap<string, ConsumerOverride>;
  /** Turns attachments into document text for the other rules (see Detector.extractSegments). */
  extractor?: Detector;
  record: GuardrailPolicyRecord;
}

/** A collector and the policy that applies to it. */
export interface CompiledCollector {
  id: string;
  tenantId: string;
  name: string;
  type: string;
  /** The enabled policy of highest priority that lists the collector; none: unguarded. */
  policy?: CompiledPolicy;
}

/** A collector key, looked up by hash on every evaluation. */
export interface CompiledKey {
  record: CollectorKeyRecord;
  collector: CompiledCollector;
  /** Epoch ms of `expires_at`, when set. */
  expiresAt?: number;
}

/** The compiled guardrail section of one snapshot. */
export interface GuardrailConfig {
  revision: number;
  /** SHA-256 of a `tgk_` key -> the key and its collector. */
  keysByHash: ReadonlyMap<string, CompiledKey>;
  collectors: ReadonlyMap<string, CompiledCollector>;
}

/** The config of a snapshot without a guardrail section (nothing is known: every key is 401). */
export const EMPTY_GUARDRAIL_CONFIG: GuardrailConfig = Object.freeze({ revision: 0, keysByHash: new Map(), collectors: new Map() });
