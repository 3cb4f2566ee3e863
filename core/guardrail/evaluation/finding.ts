/**
 * The finding shape of the evaluate response (spec 2.7) and Activity. A finding never carries
 * the text that fired: entity and category names, counts and confidences only.
 */
import type { DetectorHit } from '../detector.js';
import type { CompiledGate, CompiledRule } from '../config/compiled-config.js';
import type { RuleAction } from '../config/records.js';
import type { FindingAction } from './verdict.js';

/** A finding as answered and recorded (schemas/api/guardrail/finding.schema.json). */
export interface Finding {
  source: { kind: 'detector' | 'gate'; plugin: string; detector_name: string };
  signal: { type: string; confidence: number };
  outcome: { action: FindingAction };
  evidence: { masked: number; entities: string[] };
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

/** The finding of a detector hit that passed its rule's threshold. */
export function detectorFinding(rule: CompiledRule, hit: DetectorHit, action: FindingAction = ruleOutcome(rule.action)): Finding {
  return {
    source: { kind: 'detector', plugin: rule.detectorId, detector_name: rule.name },
    signal: { type: hit.type, confidence: clamp01(hit.confidence) },
    outcome: { action },
    evidence: { masked: hit.masked ?? hit.redactions?.length ?? 0, entities: [...new Set(hit.entities ?? [])] },
  };
}

/** A rule whose detector failed under a fail-open policy: reported, so the gap is visible. */
export function detectorErrorFinding(rule: CompiledRule): Finding {
  return {
    source: { kind: 'detector', plugin: rule.detectorId, detector_name: rule.name },
    signal: { type: 'detector_error', confidence: 0 },
    outcome: { action: 'report' },
    evidence: { masked: 0, entities: [] },
  };
}
