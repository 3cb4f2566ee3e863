/**
 * The finding shape of the evaluate response (spec 2.7) and Activity. A finding never carries
 * the text that fired: entity and category names, counts and confidences only.
 */
import type { DetectorHit } from '../detector.js';
import type { CompiledGate, CompiledRule } from '../config/compiled-config.js';
import type { RuleAction } from '../config/records.js';
import type { FindingAction } from './verdict.js';
import { boundedEntities } from './report-limits.js';

/** A finding as answered and recorded (schemas/api/guardrail/finding.schema.json). */
export interface Finding {
  source: { kind: 'detector' | 'gate'; plugin: string; detector_name: string };
  signal: { type: string; confidence: number };
  outcome: { action: FindingAction };
  /** `truncated`: how many matches the finding leaves out of its report (report-limits.ts); absent when none. */
  evidence: { masked: number; entities: string[]; truncated?: number };
}

/** A detector rule's action as a status word: monitor reports. */
export const ruleOutcome = (action: RuleAction): FindingAction => (action === 'monitor' ? 'report' : action);

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** The finding of a gate that fired. */
export function gateFinding(gate: CompiledGate): Finding {
  return {
    source: { kind: 'gate', plugin: 'gate', detector_name: gate.name },
    signal: { type: 'gate', confidence: 1 },
    outcome: { action: gate.action },
    // The fields that matched, never their values.
    evidence: { masked: 0, entities: [...new Set(gate.conditions.map((c) => c.field))] },
  };
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0);

/**
 * The finding of a detector hit that passed its rule's threshold, its entity list bounded;
 * `leftOut` more hits of the same rule (beyond MAX_FINDINGS_PER_RULE) are counted in `truncated`.
 */
export function detectorFinding(rule: CompiledRule, hit: DetectorHit, action: FindingAction = ruleOutcome(rule.action), leftOut = 0): Finding {
  const { entities, leftOut: entitiesLeftOut } = boundedEntities(hit);
  const truncated = entitiesLeftOut + leftOut;
  return {
    source: { kind: 'detector', plugin: rule.detectorId, detector_name: rule.name },
    signal: { type: String(hit.type), confidence: clamp01(hit.confidence) },
    outcome: { action },
    evidence: { masked: count(hit.masked ?? hit.redactions?.length), entities, ...(truncated ? { truncated } : {}) },
  };
}

/**
 * A rule whose detector failed (threw, answered something that is not a list of hits, or could
 * not be built): `report` under a fail-open policy, so the gap is visible in the verdict and in
 * Activity; `block` in the Activity record of a fail-closed evaluation, which answered 503.
 */
export function detectorErrorFinding(rule: CompiledRule, action: FindingAction = 'report'): Finding {
  return {
    source: { kind: 'detector', plugin: rule.detectorId, detector_name: rule.name },
    signal: { type: 'detector_error', confidence: 0 },
    outcome: { action },
    evidence: { masked: 0, entities: [] },
  };
}
